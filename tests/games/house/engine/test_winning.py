"""``winning.py`` and ``sections_ending.py``: the end by each player, the best of the winners and a single winner's
pick (FORMAT.md "An end by each player, the best of the winners and a single winner's pick in /2"; RULES.md
house-150..154)."""

from __future__ import annotations

from typing import Any

from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, quote, start, step

FIVE = ["ann", "bob", "cat", "dan", "eve"]
HOLD = [{"name": "black", "start": 0, "visibility": "dealer"}]
NUMBER = {"name": "n", "label": "Your number", "type": "number", "min": 0, "max": 99, "default": 0}


def _game(end: dict[str, Any] | None = None, **outcome: Any) -> dict[str, Any]:
    """Rounds until an end: a number n gives n / 10 points and n % 10 Black cubes (seen by the dealer alone)."""
    effects = [{"to": "score", "who": "each", "amount": "n / 10"}, {"to": "black", "who": "each", "amount": "n % 10"}]
    plan = [rnd(fields=[NUMBER], effects=effects)]
    return v2(
        rounds=None,
        holdings=HOLD,
        players={"min": 2, "max": 8},
        round_plan=plan,
        end=end if end is not None else {"when_any": "black >= 5"},
        outcome={"winners": "black >= 5", **outcome},
    )


