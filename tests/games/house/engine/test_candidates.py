"""``candidates.py``: the candidate order by formulas (FORMAT.md "Deals, the candidate order and lines in /2";
RULES.md house-72, house-73, house-78)."""

from __future__ import annotations

from typing import Any

from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, quote, start, step

FIVE = ["ann", "bob", "cat", "dan", "eve"]
HOLD = [{"name": "black", "start": 0}]
NUMBER = {"name": "n", "label": "Your number", "type": "number", "min": 0, "max": 99, "default": 0}


def _game(**outcome: Any) -> dict[str, Any]:
    """One round: a number n gives n / 10 points and n % 10 Black cubes."""
    effects = [{"to": "score", "who": "each", "amount": "n / 10"}, {"to": "black", "who": "each", "amount": "n % 10"}]
    plan = [rnd(fields=[NUMBER], effects=effects)]
    return v2(rounds=1, holdings=HOLD, players={"min": 2, "max": 8}, round_plan=plan, outcome=outcome)


def test_the_candidate_order_compares_its_keys_in_turn_smallest_first() -> None:
    """FORMAT.md: "The non-winners are ordered by the first, then the second among the equal, and so on, smallest
    first (write `-black` for "the most Black cubes first"), then the tiebreak order" (house-72)."""
    quote("The non-winners are ordered by the first, then the second among the equal, and so on, smallest")
    state = start(FIVE, definition=_game(candidate_order=["-black", "score"]))
    # points 9, 5, 2, 4, 7 and Black cubes 0, 2, 2, 1, 1: ann wins; most Black first, then fewest points
    state, messages = step(
        state, {"ann": {"n": 90}, "bob": {"n": 52}, "cat": {"n": 22}, "dan": {"n": 41}, "eve": {"n": 71}}
    )
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("ann",)
    assert outcome.candidates == ("cat", "bob", "dan", "eve")
    assert "Elimination Candidate: cat" in messages[-1].text


def test_players_tied_on_every_key_are_picked_by_the_winners() -> None:
    """house-72: tied on every key for the first place, the winners choose (`last_tie: winners_pick`)."""
    state = start(FIVE, definition=_game(candidate_order=["-black", "score"], last_tie="winners_pick"))
    state, _ = step(state, {"ann": {"n": 90}, "bob": {"n": 52}, "cat": {"n": 52}, "dan": {"n": 41}, "eve": {"n": 11}})
    assert E.outcome(state) is None and state["ec"] == {"tied": ["bob", "cat"], "choosers": ["ann"]}
    state, messages = step(state, {"ann": {"ec": "cat"}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.candidates == ("cat", "bob", "eve", "dan")


def test_candidate_ties_is_read_as_a_candidate_order() -> None:
    """house-73: without `candidate_order`, `candidate_ties: [black]` is read as `candidate_order: [score]`, its
    holdings ordering those the points leave tied: the same order as `candidate_order: [score, black]` when the
    last place is not tied."""
    moves = {"ann": {"n": 90}, "bob": {"n": 31}, "cat": {"n": 52}, "dan": {"n": 42}, "eve": {"n": 41}}
    ties, _ = step(start(FIVE, definition=_game(candidate_ties=["black"])), moves)
    order, _ = step(start(FIVE, definition=_game(candidate_order=["score", "black"])), moves)
    assert E.outcome(ties) == E.outcome(order)
    assert E.outcome(ties).candidates == ("bob", "eve", "dan", "cat")  # type: ignore[union-attr]
    errors = definition_errors(_game(candidate_order=["blak"]))
    assert any(e.startswith("outcome.candidate_order[0]: unknown name 'blak'") for e in errors)
    assert any(
        e.startswith("outcome.candidate_order: must list up to 6")
        for e in definition_errors(_game(candidate_order="x"))
    )


def _pick(picks: dict[str, Any], silent: str = "lot") -> tuple[Any, str]:
    """Three winners on 9, four tied for last on 1: the winners' pick."""
    definition = _game(last_tie="winners_pick", silent_pick=silent)
    state = start(["ann", "bob", "cat", "dan", "eve", "fay", "gus"], definition=definition)
    nines = {p: {"n": 90} for p in ("ann", "bob", "cat")}
    state, _ = step(state, {**nines, **{p: {"n": 10} for p in ("dan", "eve", "fay", "gus")}})
    assert state["ec"]["choosers"] == ["ann", "bob", "cat"]
    state, messages = step(state, picks)
    return E.outcome(state), messages[0].text


def test_the_winners_pick_is_the_player_most_of_them_name() -> None:
    """house-78: the tied player named by the most winners; with `silent_pick: lot` a silent winner names nobody,
    by default the tied player with the fewest garnets (the earlier seat on equal)."""
    outcome, said = _pick({"ann": {"ec": "eve"}, "bob": {"ec": "fay"}, "cat": {"ec": "fay"}})
    assert outcome.candidates[0] == "fay" and "most of the winners chose fay" in said
    outcome, said = _pick({"ann": {"ec": "eve"}})
    assert outcome.candidates[0] == "eve"
    outcome, said = _pick({"ann": {"ec": "eve"}}, silent="garnets")
    assert outcome.candidates[0] == "dan"  # bob and cat, silent, name dan
    assert E.validate(_pick_state(), "ann", {"ec": None}) == {"ec": None}


def _pick_state() -> Any:
    state = start(["ann", "bob", "cat", "dan"], definition=_game(last_tie="winners_pick", silent_pick="lot"))
    state, _ = step(state, {"ann": {"n": 90}, "bob": {"n": 10}, "cat": {"n": 10}, "dan": {"n": 40}})
    return state


def test_winners_who_name_nobody_leave_it_to_the_fewest_garnets_then_lot() -> None:
    """house-78 (`silent_pick: lot`): nobody named: every tied player stands, drawn by lot."""
    outcome, said = _pick({})
    assert outcome.candidates[0] in ("dan", "eve", "fay", "gus")
    assert "the winners named nobody" in said and "drawn by lot" in said
