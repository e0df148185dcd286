"""``move_rules.py``: a field's choices and its being required that depend on the player's state, the round and
the move's other fields (``allowed``, ``refusal``, ``required_if``), what a round ``shows`` of each move, and a
break (``awaits: nobody``) (issue 43, RULES.md house-80..86)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.engine import RuleError
from games.house.engine import HouseEngine
from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import rnd, v2

ENGINE = HouseEngine()
PLAYERS = ("ann", "bob")
UNIT: dict[str, Any] = {
    "name": "unit",
    "label": "Your unit",
    "type": "number",
    "min": 0,
    "max": 5,
    "default": 0,
    "allowed": "value == 0 or used // 2 ** value % 2 == 0",
    "refusal": "that unit is spent",
}
GUESS: dict[str, Any] = {
    "name": "guess",
    "label": "Your guess",
    "type": "number",
    "min": 0,
    "max": 5,
    "required": False,
    "required_if": "unit == 1",
    "allowed": "unit == 1 and value != 1",
    "refusal": "only unit 1 guesses, and another unit",
}
USED = {"name": "used", "start": 0, "visibility": "holder"}
SPEND = {"to": "used", "amount": "0 if unit == 0 else 2 ** unit"}


def _definition(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "holdings": [USED],
        "rounds": 4,
        "round_plan": [rnd(fields=[UNIT, GUESS], effects=[SPEND])],
    }
    return v2(**{**base, **changes})


def _start(definition: dict[str, Any]) -> Any:
    return ENGINE.setup(PLAYERS, {"definition": definition}, Random(1))


def _refusal(state: Any, move: dict[str, Any], player: str = "ann") -> str:
    with pytest.raises(RuleError) as caught:
        ENGINE.validate(state, player, move)
    return str(caught.value)


def test_a_value_the_players_state_forbids_is_refused_naming_the_field_and_the_rule() -> None:
    """house-80: a field's ``allowed`` is a formula of the player's state, true for a value they may choose now;
    any other value is refused when saved, with the field's label and its ``refusal`` ("A Warrior's Death: You
    cannot play a unit that's dead")."""
    state = _start(_definition())
    assert ENGINE.validate(state, "ann", {"unit": 3}) == {"unit": 3}
    state, _ = ENGINE.resolve(state, {"ann": {"unit": 3}, "bob": {"unit": 2}}, Random(2))
    assert _refusal(state, {"unit": 3}) == "Your unit: that unit is spent"
    assert ENGINE.validate(state, "bob", {"unit": 3}) == {"unit": 3}  # bob's own state decides his
    assert ENGINE.validate(state, "ann", {"unit": 0}) == {"unit": 0}


def test_a_choice_that_depends_on_the_round_is_refused_before_it() -> None:
    """house-80: ``allowed`` reads the match too (Density: "a player can initiate a fight, but only after the
    first round is complete")."""
    fight = {"name": "action", "type": "choice", "choices": ["draw", "fight"], "default": "draw"}
    fight |= {"allowed": "value != 'fight' or round > 1", "refusal": "a fight only from Round 2 on"}
    state = _start(v2(round_plan=[rnd(fields=[fight])]))
    assert _refusal(state, {"action": "fight"}) == "Action: a fight only from Round 2 on"
    state, _ = ENGINE.resolve(state, {}, Random(2))
    assert ENGINE.validate(state, "ann", {"action": "fight"}) == {"action": "fight"}


def test_a_choice_that_depends_on_another_field_of_the_same_move() -> None:
    """house-81: ``allowed`` reads the move's other fields (A Warrior's Death: the Blue Mage "can be disguised as
    another unit")."""
    state = _start(_definition())
    assert _refusal(state, {"unit": 1, "guess": 1}) == "Your guess: only unit 1 guesses, and another unit"
    assert _refusal(state, {"unit": 2, "guess": 3}) == "Your guess: only unit 1 guesses, and another unit"
    assert ENGINE.validate(state, "ann", {"unit": 1, "guess": 3}) == {"unit": 1, "guess": 3}


