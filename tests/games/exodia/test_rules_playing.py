"""Scenario tests: the cards, the deal, and the rules of playing cards."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.exodia.cards import EFFECTS, deck
from tests.games.exodia.helpers import ENGINE, P, c, make, run, texts


def test_seven_copies_of_each_of_seven_cards_marked_with_initial_owner() -> None:
    """This game has 7 copies of each of 7 different cards. Each card is marked with its initial owner."""
    cards = deck(P)
    assert len(cards) == 49 == len(set(cards))
    assert {x.split("/")[0] for x in cards} == set(EFFECTS)
    for e in EFFECTS:
        assert sorted(x for x in cards if x.startswith(e + "/")) == sorted(c(e, p) for p in P)


def test_players_initially_start_with_one_copy_of_each_card() -> None:
    """Clarification: Players initially start with one copy of each of the cards."""
    state = make()
    for p in P:
        assert state.hands[p] == sorted(c(e, p) for e in EFFECTS)
    assert state.pile == []


def test_cards_are_always_identified_by_effect_and_initial_owner() -> None:
    """Cards are always identified by both their effect and their initial owner."""
    state = make({"ann": [c("meta", "bob")]})
    move = ENGINE.validate(state, "ann", {"play": [{"card": "META/bob"}]})
    assert move["play"] == [{"card": "meta/bob", "target": None}]
    with pytest.raises(RuleError, match="not a card"):
        ENGINE.validate(state, "ann", {"play": [{"card": "meta"}]})


def test_played_cards_go_to_the_discard_pile_and_are_announced_with_targets() -> None:
    """When a card is played, it is moved to the Discard Pile, and its effect is triggered. All cards are
    announced when they are played (along with their targets). It is always known which cards are in the
    Discard Pile."""
    state = make({"ann": [c("force", "ann"), c("meta", "ann")], "bob": [c("meta", "bob")]})
    after, msgs = run(state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}, {"card": "meta/ann"}]}})
    assert sorted(after.pile) == ["force/ann", "meta/ann", "meta/bob"]
    assert "ann plays force/ann on bob" in texts(msgs)
    assert ENGINE.view(after, None)["public"]["pile"] == sorted(after.pile)


def test_must_play_at_least_one_card_per_round_if_able() -> None:
    """You must always play at least one card per round, if you are able."""
    state = make({"ann": [c("meta", "ann")]})
    with pytest.raises(RuleError, match="at least one card"):
        ENGINE.validate(state, "ann", {"play": []})
    assert ENGINE.validate(state, "bob", {"play": []})["play"] == []  # bob holds nothing: not able


def test_may_not_play_the_same_type_two_rounds_running_if_avoidable() -> None:
    """You may not play the same type of card in two consecutive rounds, if you are able to avoid it."""
    state = make({"ann": [c("meta", "ann"), c("meta", "bob"), c("priority", "ann")]})
    state, _ = run(state, {"ann": {"play": [{"card": "meta/ann"}]}})
    with pytest.raises(RuleError, match="two rounds running"):
        ENGINE.validate(state, "ann", {"play": [{"card": "meta/bob"}]})
    ENGINE.validate(state, "ann", {"play": [{"card": "priority/ann"}]})


def test_same_type_when_unavoidable_only_the_one_card() -> None:
    """You must always play at least one card per round, if you are able. You may not play the same type of
    card in two consecutive rounds, if you are able to avoid it. (Ruling 11: exactly one card then.)"""
    state = make({"ann": [c("meta", "ann"), c("meta", "bob"), c("meta", "cat")]})
    state, _ = run(state, {"ann": {"play": [{"card": "meta/ann"}]}})
    assert ENGINE.view(state, "ann")["you"]["only_restricted"] is True
    ENGINE.validate(state, "ann", {"play": [{"card": "meta/bob"}]})
    with pytest.raises(RuleError, match="just the one card"):
        ENGINE.validate(state, "ann", {"play": [{"card": "meta/bob"}, {"card": "meta/cat"}]})


def test_restriction_does_not_include_bombs() -> None:
    """This restriction does not include Bombs. You may play a Bomb two rounds in a row."""
    state = make({"ann": [c("bomb", "ann"), c("bomb", "bob"), c("meta", "ann")]})
    state, _ = run(state, {"ann": {"play": [{"card": "bomb/ann", "target": None}]}})
    ENGINE.validate(state, "ann", {"play": [{"card": "bomb/bob", "target": None}]})


def test_may_play_as_many_cards_as_you_like() -> None:
    """Every turn, you may play as many cards as you'd like."""
    state = make()
    plays = [
        {"card": "meta/ann"},
        {"card": "priority/ann"},
        {"card": "immune/ann"},
        {"card": "force/ann", "target": "bob"},
    ]
    assert len(ENGINE.validate(state, "ann", {"play": plays})["play"]) == 4


def test_garbage_moves_name_the_rule() -> None:
    """Ruling: validate turns any JSON into a RuleError naming the rule broken."""
    state = make()
    for bad in [
        {"play": "x"},
        {"play": [{"card": "meta/ann", "target": "bob"}]},
        {"play": [{"card": "force/ann"}]},
        {"play": [{"card": "meta/bob"}]},
        {"ranking": {"by": "both"}},
        {"play": [{"card": 5}]},
        {"play": [{"card": "force/ann", "target": "ann"}]},
        {"foo": 1},
    ]:
        with pytest.raises(RuleError):
            ENGINE.validate(state, "ann", bad)
