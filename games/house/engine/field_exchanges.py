"""The field types that pay, pair or hand things over (FORMAT.md "Fields in /2"): ``flag``, ``pairing``, ``give``,
``trade`` and ``card``, one class each (``field_types.FIELD_TYPES`` registers them): their keys checked, a player's values
checked and normalised, random legal values; what a value may ask of what the player holds is checked with the state (``items.check_move``,
``play.check_move``).

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import PlayerId, RuleError
from games.house.engine.constants import LIMIT
from games.house.engine.field_base import Bad, Fail, FieldType, handle
from games.house.engine.field_draw import Draw

NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
DRAWN = "drawn"
"""A card field's value that plays the pile's last card: the one just drawn (or dealt)."""


def _int(value: Any, path: str, fail: Fail, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        fail(path, f"must be a whole number from {low} to {high}")
        return None
    return value


def _digits(value: Any) -> Any:
    """Text of digits as the whole number it spells (a form sends text); anything else as it is."""
    return int(value) if isinstance(value, str) and value.strip().isdigit() else value


class _Held(FieldType):
    """A type whose value moves what a player holds: no default (a missing one gives, trades or plays
    nothing), and no random value here (what the player holds decides it: ``items_draw.random_value``)."""

    def default_problem(self, decl: Mapping[str, Any]) -> str | None:
        return f"a {decl['type']} field's default must be null (a missing one gives, trades or plays nothing)"

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return None


class Flag(FieldType):
    """Yes or no; setting it may cost garnets (``cost``)."""

    name = "flag"
    keys = ("cost",)
    exchange = True

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        out["cost"] = _flag_cost(raw.get("cost"), f"{path}.cost", fail)

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
            return value.strip().lower() in ("true", "yes", "on", "1")
        if not isinstance(value, bool):
            raise bad("must be yes or no")
        return value

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return rng.random() < 1 / 3


class Pairing(_Held):
    """Every eligible player in one pair (one left out when their number is odd)."""

    name = "pairing"
    exchange = True

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        return pairing_value(value, eligible, bad)

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        order = list(eligible)
        rng.shuffle(order)
        return pairing_value([order[i : i + 2] for i in range(0, len(order) - 1, 2)], eligible, RuleError)


class Give(_Held):
    """An amount of a holding to a player, or (``pile``) one card of the giver's pile."""

    name = "give"
    keys = ("holding", "pile", "max")
    exchange = True

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        if isinstance(raw.get("pile"), str) and "holding" not in raw:
            out["pile"] = raw["pile"]  # an item: one card of the giver's pile, to the same pile of the receiver
            return
        out["holding"] = raw.get("holding") if isinstance(raw.get("holding"), str) else None
        if out["holding"] is None:
            fail(f"{path}.holding", "must name a holding (or a pile, to give a card)")
        out["max"] = _int(raw.get("max", 100), f"{path}.max", fail, 1, LIMIT) or 100

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        if decl.get("pile"):
            if not isinstance(value, Mapping) or set(value) != {"to", "card"}:
                raise bad('must be {"to": a player, "card": one of your cards}')
            card = _digits(value["card"])
            if isinstance(card, bool) or not isinstance(card, int):
                raise bad("must give one of your cards")
            return {"to": handle(decl, value["to"], player, eligible, bad), "card": card}
        if not isinstance(value, Mapping) or set(value) != {"to", "amount"}:
            raise bad('must be {"to": a player, "amount": a whole number}')
        amount = _digits(value["amount"])
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= decl["max"]:
            raise bad(f"the amount must be a whole number from 1 to {decl['max']}")
        return {"to": handle(decl, value["to"], player, eligible, bad), "amount": amount}


