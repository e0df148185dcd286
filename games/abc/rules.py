"""Pure rules of the ABC game: the payoff table, doubling costs and the final standings.

Nothing here knows about turns or state; ``games/abc/engine.py`` strings these
functions together. No Django, no clock, no module-level random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

ACTIONS: tuple[str, ...] = ("ally", "betray", "censure")
ROUNDS = 5
PLAYERS = 5
TOKENS_SOLE_WINNER = 2
TOKENS_TIED_WINNER = 1
POINTS_PER_GARNET = 5
FIRST_DOUBLE_COST = 2

# (my action, my pair's action) -> (my points, my pair's points, the X's points), from the rules text.
PAYOFFS: dict[tuple[str, str], tuple[int, int, int]] = {
    ("ally", "ally"): (2, 2, 1),
    ("betray", "betray"): (0, 0, 2),
    ("censure", "censure"): (-2, -2, 2),
    ("ally", "betray"): (-2, 3, 0),
    ("betray", "ally"): (3, -2, 0),
    ("ally", "censure"): (2, -2, -1),
    ("censure", "ally"): (-2, 2, -1),
    ("betray", "censure"): (-2, 3, -1),
    ("censure", "betray"): (3, -2, -1),
}


def pair_payoff(first: str, second: str) -> tuple[int, int, int]:
    """The undoubled points of (first player, second player, the X) for one pair's actions."""
    return PAYOFFS[(first, second)]


def double_cost(uses: int) -> int:
    """What the next double costs after ``uses`` earlier ones: 2, 3, 4, 5 and on by 1."""
    return FIRST_DOUBLE_COST + uses


def garnets_for_points(points: int) -> int:
    """Garnets earned at the end: 1 per full 5 points; a score of zero or less earns none."""
    return max(0, points) // POINTS_PER_GARNET


def token_winners(scores: Mapping[str, int], seats: Sequence[str]) -> dict[str, int]:
    """Tokens of Life by player: 2 to a sole leader, 1 each to exactly two tied leaders, else none.

    Everyone tied means three or more tied leaders, so nobody wins (the second clarification).
    The result lists winners in seat order.
    """
    top = max(scores[p] for p in seats)
    leaders = [p for p in seats if scores[p] == top]
    if len(leaders) == 1:
        return {leaders[0]: TOKENS_SOLE_WINNER}
    if len(leaders) == 2:
        return {p: TOKENS_TIED_WINNER for p in leaders}
    return {}


def tied_for_last(scores: Mapping[str, int], seats: Sequence[str]) -> list[str]:
    """Every player with the lowest score, in seat order."""
    low = min(scores[p] for p in seats)
    return [p for p in seats if scores[p] == low]


def lowest_garnets(candidates: Sequence[str], balances: Mapping[str, int], rng: Random) -> tuple[str, bool]:
    """The candidate with the fewest garnets, and whether a draw by lot was needed to find them.

    Candidates still tied on garnets are drawn by lot from ``rng`` (seeded by the
    framework, so the draw replays from the match seed).
    """
    low = min(balances[p] for p in candidates)
    fewest = [p for p in candidates if balances[p] == low]
    if len(fewest) == 1:
        return fewest[0], False
    return rng.choice(fewest), True


def signed(points: int) -> str:
    """Points as a host writes them: +3, 0, -2."""
    return f"+{points}" if points > 0 else str(points)