def test_a_field_required_by_another_fields_value() -> None:
    """house-81: ``required_if`` makes an optional field required when its formula holds ("For [1] Astrologian
    … submit the name of another unit"); a null still says "nothing" (house-2)."""
    state = _start(_definition())
    assert _refusal(state, {"unit": 1}) == "Your guess: is required"
    assert _refusal(state, {"unit": 1, "guess": ""}) == "Your guess: is required"
    assert ENGINE.validate(state, "ann", {"unit": 2}) == {"unit": 2}
    assert ENGINE.validate(state, "ann", {"unit": 1, "guess": None}) == {"unit": 1}


def test_the_form_offers_the_player_only_what_they_may_choose_and_only_to_them() -> None:
    """house-82: the player's view lists the values of each field whose rule reads only their state
    (``you.allowed``); a rule that reads another field waits for the save; nobody else sees the list."""
    state = _start(_definition())
    state, _ = ENGINE.resolve(state, {"ann": {"unit": 3}, "bob": {"unit": 0}}, Random(2))
    assert ENGINE.view(state, "ann")["you"]["allowed"] == {"unit": [0, 1, 2, 4, 5]}
    assert ENGINE.view(state, "bob")["you"]["allowed"] == {"unit": [0, 1, 2, 3, 4, 5]}
    assert "you" not in ENGINE.view(state, None)
    assert "[0, 1, 2, 4, 5]" not in str(ENGINE.view(state, "bob")) + str(ENGINE.view(state, None))
    redrawn = ENGINE.resample_hidden(state, "ann", Random(5))  # non-interference: ann's state decides only hers
    assert ENGINE.view(redrawn, "bob") == ENGINE.view(state, "bob")


def test_a_missing_submission_becomes_the_default_even_where_allowed_would_refuse_it() -> None:
    """house-85: "A missing submission is not held to ``allowed``. It becomes each field's declared default
    whatever the state": a default of ``fight`` in Round 1, which a player could not send, is the move of a
    player who sent nothing, and the round closes."""
    fight = {"name": "action", "type": "choice", "choices": ["draw", "fight"], "default": "fight"}
    fight |= {"allowed": "value != 'fight' or round > 1", "refusal": "a fight only from Round 2 on"}
    state = _start(v2(round_plan=[rnd(fields=[fight])]))
    assert _refusal(state, {"action": "fight"}) == "Action: a fight only from Round 2 on"
    state, _ = ENGINE.resolve(state, {"bob": {"action": "draw"}}, Random(2))
    assert state["round"] == 2
    assert state["history"][0]["moves"]["ann"] == {"action": "fight"}


def test_random_moves_follow_the_rules() -> None:
    """Bots and tests draw only what the rules allow: 200 random moves over a match are all accepted."""
    state, rng = _start(_definition(rounds=5, round_plan=[rnd(fields=[UNIT, GUESS], effects=[SPEND])])), Random(3)
    for _ in range(5):
        moves = {p: ENGINE.random_move(state, p, rng) for p in PLAYERS}
        for p, m in moves.items():
            ENGINE.validate(state, p, m)
        state, _ = ENGINE.resolve(state, moves, rng)


def test_rules_are_checked_when_saved_naming_their_path() -> None:
    """house-80: a misspelt name, a ``refusal`` without ``allowed``, ``required_if`` on a required field, the keys
    in a ``/1`` file: each an error naming the path."""
    bad = {**UNIT, "allowed": "valu == 0"}
    errors = definition_errors(_definition(round_plan=[rnd(fields=[bad])]))
    assert errors and errors[0].startswith("round_plan[0].fields[0].allowed: unknown name 'valu'")
    lone = {k: v for k, v in UNIT.items() if k != "allowed"}
    assert definition_errors(_definition(round_plan=[rnd(fields=[lone])])) == [
        "round_plan[0].fields[0].refusal: says why a value is not allowed: it needs allowed (a formula) beside it"
    ]
    assert definition_errors(_definition(round_plan=[rnd(fields=[{**GUESS, "required": True}, UNIT])])) == [
        "round_plan[0].fields[0].required_if: is for a field that is otherwise optional: set required: false"
    ]
    peek = {**UNIT, "allowed": "sent['unit'][0] != value"}
    assert "unknown name 'sent'" in definition_errors(_definition(round_plan=[rnd(fields=[peek])]))[0]
    v1 = {"schema": "garnet-house/1", "title": "T", "kind": "main", "players": {"min": 2, "max": 4}}
    v1["round_plan"] = [{"fields": [{"name": "n", "type": "number", "allowed": "true"}], "resolve": {"by": "dealer"}}]
    assert "round_plan[0].fields[0].allowed: is a key of garnet-house/2" in definition_errors(v1)