class Trade(_Held):
    """An offer to a player: holdings given and got (``terms``), public or seen only by the two (``public``)."""

    name = "trade"
    keys = ("holdings", "max", "public", "terms", "one_for_one", "barred")
    exchange = True

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        held = raw.get("holdings")
        if not isinstance(held, list) or not 1 <= len(held) <= 16 or not all(isinstance(h, str) for h in held):
            fail(f"{path}.holdings", "must list the holdings that may be traded (1 to 16)")
            held = []
        out["holdings"] = list(held)
        out["max"] = _int(raw.get("max", 100), f"{path}.max", fail, 1, LIMIT) or 100
        public = raw.get("public", True)
        if not isinstance(public, bool):
            fail(f"{path}.public", "must be true or false")
        out["public"] = public is not False
        terms = raw.get("terms", "matching")
        if terms not in ("matching", "each_gives"):
            fail(f"{path}.terms", "must be one of: matching, each_gives")
        out["terms"] = terms if terms in ("matching", "each_gives") else "matching"
        if raw.get("one_for_one") is not None and not isinstance(raw["one_for_one"], bool):
            fail(f"{path}.one_for_one", "must be true or false")
        if raw.get("one_for_one") is True:  # set only when on: other trades' declarations stay as they were
            out["one_for_one"] = True
        if raw.get("barred") is not None:  # its formula is compiled with the definition's names (sections_trades)
            out["barred"] = barred_keys(raw["barred"], f"{path}.barred", fail)

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        found = trade_value(decl, value, bad)
        return {"with": handle(decl, found.pop("with"), player, eligible, bad), **found}


