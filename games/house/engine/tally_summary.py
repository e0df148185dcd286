"""What the dealer reads first when tallying a round: the submissions in reading order (by the first number
field when the round has one) and a line per field summing them up: for a number its count, mean, median,
lowest and highest (and the target a "closest to a target" round's mechanic would compute); for a choice,
how many picked each choice.

Pure: no Django, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from statistics import median
from typing import Any

from games.house.engine.mechanics.base import num
from games.house.engine.mechanics.target import target_for

NUMBER_TYPES = ("number", "garnets")


def _numbers(name: str, pending: Mapping[str, Any]) -> dict[str, int]:
    """Each player's whole number for field ``name`` (players who sent none are left out)."""
    found: dict[str, int] = {}
    for player, move in pending.items():
        value = move.get(name) if isinstance(move, Mapping) else None
        if isinstance(value, int) and not isinstance(value, bool):
            found[player] = value
    return found


def sort_field(fields: Sequence[Mapping[str, Any]]) -> str | None:
    """The name of the round's first number field (the tally table's order), or None."""
    return next((str(f["name"]) for f in fields if f.get("type") in NUMBER_TYPES), None)


def reading_order(fields: Sequence[Mapping[str, Any]], pending: Mapping[str, Any]) -> list[str]:
    """The players of ``pending`` lowest number first (seat order among equals; no number: last, in seat
    order), or in seat order when the round has no number field."""
    name = sort_field(fields)
    players = list(pending)
    if name is None:
        return players
    got = _numbers(name, pending)
    return sorted(players, key=lambda p: (p not in got, got.get(p, 0), players.index(p)))


def _number_line(label: str, got: Mapping[str, int], sent: int) -> str:
    if not got:
        return f"{label}: nobody sent a number."
    xs = list(got.values())
    mean = Fraction(sum(xs), len(xs))
    line = (
        f"{label}: {len(xs)} of {sent} sent · mean {num(mean)} · median {num(Fraction(median(xs)))}"
        f" · lowest {min(xs)} · highest {max(xs)}"
    )
    return line


def _choice_line(label: str, decl: Mapping[str, Any], pending: Mapping[str, Any]) -> str:
    picks = [move.get(str(decl["name"])) if isinstance(move, Mapping) else None for move in pending.values()]
    counts = [f"{c} {picks.count(c)}" for c in decl.get("choices") or []]
    missing = sum(1 for v in picks if v is None)
    if missing:
        counts.append(f"nothing {missing}")
    return f"{label}: " + " · ".join(counts)


def _target_line(resolve: Mapping[str, Any], pending: Mapping[str, Any]) -> str | None:
    """The target the "closest to a target" mechanic would compute from these submissions."""
    if resolve.get("by") != "mechanic" or resolve.get("mechanic") != "closest_to_target":
        return None
    params = resolve.get("params") or {}
    got = _numbers(str(params.get("field")), pending)
    if not got:
        return None
    try:
        _, explained = target_for(params, list(got.values()))
    except (KeyError, ValueError, ZeroDivisionError):
        return None
    return "The mechanic's target: " + explained.removeprefix("the target was ") + "."


def tally_summary(
    fields: Sequence[Mapping[str, Any]], pending: Mapping[str, Any], resolve: Mapping[str, Any] | None
) -> list[str]:
    """A line per number or choice field of the round summing up ``pending``, then the mechanic's target."""
    lines = []
    for decl in fields:
        label = str(decl.get("label") or decl.get("name"))
        if decl.get("type") in NUMBER_TYPES:
            lines.append(_number_line(label, _numbers(str(decl["name"]), pending), len(pending)))
        elif decl.get("type") == "choice":
            lines.append(_choice_line(label, decl, pending))
    target = _target_line(resolve or {}, pending)
    if target:
        lines.append(target)
    return lines