def test_a_round_shows_what_a_formula_computes_of_each_move_and_nothing_else() -> None:
    """house-83: ``shows`` publishes, for each player, each name's formula result (A Warrior's Death: "both
    units are revealed", a Blue Mage as its disguise); the moves themselves stay hidden."""
    plan = rnd(fields=[UNIT, GUESS], effects=[SPEND], shows={"unit": "guess if unit == 1 else unit"})
    state = _start(_definition(round_plan=[plan]))
    state, told = ENGINE.resolve(state, {"ann": {"unit": 1, "guess": 4}, "bob": {"unit": 2}}, Random(2))
    assert ENGINE.view(state, None)["public"]["history"][-1]["moves"] == {"ann": {"unit": 4}, "bob": {"unit": 2}}
    assert "Round 1 shows: ann: 4; bob: 2." in [m.text for m in told]
    assert ENGINE.view(state, "bob")["public"] == ENGINE.view(state, None)["public"]
    assert ENGINE.view(state, "ann")["you"]["moves"]["Round 1"] == {"unit": 1, "guess": 4}
    assert "'guess': 4" not in str(ENGINE.view(state, "bob")) and "'unit': 1" not in str(ENGINE.view(state, "bob"))
    both = rnd(fields=[UNIT, GUESS], effects=[SPEND], shows={"unit": "unit", "spent": "used"})
    state = _start(_definition(round_plan=[both]))
    state, told = ENGINE.resolve(state, {"ann": {"unit": 3}, "bob": {"unit": 2}}, Random(2))
    assert ENGINE.view(state, None)["public"]["history"][-1]["moves"]["ann"] == {"unit": 3, "spent": 8}  # after
    assert "Round 1 shows: ann: Your unit 3, spent 8; bob: Your unit 2, spent 4." in [m.text for m in told]
    errors = definition_errors(_definition(round_plan=[{**plan, "reveal": "all"}]))
    assert errors == ["round_plan[0].shows: says what a round shows of each move: with reveal: all it would show all"]


def test_an_empty_text_a_round_shows_is_left_out_of_the_line() -> None:
    """house-161: a name whose formula gives an empty text says nothing (Warriors: a unit with nothing to announce):
    the line leaves it out; the public history keeps it, as every value shown."""
    plan = rnd(fields=[UNIT, GUESS], shows={"unit": "unit", "note": "'predicts ' + text(guess) if unit == 1 else ''"})
    state = _start(_definition(round_plan=[plan]))
    state, told = ENGINE.resolve(state, {"ann": {"unit": 1, "guess": 4}, "bob": {"unit": 2}}, Random(2))
    assert "Round 1 shows: ann: Your unit 1, note predicts 4; bob: Your unit 2." in [m.text for m in told]
    assert ENGINE.view(state, None)["public"]["history"][-1]["moves"]["bob"] == {"unit": 2, "note": ""}


def test_a_break_is_a_timed_turn_that_awaits_nobody() -> None:
    """house-84: a round that ``awaits: nobody`` asks nothing and runs its ``seconds`` (A Warrior's Death:
    "There will be a break between bouts"); its effects run at its close."""
    brk = {"label": "Break", "awaits": "nobody", "seconds": 60, "resolve": {"by": "none"}}
    brk["effects"] = [{"to": "used", "amount": "-used"}]
    state = _start(_definition(rounds=3, plan_repeat="cycle", round_plan=[rnd(fields=[UNIT], effects=[SPEND]), brk]))
    state, _ = ENGINE.resolve(state, {"ann": {"unit": 3}}, Random(2))
    assert ENGINE.awaiting(state) == () and ENGINE.turn_label(state) == "Break 2" and ENGINE.turn_seconds(state) == 60
    assert state["holdings"]["ann"]["used"] == 8
    state, _ = ENGINE.resolve(state, {}, Random(3))
    assert ENGINE.awaiting(state) == PLAYERS and state["holdings"]["ann"]["used"] == 0
    assert ENGINE.validate(state, "ann", {"unit": 3}) == {"unit": 3}
    assert definition_errors(_definition(round_plan=[{**brk, "fields": [UNIT]}])) == [
        "round_plan[0].fields: a round that awaits nobody asks nothing: leave fields out"
    ]
