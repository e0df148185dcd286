"""The registry of bot strategies.

A strategy is a small pure function ``(view, me, rng) -> move | None`` over the player's own view
(``engine.view(state, me)``), never the state, so a bot knows only what its player may know. It
returns a move in the public notation, or None to let the caller fall back (the lab: the engine's
``random_move``; the REST bot: the game's default at the deadline). Each game lists its strategies
in ``games/<slug>/bots.py`` as ``STRATEGIES: dict[str, Strategy]``; ``random`` is every game's.

A game may also list **planners** (``PLANNERS: dict[str, Planner]``): ``(state, me, rng) -> move | None``,
bots that look ahead through the game's own pure engine. The lab alone plays them (it holds the state); a
planner must redraw the other players' hidden facts (``resample_hidden``) before it simulates, so it too
knows only what its player may know. ``USAGE: (before, moves, after) -> [(player, key)]`` names what a
closed turn used (a field filled, a choice made, a trade done), which the report sums per seat.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from random import Random
from typing import Any

Strategy = Callable[[Mapping[str, Any], str, Random], "dict[str, Any] | None"]
Planner = Callable[[Any, str, Random], "dict[str, Any] | None"]
Usage = Callable[[Any, Mapping[str, Any], Any], "list[tuple[str, str]]"]

RANDOM = "random"

# Strategies registered in code (a game outside ``games/<slug>/``, a test's toy game).
_EXTRA: dict[str, Any] = {}


class _Table:
    def __init__(self, table: Mapping[str, Strategy], round_cap: tuple[str, ...]) -> None:
        self.STRATEGIES = dict(table)
        self.PLANNERS: dict[str, Planner] = {}
        self.ROUND_CAP_RULINGS = round_cap


def strategies_register(slug: str, table: Mapping[str, Strategy], *, round_cap: tuple[str, ...] = ()) -> None:
    """Register ``table`` as ``slug``'s strategies (instead of ``games/<slug>/bots.py``)."""
    _EXTRA[slug] = _Table(table, round_cap)


def _module(slug: str) -> Any:
    if slug in _EXTRA:
        return _EXTRA[slug]
    try:
        return importlib.import_module(f"games.{slug}.bots")
    except ModuleNotFoundError:
        return None


def names(slug: str) -> list[str]:
    """Every strategy name of ``slug``: ``random`` first, then the game's own (its planners among them)."""
    module = _module(slug)
    return [RANDOM, *sorted({*getattr(module, "STRATEGIES", {}), *getattr(module, "PLANNERS", {})})]


def strategy(slug: str, name: str) -> Strategy | None:
    """The strategy called ``name`` for ``slug``; None for ``random`` (the engine's own random legal move).

    Raises KeyError naming the known strategies when there is no such strategy.
    """
    if name == RANDOM or name in getattr(_module(slug), "PLANNERS", {}):
        return None
    table = getattr(_module(slug), "STRATEGIES", {})
    if name not in table:
        raise KeyError(f"{slug} has no strategy {name!r}; choose from: {', '.join(names(slug))}")
    return table[name]


def planner(slug: str, name: str) -> Planner | None:
    """The planner called ``name`` for ``slug``; None when ``name`` is a strategy over the view (or random)."""
    found: Planner | None = getattr(_module(slug), "PLANNERS", {}).get(name)
    return found


def usage(slug: str) -> Usage | None:
    """``slug``'s count of what a closed turn used (``USAGE`` in its bots module); None if it keeps none."""
    found: Usage | None = getattr(_module(slug), "USAGE", None)
    return found


def round_cap_rulings(slug: str) -> frozenset[str]:
    """The ruling ids that mean a match of ``slug`` ended on a round cap (a degenerate ending)."""
    return frozenset(getattr(_module(slug), "ROUND_CAP_RULINGS", ()))
