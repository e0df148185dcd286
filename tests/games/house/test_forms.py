"""The house MoveForm from views the engine draws: each declared field's widget and value, and the dealer's
move as FORMAT.md writes it, with the engine's ``validate`` accepting what the form hands back."""

from __future__ import annotations

from random import Random
from typing import Any

from django import forms

from games.engine import DEALER
from games.house.engine import HouseEngine
from games.house.engine.samples import sample_definition
from games.house.forms import MoveForm
from tests.games.house.pages import every_field_definition

ENGINE = HouseEngine()
PLAYERS = ["ann", "bob", "cat"]


def _state(definition: dict[str, Any] | None = None, players: list[str] = PLAYERS) -> Any:
    return ENGINE.setup(players, {"definition": definition or every_field_definition()}, Random(1))


def _to_tally(state: Any) -> Any:
    moves = {p: ENGINE.random_move(state, p, Random(p)) for p in ENGINE.awaiting(state)}
    new, _ = ENGINE.resolve(state, moves, Random(2))
    return new


def test_each_declared_field_gets_its_widget() -> None:
    form = MoveForm(view=ENGINE.view(_state(), "ann"), player="ann")
    assert form.mode == "player"
    assert isinstance(form.fields["pick"].widget, forms.RadioSelect)
    guess = form.fields["guess"]
    assert isinstance(guess, forms.IntegerField) and (guess.min_value, guess.max_value) == (0, 100)
    assert [v for v, _ in form.fields["target"].choices] == ["", "bob", "cat"]  # not myself
    assert isinstance(form.fields["allies"].widget, forms.CheckboxSelectMultiple)
    assert list(form.fields) == ["pick", "guess", "target", "allies", "rank__1", "rank__2", "note", "bid"]
    assert form.fields["note"].max_length == 60
    assert "Costs up to 5 garnets" in form.fields["bid"].help_text
    assert form.fields["guess"].help_text.endswith("If you send nothing: 50.")


def test_a_long_choice_is_a_select() -> None:
    definition = every_field_definition(
        round_plan=[
            {
                "label": "Pick",
                "fields": [{"name": "c", "label": "C", "type": "choice", "choices": list("abcdefg")}],
                "resolve": {"by": "dealer"},
            }
        ]
    )
    form = MoveForm(view=ENGINE.view(_state(definition), "ann"), player="ann")
    assert isinstance(form.fields["c"].widget, forms.Select) and form.fields["c"].choices[0] == ("", "—")


def test_the_players_form_gives_the_move_the_engine_accepts() -> None:
    state = _state()
    data = {"pick": "blue", "guess": "7", "target": "cat", "allies": ["bob"], "rank__1": "cat", "rank__2": "bob"}
    form = MoveForm({**data, "note": "  hello  ", "bid": ""}, view=ENGINE.view(state, "ann"), player="ann")
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move == {
        "pick": "blue",
        "guess": 7,
        "target": "cat",
        "allies": ["bob"],
        "rank": ["cat", "bob"],
        "note": "hello",
    }
    assert ENGINE.validate(state, "ann", move) == move


def test_an_order_with_a_player_left_out_or_twice_is_refused_by_its_label() -> None:
    view = ENGINE.view(_state(), "ann")
    twice = MoveForm({"pick": "red", "guess": "1", "rank__1": "bob", "rank__2": "bob"}, view=view, player="ann")
    assert not twice.is_valid() and "Ranking: bob placed twice" in str(twice.errors)
    missing = MoveForm({"pick": "red", "guess": "1", "rank__1": "bob"}, view=view, player="ann")
    assert not missing.is_valid() and "cat not placed" in str(missing.errors)


def test_the_tally_form_starts_empty_and_gives_the_dealers_move() -> None:
    state = _to_tally(_state())
    view = ENGINE.view(state, DEALER)
    form = MoveForm(view=view, player=DEALER)
    assert form.mode == "dealer" and form.proposal is None
    assert [r["player"] for r in form.table["rows"]] == PLAYERS
    assert "the dealer published no result." in form.default_text
    data = {
        "announcement": "Done.",
        "points__ann": "2",
        "points__bob": "0",
        "out__cat": "on",
        "private__bob": "psst",
        "next": "continue",
        "outcome_way": "named",  # ignored: the match goes on
        "winners": ["ann"],
    }
    bound = MoveForm(data, view=view, player=DEALER)
    assert bound.is_valid(), bound.errors
    move = bound.to_move()
    assert move == {
        "announcement": "Done.",
        "private": {"bob": "psst"},
        "points": {"ann": 2},
        "out": ["cat"],
        "next": "continue",
    }
    assert ENGINE.validate(state, DEALER, move) == move