def test_end_when_any_ends_the_match_when_it_holds_for_any_player() -> None:
    """FORMAT.md: "`end.when_any` is a per-player formula ... true for any of them, the match ends" (house-150);
    nothing of it is shown while the match goes on."""
    quote("true for any of them, the match ends")
    state = start(FIVE, definition=_game())
    state, messages = step(state, {p: {"n": 4} for p in FIVE})
    assert E.outcome(state) is None and state["phase"] == "play"
    for viewer in (*FIVE, None):  # the dealer's holding it reads stays the dealer's: nobody is told who is near
        seen = E.view(state, viewer)
        assert not any("black" in v for v in seen["public"].get("holdings", {}).values())
        assert "black" not in seen.get("you", {}).get("holdings", {}) and "ec" not in seen["public"]
    assert E.view(state, "~dealer")["dealer"]["holdings"]["ann"]["black"] == 4
    state, _ = step(state, {**{p: {"n": 0} for p in FIVE}, "cat": {"n": 1}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("cat",)


def test_winners_by_keeps_the_best_of_the_formulas_winners() -> None:
    """FORMAT.md: "of the players `outcome.winners` holds for, only those with its highest value win" (house-151)."""
    quote("of the players `outcome.winners` holds for, only those with its highest value win")
    state = start(FIVE, definition=_game(winners_by="score"))
    state, _ = step(state, {"ann": {"n": 15}, "bob": {"n": 35}, "cat": {"n": 36}, "dan": {"n": 90}, "eve": {"n": 5}})
    outcome = E.outcome(state)
    assert outcome is not None and set(outcome.winners) == {"bob", "cat"}
    assert "dan" not in outcome.winners  # the most points, but no five Black cubes


def _over(over_max: str, gamewide: list[str] | None = None) -> Any:
    definition = _game(winners_by="score", max_winners=2, over_max=over_max)
    options: dict[str, Any] = {"definition": definition}
    if gamewide:
        options["gamewide_order"] = gamewide
    state = start(FIVE, **options)
    state, _ = step(state, {"ann": {"n": 5}, "bob": {"n": 5}, "cat": {"n": 5}, "dan": {"n": 0}, "eve": {"n": 0}})
    return E.outcome(state)


def test_over_max_says_what_more_winners_than_max_winners_give() -> None:
    """FORMAT.md: "more winners than `max_winners` (after `winners_by`): `nobody` wins (the default), or the first of
    them alone, in the `tiebreak` order or in `seat` order" (house-152)."""
    quote("`nobody` wins (the default), or the first of them alone, in the `tiebreak` order or in `seat` order")
    assert _over("nobody").winners == ()
    assert _over("seat", ["cat", "bob", "ann", "dan", "eve"]).winners == ("ann",)
    assert _over("tiebreak", ["cat", "bob", "ann", "dan", "eve"]).winners == ("cat",)


def _single(silent: str | None = None) -> dict[str, Any]:
    extra = {"silent_pick": silent} if silent else {}
    definition = _game(winners_by="score", single_pick="score < winners_best", candidate_order=["-black"], **extra)
    state = start(FIVE, definition=definition)
    # ann wins on 9 points; bob and cat have fewer, dan as many, eve more (but no five Black cubes)
    state, messages = step(
        state, {"ann": {"n": 95}, "bob": {"n": 12}, "cat": {"n": 23}, "dan": {"n": 94}, "eve": {"n": 99 - 9}}
    )
    return {"state": state, "messages": messages}


def test_a_single_winner_picks_among_the_players_single_pick_holds_for() -> None:
    """FORMAT.md: "The players it holds for are the ones the winner may pick: a turn "Elimination Candidate" awaits
    the winner" (house-153); another player is refused, the list is public, the pick is the candidate."""
    quote('The players it holds for are the ones the winner may pick: a turn "Elimination Candidate" awaits the')
    found = _single()
    state = found["state"]
    assert E.awaiting(state) == ("ann",) and E.outcome(state) is None
    assert E.view(state, None)["public"]["ec"] == {"tied": ["bob", "cat"], "choosers": ["ann"], "single": True}
    assert "ann wins and will choose the Elimination Candidate among bob, cat." in found["messages"][-1].text
    try:
        E.validate(state, "ann", {"ec": "dan"})
    except Exception as exc:  # noqa: BLE001 - the engine's RuleError
        assert "must be one of bob, cat" in str(exc)
    else:
        raise AssertionError("dan holds as many points as ann: not a pick")
    state, _ = step(state, {"ann": {"ec": "bob"}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("ann",) and outcome.candidates[0] == "bob"


def test_silent_pick_order_names_the_first_of_the_candidate_order() -> None:
    """FORMAT.md: "a winner who sends no pick names the first of the candidate order among the players they may
    pick" (house-154): the most Black cubes first, cat (3) before bob (2)."""
    quote("a winner who sends no pick names the first of the candidate order among the players they may pick")
    state, _ = step(_single("order")["state"], {})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.candidates[0] == "cat"


def test_with_nobody_to_pick_the_candidate_order_names_the_candidate() -> None:
    """FORMAT.md: "It holds for nobody: the candidate order names the Elimination Candidate as without it" (house-153);
    two winners never pick by it."""
    quote("It holds for nobody: the candidate order names the Elimination Candidate as without it")
    definition = _game(winners_by="score", single_pick="score < winners_best", candidate_order=["-black"])
    state = start(FIVE, definition=definition)
    state, _ = step(state, {"ann": {"n": 15}, "bob": {"n": 15}, "cat": {"n": 3}, "dan": {"n": 4}, "eve": {"n": 0}})
    outcome = E.outcome(state)
    assert outcome is not None and set(outcome.winners) == {"ann", "bob"} and outcome.candidates[0] == "dan"


def test_bad_keys_are_refused_naming_their_path() -> None:
    """Every addition's errors name its path: an unknown name, `winners_by` without a formula `winners`,
    `over_max` without `max_winners` or out of its choices, and the `/2` keys in a `/1` definition."""
    errors = definition_errors(_game(end={"when_any": "blak > 1"}))
    assert any(e.startswith("end.when_any: unknown name 'blak'") for e in errors)
    errors = definition_errors({**_game(winners_by="score"), "outcome": {"winners": "top", "winners_by": "score"}})
    assert any(e.startswith("outcome.winners_by: needs a formula outcome.winners") for e in errors)
    errors = definition_errors(_game(over_max="seat"))
    assert any(
        e.startswith("outcome.over_max: needs a formula outcome.winners and outcome.max_winners") for e in errors
    )
    top = {**_game(), "outcome": {"winners": "top", "max_winners": 2, "over_max": "seat"}}
    assert any(e.startswith("outcome.over_max: needs a formula") for e in definition_errors(top))
    errors = definition_errors(_game(max_winners=2, over_max="first"))
    assert any(e.startswith("outcome.over_max: must be one of: nobody, tiebreak, seat") for e in errors)
    errors = definition_errors(_game(single_pick="scor < winners_best"))
    assert any(e.startswith("outcome.single_pick: unknown name 'scor'") for e in errors)
    errors = definition_errors(_game(winners_by="winners_best"))
    assert any(e.startswith("outcome.winners_by: unknown name 'winners_best'") for e in errors)
    errors = definition_errors(_game(silent_pick="first"))
    assert any(e.startswith("outcome.silent_pick: must be one of: garnets, lot, order") for e in errors)
    v1 = {**_game(), "schema": "garnet-house/1", "end": {"when_any": "true"}}
    assert any(e.startswith("end.when_any: is not a known key") for e in definition_errors(v1))
