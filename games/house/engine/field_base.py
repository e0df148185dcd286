"""What every field type of a round's form is (FORMAT.md "Fields"): the :class:`FieldType` a type's class fills
in, and the checks the types share (whole numbers, true/false, a named player).

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games.engine import PlayerId, RuleError

Fail = Callable[[str, str], None]
"""Where a declaration's problem goes: ``fail(path, message)``."""
Bad = Callable[[str], RuleError]
"""A value's problem as the error the player reads: ``bad(rule)`` is ``RuleError("<label>: <rule>")``."""


class FieldType:
    """One field type: its keys checked into a declaration, a player's value checked and normalised, a random
    legal value, and why its declaration may not carry a default. A subclass per type; ``fields.py`` looks
    them up by ``name`` (``field_types.FIELD_TYPES``)."""

    name: ClassVar[str]
    keys: ClassVar[tuple[str, ...]] = ()
    """The declaration keys of this type, beside the common ones (name, label, type, help, ...)."""
    exchange: ClassVar[bool] = False
    """It pays, pairs or hands things over (flag, pairing, give, trade, card): a ``/1`` file may not use it."""
    names_players: ClassVar[bool] = False
    """Its value names players of the match (``eligible`` decides which)."""
    many: ClassVar[bool] = False
    """Its value is a list (several players, an ordering)."""

    def clean_keys(self, raw: Mapping[str, Any], path: str, fail: Fail, out: dict[str, Any], max_players: int) -> None:
        """This type's keys of ``raw`` checked into ``out``, with their defaults."""

    def default_problem(self, decl: Mapping[str, Any]) -> str | None:
        """Why ``decl`` may not have a default (None: it may, checked as a value)."""
        del decl
        return None

    def value(
        self, decl: Mapping[str, Any], value: Any, *, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad
    ) -> Any:
        """``value`` checked against the field and normalised, or ``bad(rule)`` raised."""
        raise NotImplementedError

    def random(self, decl: Mapping[str, Any], eligible: Sequence[PlayerId], rng: Random) -> Any:
        """A uniformly drawn legal value (None when none exists, or when what the player holds decides it)."""
        raise NotImplementedError


def whole(value: Any, path: str, fail: Fail, low: int, high: int) -> int | None:
    """``value`` if it is a whole number from ``low`` to ``high``; else None, the problem sent to ``fail``."""
    if isinstance(value, bool) or not isinstance(value, int):
        fail(path, "must be a whole number")
        return None
    if not low <= value <= high:
        fail(path, f"must be at least {low}" if value < low else f"must be at most {high}")
        return None
    return value


def boolean(value: Any, path: str, fail: Fail) -> bool:
    """``value`` if it is true or false; else True, the problem sent to ``fail``."""
    if not isinstance(value, bool):
        fail(path, "must be true or false")
        return True
    return value


def handle(decl: Mapping[str, Any], value: Any, player: PlayerId, eligible: Sequence[PlayerId], bad: Bad) -> PlayerId:
    """The player ``value`` names, if the field lets ``player`` name them."""
    if not isinstance(value, str) or not value.strip():
        raise bad("must name a player")
    named = value.strip()
    if named in eligible:
        return named
    if named == player and decl.get("not_self", True):
        raise bad("cannot be yourself")
    raise bad(
        f'"{named}" is not a player you may name here'
        + (" (players still in this match)" if decl.get("alive_only", True) else "")
    )
