"""The Density Deck's 50 cards: their names, colours and power levels.

A card is named ``"<colour> <power>"`` in lower case: ``"red 10"``, ``"silver 4"``;
the 20 commons are ``"common 1"`` … ``"common 10"``. Copies of a card share its
name (there are two ``"common 4"`` and three ``"white 6"``), which is harmless
because copies are interchangeable for every rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from games.engine import RuleError

COMMON = "common"

# The colours with their three power levels, exactly as the rules text lists them.
COLOURS: dict[str, tuple[int, int, int]] = {
    "yellow": (3, 4, 5),
    "turquoise": (3, 3, 10),
    "red": (3, 5, 10),
    "blue": (3, 5, 10),
    "purple": (3, 5, 10),
    "silver": (4, 4, 4),
    "gold": (4, 4, 10),
    "aquamarine": (5, 5, 5),
    "white": (6, 6, 6),
    "black": (6, 6, 6),
}


def full_deck() -> list[str]:
    """The 50 cards in a fixed order: two commons of each power 1–10, then the colours."""
    cards = [f"{COMMON} {power}" for power in range(1, 11) for _ in range(2)]
    for colour, powers in COLOURS.items():
        cards.extend(f"{colour} {power}" for power in powers)
    return cards


DECK_COUNTS: Counter[str] = Counter(full_deck())


def colour_of(card: str) -> str:
    """The card's colour, or ``"common"``."""
    return card.split(" ", 1)[0]


def power_of(card: str) -> int:
    """The card's power level."""
    return int(card.rsplit(" ", 1)[1])


def is_colour(card: str) -> bool:
    """True for a colour card, False for a common card."""
    return colour_of(card) != COMMON


def parse_card(value: Any, what: str = "the card") -> str:
    """``value`` normalised to a card name (``" Red  10 "`` → ``"red 10"``), else a RuleError."""
    if not isinstance(value, str):
        raise RuleError(f'{what} must be a card name such as "red 10" or "common 4"')
    name = " ".join(value.lower().split())
    if name not in DECK_COUNTS:
        raise RuleError(f'{what}: "{value}" is not a card of the Density Deck')
    return name


def card_json(card: str) -> dict[str, Any]:
    """A card as the views show it: its name, colour and power."""
    return {"name": card, "colour": colour_of(card), "power": power_of(card)}


def check_available(cards: Iterable[str], what: str) -> None:
    """RuleError if ``cards`` use any card more often than the deck holds it."""
    used = Counter(cards)
    for card, count in used.items():
        if count > DECK_COUNTS.get(card, 0):
            raise RuleError(f"{what}: the deck holds only {DECK_COUNTS.get(card, 0)} × {card}")
