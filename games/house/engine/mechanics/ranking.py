"""Sum of rankings: every player ranks the others (an order field); each ranked player's places are
added up and the lowest total wins, or every place scores."""

from __future__ import annotations

from fractions import Fraction
from random import Random

from games.engine import PlayerId
from games.house.engine.mechanics.base import (
    Mechanic,
    Param,
    RoundInput,
    RoundResult,
    abstained_note,
    abstainers,
    names,
    num,
    points_word,
    tiebreak_index,
    values,
)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _run(inp: RoundInput, rng: Random) -> RoundResult:
    """Places (1st = 1) summed over every ranking sent; the lowest total wins. A player listed in fewer
    rankings than another (their own, with not_self, or a ranking they were not eligible for) is
    compared on the average place, which orders equal counts exactly as the totals do."""
    del rng
    rankings: dict[PlayerId, list[PlayerId]] = {p: list(v) for p, v in values(inp, inp.params["field"]).items()}
    missing = abstainers(inp, rankings)
    total: dict[PlayerId, int] = {}
    count: dict[PlayerId, int] = {}
    for ranking in rankings.values():
        for place, p in enumerate(dict.fromkeys(ranking), start=1):
            total[p] = total.get(p, 0) + place
            count[p] = count.get(p, 0) + 1
    if not total:
        return RoundResult(f"{inp.label}: nobody sent a ranking, so nobody wins.")
    key = tiebreak_index(inp)
    mean = {p: Fraction(total[p], count[p]) for p in total}
    order = sorted(total, key=lambda p: (mean[p], key(p)))
    even = len(set(count.values())) == 1
    if even:
        shown = ", ".join(f"{p} {total[p]}" for p in order)
        text = f"{inp.label}: the totals of the places (lower is better) were {shown}."
    else:
        shown = ", ".join(f"{p} {num(mean[p])}" for p in order)
        text = f"{inp.label}: not every player was ranked as often, so the average place decides (lower is better): {shown}."
    best = order[0]
    tied = [p for p in order if mean[p] == mean[best]]
    if len(tied) > 1:
        text += f" {names(tied)} tie; {best} is earlier in the tiebreak order."
    award = int(inp.params["award"])
    if inp.params["scoring"] == "winner":
        points = {best: award} if award else {}
        if award:
            text += f" {best} {points_word(award)}."
    else:
        points = {p: award * (len(order) - i) for i, p in enumerate(order, start=1) if award * (len(order) - i)}
        if points:
            text += f" Each place scores {award} per player ranked below it: {', '.join(f'{p} {n}' for p, n in points.items())}."
    text += abstained_note(missing, "ranking")
    private = {
        p: f"You are {_ordinal(i)} of {len(order)}, with a total of {total[p]} over {count[p]} ranking{'' if count[p] == 1 else 's'}."
        for i, p in enumerate(order, start=1)
    }
    return RoundResult(text, private=private, points=points, winners=(best,))


MECHANICS = (
    Mechanic(
        "ranking_sum",
        "Sum of rankings",
        "Every player ranks the others; places are added up (1st = 1 point) and the lowest total wins, or every place scores.",
        (
            Param("field", "field", "The ranking", "The order field players rank with.", field_types=("order",)),
            Param(
                "scoring",
                "choice",
                "Who scores",
                "winner: the lowest total scores the award; by_rank: each player scores the award per player with a worse place.",
                default="winner",
                choices=("winner", "by_rank"),
            ),
            Param("award", "int", "Points", default=1, low=-1000, high=1000),
        ),
        _run,
        example_fields=({"name": "ranking", "type": "order"},),
        example_params={"field": "ranking", "scoring": "by_rank"},
    ),
)