class Card(_Held):
    """One card of the player's ``pile``, by its number, or ``"drawn"``: the pile's last card (the one just drawn
    or dealt); played to the deck's discard, or (``to``) onto the player's own pile ``to``; ``player``: the round's
    ``player`` field that names the card's target or choice (house-158)."""

    name = "card"
    keys = ("pile", "to", "player")
    exchange = True

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        out["pile"] = raw.get("pile") if isinstance(raw.get("pile"), str) else None
        if out["pile"] is None:
            fail(f"{path}.pile", "must name a pile")
        if "to" in raw:  # garnet-house/2 shared piles: the card goes onto the player's own pile `to`
            out["to"] = raw["to"] if isinstance(raw["to"], str) else None
            if out["to"] is None:
                fail(f"{path}.to", "must name a pile (the player's own pile the card goes onto)")
        if "player" in raw:  # checked against the round's fields once they are all read (round_read)
            out["player"] = raw["player"] if isinstance(raw["player"], str) else None
            if out["player"] is None:
                fail(f"{path}.player", "must name a player field of the round (the card's target or choice)")

    def default_problem(self, decl: Mapping[str, Any]) -> str | None:
        if decl["default"] == DRAWN:
            return None  # the card just drawn: a default that depends on the turn (house-94)
        return f'a card field\'s default must be null (a missing one plays nothing) or "{DRAWN}"'

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        if isinstance(value, str) and value.strip().lower() == DRAWN:
            return DRAWN
        value = _digits(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 100_000:
            raise bad("must be one of your cards")
        return value


FIELD_TYPES2: tuple[FieldType, ...] = (Flag(), Pairing(), Give(), Trade(), Card(), Draw())
"""The ``/2`` field types, in the order the format lists them."""


def _flag_cost(raw: Any, path: str, fail: Fail) -> dict[str, Any] | None:
    """A flag's garnet cost: null (free), a whole number, or ``{start, step, counter}``: ``start`` the first
    time, ``step`` more for each earlier use counted in holding ``counter`` (FORMAT.md /2, "costs that rise")."""
    if raw is None:
        return None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = _int(raw, path, fail, 0, 1000)
        return {"start": value or 0, "step": 0, "counter": None}
    if not isinstance(raw, Mapping):
        fail(path, "must be a whole number or {start, step, counter}")
        return None
    for key in raw:
        if key not in ("start", "step", "counter"):
            fail(f"{path}.{key}", "is not a key of a cost (known: start, step, counter)")
    start = _int(raw.get("start", 0), f"{path}.start", fail, 0, 1000)
    step = _int(raw.get("step", 0), f"{path}.step", fail, 0, 1000)
    counter = raw.get("counter")
    if counter is not None and (not isinstance(counter, str) or not NAME_RE.match(counter)):
        fail(f"{path}.counter", "must name a holding")
        counter = None
    return {"start": start or 0, "step": step or 0, "counter": counter}


def flag_cost(decl: Mapping[str, Any], uses: int) -> int:
    """What setting flag ``decl`` costs after ``uses`` earlier uses (0: a free flag)."""
    cost = decl.get("cost")
    return int(cost["start"]) + int(cost["step"]) * uses if cost else 0


def pairing_value(value: Any, eligible: Sequence[PlayerId], bad: Bad) -> list[list[PlayerId]]:
    """A pairing: every eligible player in exactly one pair (one left out when their number is odd), pairs in
    seat order, each pair's first player the earlier seat."""
    if not isinstance(value, list) or len(value) > 32:
        raise bad("must be a list of pairs")
    seats = {p: i for i, p in enumerate(eligible)}
    pairs: list[list[PlayerId]] = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise bad("each pair must name exactly two players")
        for h in item:
            if not isinstance(h, str) or h.strip() not in seats:
                raise bad(f'"{h}" is not a player you may pair')
        pairs.append(sorted((str(h).strip() for h in item), key=seats.__getitem__))
    named = [p for pair in pairs for p in pair]
    if len(set(named)) != len(named):
        raise bad("must put each player in one pair only")
    if len(named) != len(eligible) - len(eligible) % 2:
        raise bad("must pair every player" + (" but one" if len(eligible) % 2 else ""))
    return sorted(pairs, key=lambda pair: seats[pair[0]])


def trade_value(decl: Mapping[str, Any], value: Any, bad: Bad) -> dict[str, Any]:
    """A trade offer: ``{"with": a player, "give": {holding: n}, "get": {holding: n}}`` over the field's
    holdings, each amount 0..``max``, something given or got."""
    if isinstance(value, Mapping) and decl.get("terms") == "each_gives" and set(value) == {"with", "give"}:
        value = {**value, "get": {}}  # each side names only what it gives (the seeds' own convention)
    if not isinstance(value, Mapping) or set(value) != {"with", "give", "get"}:
        raise bad('must be {"with": a player, "give": {...}, "get": {...}}')
    terms: dict[str, dict[str, int]] = {}
    for side in ("give", "get"):
        raw = value[side]
        if not isinstance(raw, Mapping):
            raise bad(f"{side} must map holdings to amounts")
        terms[side] = {}
        for name, n in raw.items():
            if name not in decl["holdings"]:
                raise bad(f'"{name}" cannot be traded here (only {", ".join(decl["holdings"])})')
            if isinstance(n, str) and n.strip().isdigit():
                n = int(n)
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= decl["max"]:
                raise bad(f"{side}: {name} must be a whole number from 0 to {decl['max']}")
            if n:
                terms[side][str(name)] = n
    if decl.get("terms") == "each_gives":
        if terms["get"] or not terms["give"]:
            raise bad("name only what you give: the other player names what they give you")
    elif not terms["give"] and not terms["get"]:
        raise bad("a trade must give or get something")
    if decl.get("one_for_one"):  # one item each side (house-60)
        if sum(terms["give"].values()) != 1:
            raise bad("a trade is one item for one item: name exactly one item you give")
        if decl.get("terms") != "each_gives" and sum(terms["get"].values()) != 1:
            raise bad("a trade is one item for one item: name exactly one item you get")
    return {"with": value["with"], **terms}


def barred_keys(raw: Any, path: str, fail: Fail) -> dict[str, Any]:
    """A trade's ``barred``: ``{players, why}``, ``players`` a per-player formula giving the players this player
    may not trade with now (a list of handles: ``last_partners``), ``why`` the words a refusal gives."""
    if not isinstance(raw, Mapping):
        fail(path, "must be {players: a formula giving a list of players, why: the words a refusal gives}")
        return {"players": "[]", "why": ""}
    for key in raw:
        if key not in ("players", "why"):
            fail(f"{path}.{key}", "is not a known key (known: players, why)")
    players = raw.get("players")
    if not isinstance(players, str) or not players.strip():
        fail(f"{path}.players", "must be a formula giving a list of players")
        players = "[]"
    why = raw.get("why", "")
    if not isinstance(why, str) or len(why) > 120 or any(ch < " " for ch in why):
        fail(f"{path}.why", "must be a line of text (at most 120 characters)")
        why = ""
    return {"players": players.strip(), "why": why.strip()}


def seat_pairing(eligible: Sequence[PlayerId]) -> list[list[PlayerId]]:
    """The pairing a missing one becomes: the 1st with the 2nd, the 3rd with the 4th, ... in seat order."""
    return [[eligible[i], eligible[i + 1]] for i in range(0, len(eligible) - 1, 2)]
