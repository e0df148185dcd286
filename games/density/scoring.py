"""How a hand scores at the end of a Density Deck match: one small, replaceable piece.

A scorer takes the player's hand, the *revealed* Center Amplification cards and the
top card of each *other* player's discard pile, and returns a :class:`Score` with the
points and the lines that show the arithmetic. ``options["scoring"]`` picks one of
:data:`SCORERS` by name; ``"sum"`` is our ruling (see RULES.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games.density.cards import colour_of, is_colour, power_of
from games.engine import RuleError


@dataclass(frozen=True)
class Score:
    """A hand's score: the points, the Base Colour (None when no colour counts) and the working."""

    points: int
    base: str | None
    lines: tuple[str, ...]


Scorer = Callable[[Sequence[str], Sequence[str], Mapping[str, str]], Score]


def _colour_totals(hand: Sequence[str], amplification: Sequence[str], other_tops: Mapping[str, str]) -> list[Score]:
    """One Score per colour in the hand, in the order the colours first appear in it."""
    eligible = [(card, "hand") for card in hand]
    eligible += [(card, "Amplification") for card in amplification]
    eligible += [(card, f"{owner}'s discard") for owner, card in other_tops.items()]
    totals: list[Score] = []
    for colour in dict.fromkeys(colour_of(c) for c in hand if is_colour(c)):
        parts = [(card, where) for card, where in eligible if colour_of(card) == colour]
        points = sum(power_of(card) for card, _ in parts)
        working = " + ".join(f"{card} ({where})" for card, where in parts)
        totals.append(Score(points, colour, (f"{colour}: {working} = {points}",)))
    return totals


def _best_common(hand: Sequence[str]) -> Score:
    """The hand's highest common card (0 for a hand with no card at all)."""
    commons = [c for c in hand if not is_colour(c)]
    if not commons:
        return Score(0, None, ("no card counts = 0",))
    best = max(commons, key=power_of)
    return Score(power_of(best), None, (f"highest common card: {best} = {power_of(best)}",))


def score_sum(hand: Sequence[str], amplification: Sequence[str], other_tops: Mapping[str, str]) -> Score:
    """Our ruling: each colour in the hand totals the power of every eligible card of that colour.

    Eligible cards are the hand, the revealed Center Amplification cards and the top card
    of every other player's discard pile. The best colour is the Base Colour and its total
    the score; a hand with no colour card scores its highest common card.
    """
    totals = _colour_totals(hand, amplification, other_tops)
    if not totals:
        common = _best_common(hand)
        return Score(common.points, None, ("no colour card in hand", *common.lines, f"score {common.points}"))
    best = max(totals, key=lambda s: s.points)  # first colour wins a tie: the score is the same
    lines = [line for s in totals for line in s.lines]
    return Score(best.points, best.base, (*lines, f"score {best.points} (Base Colour {best.base})"))


def score_sum_or_common(hand: Sequence[str], amplification: Sequence[str], other_tops: Mapping[str, str]) -> Score:
    """A host variant: as ``sum``, but a common card in hand scores its power when that beats every colour."""
    colour = score_sum(hand, amplification, other_tops)
    common = _best_common(hand)
    if common.points > colour.points:
        return Score(common.points, None, (*colour.lines[:-1], *common.lines, f"score {common.points}"))
    return colour


SCORERS: dict[str, Scorer] = {"sum": score_sum, "sum-or-common": score_sum_or_common}


def scorer(name: object) -> Scorer:
    """The scorer called ``name``, else a RuleError listing the known ones."""
    if not isinstance(name, str) or name not in SCORERS:
        raise RuleError(f"options.scoring must be one of: {', '.join(SCORERS)}")
    return SCORERS[name]