def test_the_outcome_is_sent_only_when_the_dealer_ends_the_match() -> None:
    state = _to_tally(_state(every_field_definition(rounds=None)))
    view = ENGINE.view(state, DEALER)
    data = {
        "next": "end",
        "outcome_way": "named",
        "winners": ["bob"],
        "candidate__1": "cat",
        "tokens__bob": "1",
        "tokens__ann": "3",
        "garnets__cat": "2",
    }
    form = MoveForm(data, view=view, player=DEALER)
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move["outcome"] == {"winners": ["bob"], "candidates": ["cat"], "tokens": {"bob": 1}, "garnets": {"cat": 2}}
    ENGINE.validate(state, DEALER, move)
    by_rule = MoveForm({**data, "outcome_way": "rule"}, view=view, player=DEALER)
    assert by_rule.is_valid() and "outcome" not in by_rule.to_move()


def test_a_review_form_sent_untouched_publishes_the_proposal_as_it_stands() -> None:
    players = ["ann", "bob", "cat", "dan"]
    state = _to_tally(_state(sample_definition("secret_thief"), players))
    view = ENGINE.view(state, DEALER)
    form = MoveForm(view=view, player=DEALER)
    proposal = form.proposal
    assert form.mode == "dealer" and proposal is not None
    untouched = {name: field.initial for name, field in form.fields.items() if field.initial not in (None, False, "")}
    bound = MoveForm(untouched, view=view, player=DEALER)
    assert bound.is_valid(), bound.errors
    move = bound.to_move()
    assert move["announcement"] == proposal["announcement"]
    assert move["points"] == {p: n for p, n in proposal["points"].items() if n}
    assert move["private"] == {p: t for p, t in proposal["private"].items() if t}


def test_a_player_not_awaited_and_a_spectator_get_no_fields() -> None:
    state = _to_tally(_state())
    assert MoveForm(view=ENGINE.view(state, "ann"), player="ann").fields == {}
    assert MoveForm(view=ENGINE.view(state, None), player="").fields == {}


def test_a_death_match_is_ended_with_one_winner_by_a_radio_button() -> None:
    definition = every_field_definition(kind="death", players={"min": 2, "max": 2}, rounds=None)
    state = _to_tally(_state(definition, ["ann", "bob"]))
    view = ENGINE.view(state, DEALER)
    form = MoveForm(view=view, player=DEALER)
    assert isinstance(form.fields["winners"].widget, forms.RadioSelect) and form.candidates == []
    bound = MoveForm({"next": "end", "outcome_way": "named", "winners": "bob"}, view=view, player=DEALER)
    assert bound.is_valid(), bound.errors
    move = bound.to_move()
    assert move["outcome"]["winners"] == ["bob"] and "candidates" not in move["outcome"]
    new, _ = ENGINE.resolve(state, {DEALER: ENGINE.validate(state, DEALER, move)}, Random(3))
    outcome = ENGINE.outcome(new)
    assert outcome is not None and outcome.winners == ("bob",) and outcome.candidates == ("ann",)


def test_an_optional_field_with_a_default_says_an_empty_one_abstains() -> None:
    """FORMAT.md: ``default`` is "what a missing submission becomes"; a saved move without the field abstains."""
    field = {"name": "bet", "label": "Bet", "type": "number", "min": 0, "max": 9, "required": False, "default": 3}
    definition = every_field_definition(round_plan=[{"label": "Bet", "fields": [field], "resolve": {"by": "dealer"}}])
    state = _state(definition)
    form = MoveForm({"bet": ""}, view=ENGINE.view(state, "ann"), player="ann")
    assert "Left empty, you abstain on it; if you send nothing at all: 3." in form.fields["bet"].help_text
    assert form.is_valid() and form.to_move() == {}
    assert ENGINE.validate(state, "ann", {}) == {} and ENGINE.default_move(state, "ann") == {"bet": 3}
