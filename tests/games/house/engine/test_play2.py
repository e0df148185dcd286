"""``play2.py``: issue 43's bugs in the ``/2`` outcome and in what a move may cost, each test named after the
bug it pins (RULES.md house-44 to house-46)."""

from __future__ import annotations

from random import Random

import pytest

from games.engine import RuleError
from tests.games.house.engine.test_format2 import rnd, v2
from tests.games.house.scenario import E, start, step, texts

BID = {"name": "bid", "label": "Your bid", "type": "garnets", "min": 0, "max": 50, "pays": "bid"}


def _level_death_match(**changes: object) -> dict[str, object]:
    return v2(kind="death", players={"min": 2, "max": 2}, rounds=1, **changes)


def test_a_v2_death_match_that_ends_level_goes_to_the_death_match_opponent() -> None:
    """Issue 43: "A `/2` Death Match that ends level has no winner ("Nobody wins. Loser: ann."); `/1` rightly
    gives it to the Death Match Opponent (house-1, house-8)." house-1: "a Death Match still tied when it ends
    ... goes to the DMO, not to the EC who chose them"; house-8: "a Death Match has exactly one winner"."""
    state = start(["ann", "bob"], definition=_level_death_match(), advantage="bob")
    state, messages = step(state, {"ann": {"n": 3}, "bob": {"n": 3}})
    outcome = E.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.candidates) == (("bob",), ("ann",))
    assert "Nobody wins" not in texts(messages)[-1]
    assert "Loser: ann." in texts(messages)[-1]


def test_a_v2_death_match_level_by_a_formula_naming_both_or_neither_still_has_one_winner() -> None:
    """house-44: a `/2` Death Match's outcome rule naming both players or neither (a level end) leaves the
    match to the better ranked by house-7, the DMO first; a rule naming exactly one keeps its winner."""
    for rule, expected in (("score >= 0", "ann"), ("score < 0", "ann"), ("me == 'bob'", "bob")):
        state = start(["ann", "bob"], definition=_level_death_match(outcome={"winners": rule}), advantage="ann")
        state, _ = step(state, {"ann": {"n": 1}, "bob": {"n": 1}})
        outcome = E.outcome(state)
        assert outcome is not None and outcome.winners == (expected,), rule
        assert outcome.candidates == (({"ann", "bob"} - {expected}).pop(),)


def test_a_winner_named_by_a_formula_is_never_the_elimination_candidate() -> None:
    """Issue 43: "A winner can be named Elimination Candidate (`outcome.winners` a formula, with
    `candidate_ties`)." house-45: the candidates are the non-winners only, whatever the winners' scores."""
    definition = v2(
        rounds=1,
        round_plan=[rnd(effects=[{"to": "score", "who": "each", "amount": "n"}])],
        outcome={"winners": "score == 0", "candidate_ties": ["garnets"]},
    )
    state = start(["ann", "bob", "cat"], definition=definition)
    state, messages = step(state, {"ann": {"n": 0}, "bob": {"n": 3}, "cat": {"n": 5}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("ann",)
    assert outcome.candidates == ("bob", "cat")
    assert "Elimination Candidate: bob" in texts(messages)[-1]


def test_a_winner_is_never_among_the_tied_for_last_the_winners_pick_from() -> None:
    """house-45 with `last_tie: winners_pick`: a winner tied on points with non-winners is not offered as the
    Elimination Candidate; a single non-winner at the bottom is the candidate without a pick."""
    definition = v2(
        rounds=1,
        round_plan=[rnd(effects=[{"to": "score", "who": "each", "amount": "n"}])],
        outcome={"winners": "me == 'ann'", "last_tie": "winners_pick"},
    )
    state = start(["ann", "bob", "cat"], definition=definition)
    state, _ = step(state, {"ann": {"n": 0}, "bob": {"n": 0}, "cat": {"n": 4}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.candidates == ("bob", "cat")


def _auction(**options: object) -> dict[str, object]:
    definition = v2(rounds=2, round_plan=[rnd(fields=[dict(BID)])])
    return start(["ann", "bob"], definition=definition, **options)


def test_a_garnets_bid_beyond_the_players_balance_is_refused_when_saved() -> None:
    """Issue 43: "A garnets bid beyond the player's balance is accepted in `/2` (only a season's hold stops
    it): a test match or a bot trial ends at −15 garnets. FORMAT.md says it is refused." FORMAT.md: "a flag's
    or a garnets field's cost is refused beyond it" (house-46)."""
    state = _auction()  # a test match or a bot trial: nobody brings garnets in
    with pytest.raises(RuleError, match=r"^Your bid: a bid of 15 garnets is more than you have \(0\)$"):
        E.validate(state, "ann", {"bid": 15})
    assert E.validate(state, "ann", {"bid": 0}) == {"bid": 0}
    state = _auction(garnets={"ann": 10, "bob": 0})
    assert E.validate(state, "ann", {"bid": 10}) == {"bid": 10}
    state, _ = step(state, {"ann": {"bid": 10}})
    with pytest.raises(RuleError, match=r"more than you have \(0\)"):
        E.validate(state, "ann", {"bid": 1})  # the first round spent all ten


def test_a_bot_trials_random_bids_never_take_a_balance_below_zero() -> None:
    """house-46: a bot's random move is one the engine accepts, so a trial ends with no balance below 0."""
    for seed in range(30):
        rng = Random(seed)
        state = _auction(garnets={"ann": 7, "bob": 0})
        while E.outcome(state) is None:
            moves = {p: E.validate(state, p, E.random_move(state, p, rng)) for p in E.awaiting(state)}
            state, _ = E.resolve(state, moves, rng)
        assert all(g["start"] - g["spent"] + g["paid"] >= 0 for g in state["garnets"].values())
