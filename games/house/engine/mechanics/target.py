"""Closest to a target: the target is a fraction of the mean or median of the guesses (the "2/3 of
the average" game), or a fixed number; the closest guess wins."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from random import Random
from statistics import median
from typing import Any

from games.engine import PlayerId
from games.house.engine.constants import LIMIT
from games.house.engine.mechanics.base import (
    Mechanic,
    Param,
    RoundInput,
    RoundResult,
    abstained_note,
    abstainers,
    frac,
    names,
    num,
    points_word,
    tiebreak_index,
    values,
)
from games.house.engine.mechanics.params import parse_fraction


def target_for(params: Mapping[str, Any], guesses: list[int]) -> tuple[Fraction, str]:
    """The target of ``guesses`` under the mechanic's ``params`` and how the announcement explains it
    ("the target was 2/3 × 41.5 (the mean of 12 guesses) = 27.67"); the dealer's tally shows it too."""
    how = params["target"]
    if how == "value":
        value = Fraction(int(params["value"]))
        return value, f"the target was {num(value)}"
    factor = parse_fraction(params["factor"])
    stat = Fraction(sum(guesses), len(guesses)) if how == "mean" else Fraction(median(guesses))
    target = factor * stat
    basis = f"the {how} of {len(guesses)} guess{'' if len(guesses) == 1 else 'es'}"
    if factor == 1:
        return target, f"the target was {basis}, {num(target)}"
    return target, f"the target was {frac(factor)} × {num(stat)} ({basis}) = {num(target)}"


def _run(inp: RoundInput, rng: Random) -> RoundResult:
    del rng  # ties follow the tiebreak order or are shared
    guesses: dict[PlayerId, int] = values(inp, inp.params["field"])
    missing = abstainers(inp, guesses)
    if not guesses:
        return RoundResult(f"{inp.label}: nobody guessed, so nobody wins.")
    target, explained = target_for(inp.params, list(guesses.values()))
    distance = {p: abs(g - target) for p, g in guesses.items()}
    best = min(distance.values())
    key = tiebreak_index(inp)
    closest = sorted((p for p in guesses if distance[p] == best), key=key)
    winners = closest if inp.params["ties"] == "all" else closest[:1]
    award, bonus = int(inp.params["award"]), int(inp.params["exact_bonus"])
    exact = best == 0
    gain = award + (bonus if exact else 0)
    shown = names(f"{p} ({guesses[p]})" for p in closest)
    text = f"{inp.label}: {explained}."
    if len(closest) == 1:
        text += f" {shown} is {'exactly on target' if exact else 'closest'}"
    else:
        text += f" {shown} are {'exactly on target' if exact else 'equally close'}"
        if len(winners) == 1:
            text += f"; {winners[0]} wins the tie (the tiebreak order)"
    if gain:
        verb = points_word(gain) if len(winners) == 1 else points_word(gain, plural=True) + " each"
        text += f" and {verb}"
        if exact and bonus:
            text += f" ({award} + {bonus} for an exact guess)"
    text += "." + abstained_note(missing, "guess")
    private: dict[PlayerId, str] = {}
    for p, g in guesses.items():
        if p in winners:
            private[p] = f"You guessed {g}: {'exactly on target' if exact else 'the closest'}."
        else:
            private[p] = f"You guessed {g}: {num(distance[p])} from the target."
    return RoundResult(
        text,
        private=private,
        points=dict.fromkeys(winners, gain) if gain else {},
        winners=tuple(winners),
    )


MECHANICS = (
    Mechanic(
        "closest_to_target",
        "Closest to a target",
        "The guess closest to the target wins: a fraction (say 2/3) of the mean or median of all guesses, or a fixed number.",
        (
            Param("field", "field", "The guess", "The number field players guess with.", field_types=("number",)),
            Param(
                "target",
                "choice",
                "The target is",
                "mean or median: the factor times the mean or median of the guesses; value: the fixed number below.",
                default="mean",
                choices=("mean", "median", "value"),
            ),
            Param(
                "factor",
                "fraction",
                "Factor",
                "Such as 2/3 or 0.5 (with mean or median).",
                default="2/3",
                low=-100,
                high=100,
            ),
            Param(
                "value",
                "int",
                "Fixed target",
                "The target when it is a fixed number.",
                default=0,
                low=-LIMIT,
                high=LIMIT,
            ),
            Param("award", "int", "Points to the closest", default=1, low=-1000, high=1000),
            Param(
                "exact_bonus",
                "int",
                "Bonus for an exact guess",
                "Added when a guess hits the target exactly.",
                default=0,
                low=-1000,
                high=1000,
            ),
            Param(
                "ties",
                "choice",
                "Equally close guesses",
                "all: every equally close player scores; tiebreak: only the earliest in the tiebreak order.",
                default="all",
                choices=("all", "tiebreak"),
            ),
        ),
        _run,
        example_fields=({"name": "guess", "type": "number", "min": 0, "max": 100},),
        example_params={"field": "guess", "target": "mean", "factor": "2/3"},
    ),
)
