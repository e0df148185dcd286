"""The field types of ``garnet-house/1`` (FORMAT.md "Fields"): ``choice``, ``number``, ``garnets``, ``text``,
``player``, ``players`` and ``order``, one class each, and :data:`FIELD_TYPES`, the registry of every type (the
``/2`` ones are in ``fields2``). A new type is one class here or there, added to the registry.

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games.engine import PlayerId
from games.house.engine import fields2
from games.house.engine.field_base import Bad, Fail, FieldType, boolean, handle, whole
from games.house.engine.sections import control_problem, not_text

LIMIT = 1_000_000
WORDS = ("yes", "no", "maybe", "trust me", "left", "right", "north", "gold", "42")


def text_value(value: Any, path: str, fail: Fail, max_length: int, *, one_line: bool = True) -> str | None:
    """``value`` stripped if it is text without control characters, at most ``max_length`` long."""
    if not isinstance(value, str):
        fail(path, not_text(value))
        return None
    if (problem := control_problem(value.strip(), one_line=one_line)) is not None:
        fail(path, problem)
        return None
    if len(value.strip()) > max_length:
        fail(path, f"must be at most {max_length} characters")
        return None
    return value.strip()


class Choice(FieldType):
    """One of 2 to 26 named choices; a value matches a choice whatever its case."""

    name = "choice"
    keys = ("choices",)

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        choices = raw.get("choices")
        if not isinstance(choices, list) or not 2 <= len(choices) <= 26:
            fail(f"{path}.choices", "must be a list of 2 to 26 choices")
            choices = []
        clean = [text_value(c, f"{path}.choices[{i}]", fail, 80) for i, c in enumerate(choices)]
        if any(c == "" for c in clean):
            fail(f"{path}.choices", "must not hold an empty choice")
        if len({c for c in clean if c}) != len([c for c in clean if c]):
            fail(f"{path}.choices", "must be different from each other")
        out["choices"] = [c for c in clean if c]

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        if isinstance(value, str):
            for choice in decl["choices"]:
                if choice.casefold() == value.strip().casefold():
                    return choice
        raise bad(f"must be one of: {', '.join(decl['choices'])}")

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return rng.choice(decl["choices"])


class Number(FieldType):
    """A whole number from ``min`` to ``max`` (text of up to 8 digits is read as one)."""

    name = "number"
    keys: ClassVar[tuple[str, ...]] = ("min", "max")
    lowest = -LIMIT

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        first = whole(raw.get("min", 0), f"{path}.min", fail, self.lowest, LIMIT)
        last = whole(raw.get("max", 100), f"{path}.max", fail, self.lowest, LIMIT)
        if first is not None and last is not None and last < first:
            fail(f"{path}.max", f"must be at least min ({first})")
        out["min"] = first if first is not None else 0
        out["max"] = last if last is not None else max(first or 0, 100)

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,8}\s*", value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("must be a whole number")
        if value < decl["min"]:
            raise bad(f"must be at least {decl['min']}")
        if value > decl["max"]:
            raise bad(f"must be at most {decl['max']}")
        return value

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return rng.randint(decl["min"], decl["max"])


class Garnets(Number):
    """A garnet amount a player names; ``pays`` says when it is spent (RULES.md house-5)."""

    name = "garnets"
    keys = ("min", "max", "pays")
    lowest = 0

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        super().clean_keys(raw, path, fail, out, max_players)
        pays = raw.get("pays", "bid")
        if pays not in ("bid", "if_won", "none"):
            fail(f"{path}.pays", "must be one of: bid, if_won, none")
            pays = "bid"
        out["pays"] = pays

    def default_problem(self, decl: Mapping[str, Any]) -> str | None:
        default = decl.get("default")
        if decl.get("pays", "bid") == "none" or (not isinstance(default, bool) and default in (0, "0")):
            return None  # a default of 0 holds nothing: /1 files that say it load as before (house-48)
        # A missing submission holds nothing: a default bid would be one nobody held, and could win.
        return (
            f"a garnets field that pays ({decl.get('pays', 'bid')}) has no default above 0: "
            "a player who sends nothing bids nothing"
        )

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return rng.randint(decl["min"], min(decl["max"], decl["min"] + 20))


class Text(FieldType):
    """Free text of at most ``max_length`` characters."""

    name = "text"
    keys = ("max_length",)

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        out["max_length"] = whole(raw.get("max_length", 280), f"{path}.max_length", fail, 1, 2000) or 280

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        if not isinstance(value, str):
            raise bad("must be text")
        if len(value.strip()) > decl["max_length"]:
            raise bad(f"must be at most {decl['max_length']} characters")
        return value.strip()

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return rng.choice(WORDS)[: decl["max_length"]]


class Player(FieldType):
    """One player of the match (``not_self``: not the chooser; ``alive_only``: not one who is out)."""

    name = "player"
    keys: ClassVar[tuple[str, ...]] = ("not_self", "alive_only")
    names_players = True

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        out["not_self"] = boolean(raw.get("not_self", True), f"{path}.not_self", fail)
        out["alive_only"] = boolean(raw.get("alive_only", True), f"{path}.alive_only", fail)

    def default_problem(self, decl: Mapping[str, Any]) -> str | None:
        return "a player field's default must be null (a missing submission abstains): handles are not known yet"

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        return handle(decl, value, player, eligible, bad)

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        return rng.choice(list(eligible)) if eligible else None


class Players(Player):
    """Several players, ``count_min`` to ``count_max`` of them, each once."""

    name = "players"
    keys = ("not_self", "alive_only", "count_min", "count_max")
    many = True

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        super().clean_keys(raw, path, fail, out, max_players)
        low = whole(raw.get("count_min", 1), f"{path}.count_min", fail, 1, max_players)
        high = whole(raw.get("count_max", max_players), f"{path}.count_max", fail, 1, 32)
        if low is not None and high is not None and high < low:
            fail(f"{path}.count_max", f"must be at least count_min ({low})")
        out["count_min"], out["count_max"] = low or 1, high or max_players

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        handles = self.handles(decl, value, player, eligible, bad)
        low, high = min(decl["count_min"], len(eligible)), min(decl["count_max"], len(eligible))
        if len(handles) < low:
            raise bad(f"must name at least {low} player{'s' if low != 1 else ''}")
        if len(handles) > high:
            raise bad(f"must name at most {high} player{'s' if high != 1 else ''}")
        return handles

    @staticmethod
    def handles(
        decl: Mapping[str, Any], value: Any, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> list[PlayerId]:
        """The players a list names, each a player the field lets ``player`` name, none twice."""
        if not isinstance(value, list) or len(value) > 64:
            raise bad("must be a list of players")
        handles = [handle(decl, v, player, eligible, bad) for v in value]
        if twice := sorted({h for h in handles if handles.count(h) > 1}):
            raise bad(f"names {', '.join(twice)} more than once")
        return handles

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        if not eligible:
            return None
        low, high = min(decl["count_min"], len(eligible)), min(decl["count_max"], len(eligible))
        return rng.sample(list(eligible), rng.randint(low, high))


class Order(Player):
    """Every eligible player placed exactly once, best first."""

    name = "order"
    many = True

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        handles = Players.handles(decl, value, player, eligible, bad)
        if missing := [p for p in eligible if p not in handles]:
            raise bad(f"must place every player exactly once; missing: {', '.join(missing)}")
        return handles

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        if not eligible:
            return None
        order = list(eligible)
        rng.shuffle(order)
        return order


FIELD_TYPES: dict[str, FieldType] = {
    t.name: t for t in (Choice(), Number(), Player(), Players(), Order(), Text(), Garnets(), *fields2.FIELD_TYPES2)
}
"""Every field type by name, in the order the format lists them."""
