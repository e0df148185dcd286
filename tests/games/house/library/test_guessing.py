"""Library games of secret numbers and sides, each played by hand from its rules text."""

from __future__ import annotations

from tests.games.house.library.helpers import table
from tests.games.house.scenario import E, step

PLAYERS = ["ann", "bob", "cat"]


def test_two_thirds_the_closest_to_two_thirds_of_the_average_scores() -> None:
    """30, 60, 90: the average 60, the target 40, ann (10 away) scores; then 0, 0, 30: target 6, both 0s
    score; then 10, 20, 30: target 13, ann 10 (3 away). ann 3, bob 1, cat 0: ann wins, cat is the candidate."""
    state = table("two_thirds", PLAYERS)
    state, _ = step(state, {"ann": {"guess": 30}, "bob": {"guess": 60}, "cat": {"guess": 90}})
    assert state["scores"] == {"ann": 1, "bob": 0, "cat": 0}
    state, _ = step(state, {"ann": {"guess": 0}, "bob": {"guess": 0}, "cat": {"guess": 30}})
    assert state["scores"] == {"ann": 2, "bob": 1, "cat": 0}
    state, _ = step(state, {"ann": {"guess": 10}, "bob": {"guess": 20}, "cat": {"guess": 30}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("ann",) and outcome.candidates[0] == "cat"
    assert dict(outcome.tokens) == {"ann": 1}


def test_only_one_a_number_nobody_else_picked_scores_its_value() -> None:
    """5, 5, 3: only cat's 3 is alone (3); 4, 2, 1 all alone (4, 2, 1); silence picks 1: ann 1 alone when the
    others pick 2; a last round of 5, 4, 4: ann 5. ann 10, bob 2, cat 5."""
    state = table("only_one", PLAYERS)
    state, _ = step(state, {"ann": {"pick": 5}, "bob": {"pick": 5}, "cat": {"pick": 3}})
    assert state["scores"] == {"ann": 0, "bob": 0, "cat": 3}
    state, _ = step(state, {"ann": {"pick": 4}, "bob": {"pick": 2}, "cat": {"pick": 1}})
    assert state["scores"] == {"ann": 4, "bob": 2, "cat": 4}
    state, _ = step(state, {"bob": {"pick": 2}, "cat": {"pick": 2}})  # ann sends nothing: picks 1, alone
    assert state["scores"] == {"ann": 5, "bob": 2, "cat": 4}
    state, _ = step(state, {"ann": {"pick": 5}, "bob": {"pick": 4}, "cat": {"pick": 4}})
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 10, "bob": 2, "cat": 4}
    assert outcome is not None and outcome.winners == ("ann",) and outcome.candidates[0] == "bob"


def test_the_minority_the_smaller_side_scores_and_an_even_split_scores_nobody() -> None:
    """Four players: Red, Red, Blue, Red: dan alone on Blue scores; Red, Red, Blue, Blue: even, nobody; silence
    is Red. After five rounds the smaller sides' players lead."""
    players = ["ann", "bob", "cat", "dan"]
    state = table("minority", players)
    state, _ = step(
        state, {"ann": {"side": "Red"}, "bob": {"side": "Red"}, "cat": {"side": "Blue"}, "dan": {"side": "Red"}}
    )
    assert state["scores"] == {"ann": 0, "bob": 0, "cat": 1, "dan": 0}
    state, _ = step(
        state, {"ann": {"side": "Red"}, "bob": {"side": "Red"}, "cat": {"side": "Blue"}, "dan": {"side": "Blue"}}
    )
    assert state["scores"] == {"ann": 0, "bob": 0, "cat": 1, "dan": 0}
    state, _ = step(state, {"ann": {"side": "Blue"}})  # the others send nothing: three Reds
    assert state["scores"] == {"ann": 1, "bob": 0, "cat": 1, "dan": 0}
    state, _ = step(state, {"ann": {"side": "Blue"}, "cat": {"side": "Blue"}, "dan": {"side": "Blue"}})
    assert state["scores"] == {"ann": 1, "bob": 1, "cat": 1, "dan": 0}
    state, _ = step(state, {"ann": {"side": "Blue"}})
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 2, "bob": 1, "cat": 1, "dan": 0}
    assert outcome is not None and outcome.winners == ("ann",) and outcome.candidates[0] == "dan"
