"""Cards and hands of Exodia, Obliterate: pure helpers, no state.

A card is the string ``"<effect>/<initial owner>"``; the 49 cards are the 7
effects times the 7 players, so every card is unique and a hand is a set
(kept as a sorted list so it serialises to JSON the same way every time).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

EFFECTS: tuple[str, ...] = ("steal", "force", "priority", "gift", "immune", "meta", "bomb")
# Cards that name a player as their target; Bomb guesses are about these.
TARGETING: frozenset[str] = frozenset({"steal", "force", "gift"})
# "You may not Steal a Steal" and the amendment "You can't Steal a Bomb".
UNSTEALABLE: frozenset[str] = frozenset({"steal", "bomb"})


def card(effect: str, owner: str) -> str:
    """The name of the card of ``effect`` whose initial owner is ``owner``."""
    return f"{effect}/{owner}"


def effect_of(name: str) -> str:
    """The effect part of a card name."""
    return name.split("/", 1)[0]


def owner_of(name: str) -> str:
    """The initial-owner part of a card name."""
    return name.split("/", 1)[1]


def deck(players: Sequence[str]) -> list[str]:
    """All 49 cards (7 effects × the players as initial owners), sorted."""
    return list(deck_of(tuple(players)))


# Validation and the bots ask for the deck many times a round; a roster's deck never changes.
@lru_cache(maxsize=64)
def deck_of(players: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`deck` as a tuple, remembered per roster."""
    return tuple(sorted(card(e, p) for e in EFFECTS for p in players))


@lru_cache(maxsize=64)
def deck_lookup(players: tuple[str, ...]) -> Mapping[str, str]:
    """Each card of the roster's deck by its lower-cased name."""
    return {c.lower(): c for c in deck_of(players)}


@lru_cache(maxsize=64)
def stealable(players: tuple[str, ...]) -> tuple[str, ...]:
    """The cards of the roster's deck a Steal may name at all (not a Steal or a Bomb), sorted."""
    return tuple(c for c in deck_of(players) if effect_of(c) not in UNSTEALABLE)


def starting_hand(player: str) -> list[str]:
    """One card of each effect, all with ``player`` as initial owner (the first clarification)."""
    return sorted(card(e, player) for e in EFFECTS)


def owners_held(hand: Iterable[str]) -> set[str]:
    """The distinct initial owners among ``hand``."""
    return {owner_of(c) for c in hand}


def count_effect(hand: Iterable[str], effect: str) -> int:
    """How many cards of ``effect`` are in ``hand``."""
    return sum(1 for c in hand if effect_of(c) == effect)


def has_exodia(hand: Iterable[str], players: Sequence[str], requirement: Mapping[str, int]) -> bool:
    """A card of every initial owner, and at least the MM Winner Twist's copies of each required effect."""
    cards = list(hand)
    if owners_held(cards) < set(players):
        return False
    return all(count_effect(cards, e) >= n for e, n in requirement.items())


def progress(hand: Iterable[str], players: Sequence[str], requirement: Mapping[str, int]) -> dict[str, object]:
    """How far ``hand`` is from an Exodia: owners held / missing and the required copies."""
    cards = list(hand)
    held = owners_held(cards)
    return {
        "owners_held": [p for p in players if p in held],
        "owners_missing": [p for p in players if p not in held],
        "required": {e: {"need": n, "have": count_effect(cards, e)} for e, n in sorted(requirement.items())},
        "exodia": has_exodia(cards, players, requirement),
    }


def group_by_owner(hand: Iterable[str], players: Sequence[str]) -> dict[str, list[str]]:
    """``hand`` grouped by initial owner, in seat order, every player present (possibly empty)."""
    groups: dict[str, list[str]] = {p: [] for p in players}
    for c in sorted(hand, key=lambda c: EFFECTS.index(effect_of(c))):
        groups.setdefault(owner_of(c), []).append(c)
    return groups
