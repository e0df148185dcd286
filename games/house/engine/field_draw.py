"""The ``draw`` field of ``garnet-house/2`` (FORMAT.md "Shared piles"): the player draws one card into their
``pile``, from the top of its deck (``"deck"``) or from the top of another player's ``from`` pile (a discard pile
others draw from). Its keys checked and a player's value normalised here; what it may ask of the piles now is
checked with the state, and the card drawn, in ``items_shared``.

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import PlayerId
from games.house.engine.field_base import Bad, Fail, FieldType, handle

DECK = "deck"
"""A draw field's value that draws the top card of the pile's deck."""


class Draw(FieldType):
    """One card drawn into the player's ``pile``: ``"deck"``, or a player whose ``from`` pile's top card is taken."""

    name = "draw"
    keys = ("pile", "from")
    exchange = True

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        out["pile"] = raw.get("pile") if isinstance(raw.get("pile"), str) else None
        if out["pile"] is None:
            fail(f"{path}.pile", "must name a pile (where the card drawn goes)")
        source = raw.get("from")
        if source is not None and not isinstance(source, str):
            fail(f"{path}.from", "must name a pile (each player's pile others may draw the top of), or be null")
            source = None
        out["from"] = source

    def default_problem(self, decl: Mapping[str, Any]) -> str | None:
        if decl["default"] != DECK:
            return 'a draw field\'s default is "deck" (a missing one draws from the deck) or null (no draw)'
        return None

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        if isinstance(value, str) and value.strip().lower() == DECK:
            return DECK
        if decl.get("from") is None:
            raise bad('must be "deck" (this draw takes from the deck only)')
        if not isinstance(value, str) or not value.strip():
            raise bad('must be "deck" or a player whose pile you draw from')
        return handle(decl, value, player, eligible, bad)

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return None  # what the piles hold decides it: items_shared.random_draw


def check_piles(fail: Fail, decl: Mapping[str, Any], where: str, piles: Sequence[Mapping[str, Any]]) -> None:
    """A draw field's ``pile`` and ``from``, a card field's ``to``: declared piles of the same deck as the field's
    ``pile`` (a card never changes deck), each error naming its path."""
    decks = {p["name"]: p["deck"] for p in piles}
    own = decks.get(decl.get("pile") or "")
    if decl["type"] == "draw" and own is None:
        fail(f"{where}.pile", f'"{decl.get("pile")}" is not a pile')
    for key in ("from", "to"):
        name = decl.get(key)
        if name is None or own is None:
            continue
        if name not in decks:
            fail(f"{where}.{key}", f'"{name}" is not a pile')
        elif decks[name] != own:
            fail(f"{where}.{key}", f'"{name}" holds cards of the deck {decks[name]}, not {own} (the pile\'s)')
