"""The library's Death Matches, each played by hand from its rules text."""

from __future__ import annotations

from tests.games.house.library.helpers import table
from tests.games.house.scenario import E, step

DUEL = ["ann", "bob"]


def test_rock_paper_scissors_the_first_to_3_wins() -> None:
    """Rock beats Scissors, a draw scores nobody, silence is Rock: ann takes 3 of 4 throws."""
    state = table("rps_best_of_5", DUEL)
    throws = [("Rock", "Scissors"), ("Paper", "Paper"), ("Scissors", "Rock"), ("Paper", "Rock"), ("Scissors", "Paper")]
    for mine, theirs in throws:
        state, _ = step(state, {"ann": {"hand": mine}, "bob": {"hand": theirs}})
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 3, "bob": 1}
    assert outcome is not None and outcome.winners == ("ann",) and outcome.candidates == ("bob",)


def test_morra_only_a_lone_right_call_scores() -> None:
    """3 + 2 = 5: ann calls 5, bob 6: ann scores; 1 + 1 = 2: both call 2, nobody; 4 + 5 = 9: bob alone; then ann
    right twice more: 3–1 ends it before round 9."""
    state = table("morra", DUEL)
    rounds = [((3, 5), (2, 6)), ((1, 2), (1, 2)), ((4, 8), (5, 9)), ((5, 7), (2, 8)), ((1, 3), (2, 4))]
    for (af, ac), (bf, bc) in rounds:
        state, _ = step(state, {"ann": {"fingers": af, "call": ac}, "bob": {"fingers": bf, "call": bc}})
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 3, "bob": 1} and state["round"] == 5
    assert outcome is not None and outcome.winners == ("ann",) and outcome.candidates == ("bob",)


def test_morra_after_nine_rounds_a_tie_goes_to_the_tiebreak_order() -> None:
    """Nine silent rounds (1 finger, a call of 2: both right every time): 0–0, and the earlier in the tiebreak
    order wins alone: a Death Match always has one loser."""
    state = table("morra", DUEL, advantage="bob")
    for _ in range(9):
        state, _ = step(state, {})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("bob",) and outcome.candidates == ("ann",)
