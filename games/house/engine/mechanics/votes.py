"""Votes: plurality, or a majority with a runoff between the top two, over a player or choice field;
the chosen player scores and/or is out, or the voters for the chosen option score."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from games.engine import PlayerId
from games.house.engine.errors import ParamError
from games.house.engine.mechanics.base import (
    Fields,
    Mechanic,
    Param,
    RoundInput,
    RoundResult,
    abstainers,
    field_decl,
    names,
    points_word,
    values,
)


def _check(params: Mapping[str, Any], fields: Fields) -> None:
    """``out`` needs a player field; a second choice comes from another field of a fitting type."""
    kind = field_decl(fields, params["field"])["type"]
    if params["effect"] != "points" and kind != "player":
        raise ParamError("effect", "only a vote for a player can put someone out of the match")
    second = params["second"]
    if second is None:
        return
    if second == params["field"]:
        raise ParamError("second", "must be another field than the vote itself")
    second_kind = field_decl(fields, second)["type"]
    if kind == "choice" and second_kind != "choice":
        raise ParamError("second", "a vote on a choice field takes its second choice from another choice field")
    if kind == "player" and second_kind not in ("player", "order"):
        raise ParamError("second", "a vote for a player takes its second choice from a player or order field")


def _preference(inp: RoundInput, kind: str, against: bool) -> Callable[[str], tuple[int, str]]:
    """A sort key that puts first the option a tie goes to: for players, the earlier in the tiebreak
    order, or the later one when being chosen costs (``against``: out, or a negative award); for
    choices, the one listed first in the field."""
    if kind == "choice":
        decl_choices = [str(c) for c in field_decl(inp.fields, inp.params["field"]).get("choices", ())]
        return lambda o: (decl_choices.index(o) if o in decl_choices else len(decl_choices), o)
    index = {p: i for i, p in enumerate(inp.tiebreak)}
    sign = -1 if against else 1
    return lambda o: (sign * index.get(o, len(index)), o)


def _tie_reason(kind: str, against: bool) -> str:
    if kind == "choice":
        return "the option listed first"
    return "the later player in the tiebreak order" if against else "the earlier player in the tiebreak order"


def _tally(counts: Mapping[str, int], order: list[str]) -> str:
    return ", ".join(f"{o} {counts[o]}" for o in order)


def _runoff_pick(
    ballot: PlayerId, first: str, finalists: tuple[str, str], seconds: Mapping[PlayerId, Any]
) -> str | None:
    """Which finalist a ballot counts for in the runoff: its first choice if a finalist, else its
    second choice (a player, a choice, or the finalist ranked higher in an order); else none."""
    if first in finalists:
        return first
    second = seconds.get(ballot)
    if isinstance(second, str):
        return second if second in finalists else None
    if isinstance(second, list | tuple):
        return next((o for o in second if o in finalists), None)
    return None


def _run(inp: RoundInput, rng: Random) -> RoundResult:
    del rng  # ties follow the tiebreak order
    decl = field_decl(inp.fields, inp.params["field"])
    kind = str(decl["type"])
    effect, award = inp.params["effect"], int(inp.params["award"])
    ballots: dict[PlayerId, str] = values(inp, decl["name"])
    missing = abstainers(inp, ballots)
    absent = f" {len(missing)} abstained ({names(missing)})." if missing else ""
    if not ballots:
        return RoundResult(f"{inp.label}: nobody voted, so nothing is decided.{absent}")
    against = effect != "points" or award < 0
    pref = _preference(inp, kind, against)
    counts = Counter(ballots.values())
    order = sorted(counts, key=lambda o: (-counts[o], pref(o)))
    total = len(ballots)
    text = f"{inp.label}: the votes were {_tally(counts, order)}."
    chosen = order[0]
    runoff: dict[PlayerId, str | None] = {}
    if inp.params["method"] == "majority_runoff" and counts[chosen] * 2 <= total:
        finalists = (order[0], order[1])
        seconds = values(inp, inp.params["second"]) if inp.params["second"] else {}
        runoff = {p: _runoff_pick(p, b, finalists, seconds) for p, b in ballots.items()}
        second_counts = Counter(o for o in runoff.values() if o is not None)
        chosen = min(finalists, key=lambda o: (-second_counts[o], pref(o)))
        exhausted = sum(1 for o in runoff.values() if o is None)
        text += (
            f" Nobody has more than half of the {total} votes: runoff between {finalists[0]} and {finalists[1]},"
            f" {finalists[0]} {second_counts[finalists[0]]}, {finalists[1]} {second_counts[finalists[1]]}"
        )
        text += f" ({exhausted} vote{'' if exhausted == 1 else 's'} for neither)." if exhausted else "."
        if second_counts[finalists[0]] == second_counts[finalists[1]]:
            text += f" The tie goes to {chosen}, {_tie_reason(kind, against)}."
    elif len(order) > 1 and counts[order[0]] == counts[order[1]]:
        text += f" The tie goes to {chosen}, {_tie_reason(kind, against)}."
    points: dict[PlayerId, int] = {}
    out: tuple[PlayerId, ...] = ()
    if kind == "player":
        text += f" {chosen} is chosen"
        if effect != "out" and award:
            points[chosen] = award
            text += f" and {points_word(award)}"
        if effect != "points":
            out = (chosen,)
            text += " and is out of the match"
        text += "."
    else:
        voters = [p for p in inp.players if ballots.get(p) == chosen]
        text += f" {chosen} is chosen."
        if award:
            points = dict.fromkeys(voters, award)
            each = " each" if len(voters) > 1 else ""
            verb = points_word(award, plural=len(voters) > 1)
            text += f" {names(voters)}, who voted {chosen}, {verb}{each}."
    text += absent
    private: dict[PlayerId, str] = {}
    for p, b in ballots.items():
        line = f"You voted for {b}."
        if runoff and b != runoff[p]:
            line += (
                f" In the runoff your vote counted for {runoff[p]}."
                if runoff[p]
                else " In the runoff your vote counted for neither."
            )
        private[p] = line
    winners = tuple(p for p in points if points[p] > 0)
    return RoundResult(text, private=private, points=points, winners=winners, out=out)


MECHANICS = (
    Mechanic(
        "vote",
        "Vote",
        "Players vote for a player or an option: the most votes wins (or a majority, with a runoff between the top two); the chosen player scores or is out, or the voters for the chosen option score.",
        (
            Param(
                "field",
                "field",
                "The vote",
                "The player or choice field players vote with.",
                field_types=("player", "choice"),
            ),
            Param(
                "method",
                "choice",
                "Counting",
                "plurality: the most votes wins; majority_runoff: without more than half of the votes, the top two face a runoff.",
                default="plurality",
                choices=("plurality", "majority_runoff"),
            ),
            Param(
                "second",
                "field",
                "Second choice",
                "For the runoff: a field naming each voter's second choice (left empty: only the votes for the top two count).",
                field_types=("choice", "player", "order"),
                optional=True,
            ),
            Param(
                "effect",
                "choice",
                "What the vote does",
                "points: the chosen player (or the voters for the chosen option) scores the award; out: the chosen player is out of the match; points_and_out: both.",
                default="points",
                choices=("points", "out", "points_and_out"),
            ),
            Param(
                "award",
                "int",
                "Points",
                "Points to the chosen player, or to each voter for the chosen option (may be negative).",
                default=1,
                low=-1000,
                high=1000,
            ),
        ),
        _run,
        _check,
        example_fields=({"name": "vote", "type": "player"},),
        example_params={"field": "vote", "effect": "out"},
    ),
)
