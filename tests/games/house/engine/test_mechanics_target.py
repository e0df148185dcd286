"""closest_to_target: 2/3 of the mean or median, a fixed target, ties, exact bonus, abstentions."""

from __future__ import annotations

import pytest

from games.house.engine.errors import DefinitionError
from tests.games.house.engine.helpers_mechanics import number, run


def test_two_thirds_of_the_mean() -> None:
    """Guesses 27, 90, 28, 21 (eve abstains): mean 166/4 = 41.5; target 2/3 × 41.5 = 27.67. Distances:
    27 → 0.67, 28 → 0.33, 21 → 6.67, 90 → 62.33: cat (28) is closest and scores 1."""
    r = run(
        "closest_to_target",
        [number()],
        {"ann": {"guess": 27}, "bob": {"guess": 90}, "cat": {"guess": 28}, "dan": {"guess": 21}, "eve": {}},
        label="Round 2",
    )
    assert r.announcement == (
        "Round 2: the target was 2/3 × 41.5 (the mean of 4 guesses) = 27.67. cat (28) is closest and scores 1. "
        "eve sent no guess."
    )
    assert r.winners == ("cat",)
    assert r.points == {"cat": 1}
    assert r.private["ann"] == "You guessed 27: 0.67 from the target."


def test_half_the_median() -> None:
    """Guesses 10, 20, 60, 100: median (20 + 60) / 2 = 40; factor 0.5 → target 20: bob is exact and
    scores award 2 + exact bonus 3 = 5."""
    r = run(
        "closest_to_target",
        [number()],
        {"ann": {"guess": 10}, "bob": {"guess": 20}, "cat": {"guess": 60}, "dan": {"guess": 100}},
        {"target": "median", "factor": "0.5", "award": 2, "exact_bonus": 3},
    )
    assert r.points == {"bob": 5}
    assert r.announcement == (
        "Round 1: the target was 1/2 × 40 (the median of 4 guesses) = 20. bob (20) is exactly on target "
        "and scores 5 (2 + 3 for an exact guess)."
    )


def test_equally_close_guesses_all_score() -> None:
    """Fixed target 50: 48 and 52 are both 2 away; with ties: all, ann and bob score 1 each."""
    r = run(
        "closest_to_target",
        [number()],
        {"ann": {"guess": 48}, "bob": {"guess": 52}, "cat": {"guess": 10}},
        {"target": "value", "value": 50},
    )
    assert r.points == {"ann": 1, "bob": 1}
    assert r.winners == ("ann", "bob")
    assert r.announcement == "Round 1: the target was 50. ann (48) and bob (52) are equally close and score 1 each."


def test_equally_close_guesses_by_tiebreak() -> None:
    """Fixed target 50, 48 and 52 tied, ties: tiebreak with order (bob, ann): only bob scores."""
    r = run(
        "closest_to_target",
        [number()],
        {"ann": {"guess": 48}, "bob": {"guess": 52}},
        {"target": "value", "value": 50, "ties": "tiebreak"},
        tiebreak=("bob", "ann"),
    )
    assert r.points == {"bob": 1}
    assert r.winners == ("bob",)
    assert (
        "bob (52) and ann (48) are equally close; bob wins the tie (the tiebreak order) and scores 1." in r.announcement
    )


def test_factor_one_names_the_plain_mean() -> None:
    """Factor 1: the target is the mean itself, (3 + 4) / 2 = 3.5; both are 0.5 away and score."""
    r = run("closest_to_target", [number()], {"ann": {"guess": 3}, "bob": {"guess": 4}}, {"factor": "1"})
    assert r.announcement.startswith("Round 1: the target was the mean of 2 guesses, 3.5.")


def test_nobody_guesses() -> None:
    """No guess at all: no target and nobody wins."""
    r = run("closest_to_target", [number()], {"ann": {}})
    assert r.announcement == "Round 1: nobody guessed, so nobody wins."
    assert r.winners == ()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"factor": "two thirds"}, "^factor: must be a number such as 2/3"),
        ({"factor": "1/0"}, "^factor: must be a number such as 2/3"),
        ({"factor": "101"}, "^factor: must be at most 100"),
        ({"ties": "random"}, "^ties: must be one of all, tiebreak"),
        ({"award": 1.5}, "^award: must be a whole number"),
        ({"field": "nope"}, "^field: this round has no field named 'nope'"),
    ],
)
def test_bad_params_name_the_param(params: dict[str, object], message: str) -> None:
    """Each bad param is refused with a message that starts with its name."""
    with pytest.raises(DefinitionError, match=message):
        run("closest_to_target", [number()], {"ann": {"guess": 1}}, params)


def test_factor_is_kept_exact() -> None:
    """ "0.5" and "2/4" are cleaned to the exact fraction "1/2"."""
    from games.house.engine.mechanics import mechanic_params_clean

    assert mechanic_params_clean("closest_to_target", {"factor": "2/4"}, [number()])["factor"] == "1/2"
    assert mechanic_params_clean("closest_to_target", {"factor": 0.5}, [number()])["factor"] == "1/2"
