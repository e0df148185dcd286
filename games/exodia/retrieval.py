"""The Retrieval Phase: who picks first, and which card each player takes from the Discard Pile."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from random import Random
from typing import Any

from games.exodia.cards import effect_of, owner_of, owners_held


def phase_count(round_number: int, pool_size: int) -> int:
    """Phases this round: one when the pile holds at least 7; from Round 8, one per full 7 cards."""
    if pool_size < 7:
        return 0
    return pool_size // 7 if round_number >= 8 else 1


def pick_order(
    players: Sequence[str], hands: Mapping[str, Collection[str]], priority: Collection[str], tiebreak: Sequence[str]
) -> list[str]:
    """Priority players first, then fewest unique initial owners held, then the Retrieval Tiebreak."""
    return sorted(players, key=lambda p: (p not in priority, len(owners_held(hands[p])), tiebreak.index(p)))


def choose(ranking: Mapping[str, Any], pool: Sequence[str], rng: Random) -> str | None:
    """The card a ranking takes: its most preferred value still in ``pool``, a random card among several."""
    by = ranking["by"]
    for value in ranking["order"]:
        matches = sorted(c for c in pool if (effect_of(c) if by == "effect" else owner_of(c)) == value)
        if matches:
            return matches[0] if len(matches) == 1 else rng.choice(matches)
    return None


def retrieve(
    *,
    round_number: int,
    players: Sequence[str],
    hands: dict[str, set[str]],
    pool: list[str],
    pile: list[str],
    priority: Collection[str],
    rankings: Mapping[str, Mapping[str, Any]],
    tiebreak: Sequence[str],
    rng: Random,
) -> tuple[int, list[tuple[str, str]]]:
    """Run this round's Retrieval Phases; mutate ``hands``, ``pool`` and ``pile``; return (phases, who got what)."""
    phases = phase_count(round_number, len(pool))
    taken: list[tuple[str, str]] = []
    for _ in range(phases):
        # Each phase is independent: the order is worked out again from the hands as they now are.
        for p in pick_order(players, hands, priority, tiebreak):
            got = choose(rankings[p], pool, rng)
            if got is None:
                break
            pool.remove(got)
            pile.remove(got)
            hands[p].add(got)
            taken.append((p, got))
    return phases, taken
