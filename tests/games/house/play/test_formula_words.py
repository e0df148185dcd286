"""Issue 44: "the rules panel drawn from the match's real settings ... and formulas said in words to players
where feasible ('Gems start at the number of Gem cards in your hand' instead of count(hand, 'Gem'))"."""

from __future__ import annotations

import pytest
from django.test import Client

from games.house.library import library_definition, library_options
from games.house.play.formula_words import Labels, effect_words, formula_words
from games.house.play.match_rules import definition_summary
from games.match.services.matches import match_start
from tests.factories import users

GEMS = {
    "piles": [{"name": "hand", "label": "Your hand"}],
    "holdings": [{"name": "gems", "label": "Gems"}, {"name": "red", "label": "Red cubes"}],
    "counters": [{"name": "pot", "label": "Pot"}],
    "round_plan": [{"fields": [{"name": "bid", "label": "Your bid"}, {"name": "vote", "label": "Your captain"}]}],
    "scores": {"label": "Points"},
}


@pytest.mark.parametrize(
    ("formula", "words"),
    [
        ("count(hand, 'Gem')", "the number of Gem cards in your hand"),
        ("len(hand)", "the number of cards in your hand"),
        ("pot * 2 / players", "the pot times 2 divided by the number of players still in"),
        ("1 if score > 3 else 0", "1 if your points are more than 3, otherwise 0"),
        ("min(red, gems)", "the smaller of your red cubes and your gems"),
        ("sum(sent['bid'])", "the total of everyone's “Your bid”"),
        ("count(sent['vote'], me)", "the number of players who sent you as “Your captain”"),
        ("-1 - (2 if vote == 'x' else 0)", "minus 1 minus (2 if your captain is x, otherwise 0)"),
        ("2 * (red + 1)", "2 times (your red cubes plus 1)"),
        ("gave['red'] + got['red']", "the red cubes you gave plus the red cubes you got"),
        ("bid > 0 and bid <= gems", "your bid is more than 0 and your bid is at most your gems"),
        ("-bid", "minus your bid"),
        (7, "7"),
    ],
)
def test_the_common_formulas_read_as_words(formula: object, words: str) -> None:
    """Names by their labels (a pile "Your hand" is "your hand", a counter is everyone's), functions in words."""
    assert formula_words(formula, Labels.of(GEMS)) == words


@pytest.mark.parametrize("formula", ["x.y", "mystery + 1", "count(hand)", "[n for n in hand]", "1 +"])
def test_a_shape_without_words_falls_back_to_the_formula_itself(formula: str) -> None:
    """An attribute, an unknown name, a call the renderer does not know, a syntax error: the formula as written."""
    assert formula_words(formula, Labels.of(GEMS)) == formula


def test_an_effect_reads_as_who_gets_what() -> None:
    """A round's effects: who, what, how much, and when; a counter is changed once, for everyone."""
    labels = Labels.of(GEMS)
    assert effect_words({"to": "garnets", "who": "winners", "amount": "sum(sent['bid'])"}, labels) == (
        "the round's winners get garnets: the total of everyone's “Your bid”"
    )
    assert effect_words({"to": "pot", "who": "match", "amount": "-pot", "when": "len(winners) > 0"}, labels) == (
        "the pot changes by minus the pot, when the number of the round's winners is more than 0"
    )
    assert effect_words({"to": "score", "who": "each", "amount": 2}, labels) == "each player still in gets points: 2"


def test_the_summary_says_each_rounds_effects_in_words() -> None:
    """The pot auction's rules panel says what the winner is paid, not sum(sent['bid'])."""
    lines = definition_summary(library_definition("pot_auction"))
    assert "Each auction, then the round's winners get garnets: the total of everyone's “Your bid”." in lines
    assert not any("sent[" in line for line in lines)


def test_the_summary_says_a_holdings_start_in_words() -> None:
    """Cube exchange's holdings start at a count of the cubes dealt: said in words, never as count(...)."""
    lines = definition_summary(library_definition("cube_exchange"))
    assert "Red start at the number of Red cards in your cubes dealt; each player sees their own." in lines
    assert not any("count(" in line for line in lines)


def test_the_summary_says_the_matchs_own_round_length() -> None:
    """A season's 1-hour rounds, not the definition's 24 hours."""
    assert "3 rounds, each open for 1 hour." in definition_summary(library_definition("two_thirds"), turn_seconds=3600)
    assert "3 rounds, each open for 24 hours." in definition_summary(library_definition("two_thirds"))


@pytest.mark.django_db
def test_the_match_pages_rules_panel_gives_the_matchs_round_length() -> None:
    """A match started with 1-hour rounds says so in its rules panel, under its 1-hour countdown."""
    users(["ann", "bob", "cat"])
    match = match_start(
        game="house", players=["ann", "bob", "cat"], options=library_options("two_thirds"), seed="w", turn_seconds=3600
    )
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "3 rounds, each open for 1 hour." in page
    assert "each open for 24 hours" not in page


def test_a_rounds_condition_and_the_end_condition_are_said_in_words() -> None:
    """The captain's runoff "only when" there is a tie; one thief's match ends once the thief is out."""
    captain = definition_summary(library_definition("elect_a_captain"))
    assert "Runoff 2 is played only when the number of the players with the most points is more than 1." in captain
    thief = definition_summary(library_definition("one_thief"))
    assert (
        "The match ends as soon as the number of Thief cards of the players out is 1 "
        "or the number of players still in is at most 2." in thief
    )
