"""Building a mechanic's round for the tests: fields, moves and cleaned params in one call."""

from __future__ import annotations

from random import Random
from typing import Any

from games.house.engine.mechanics import RoundInput, RoundResult, mechanic_params_clean, mechanic_run


def number(name: str = "guess", low: int = 0, high: int = 100) -> dict[str, Any]:
    """A cleaned number field."""
    return {"name": name, "label": name, "type": "number", "min": low, "max": high, "required": True, "default": None}


def garnets(name: str = "bid", pays: str = "if_won", low: int = 0, high: int = 50) -> dict[str, Any]:
    """A cleaned garnets field."""
    return {
        "name": name,
        "label": name,
        "type": "garnets",
        "min": low,
        "max": high,
        "pays": pays,
        "required": True,
        "default": None,
    }


def choice(name: str = "pick", choices: tuple[str, ...] = ("A", "B", "C")) -> dict[str, Any]:
    """A cleaned choice field."""
    return {"name": name, "label": name, "type": "choice", "choices": list(choices), "required": True, "default": None}


def player(name: str = "who", not_self: bool = True) -> dict[str, Any]:
    """A cleaned player field."""
    return {
        "name": name,
        "label": name,
        "type": "player",
        "not_self": not_self,
        "alive_only": True,
        "required": True,
        "default": None,
    }


def order(name: str = "ranking", not_self: bool = True) -> dict[str, Any]:
    """A cleaned order field."""
    return {
        "name": name,
        "label": name,
        "type": "order",
        "not_self": not_self,
        "alive_only": True,
        "required": True,
        "default": None,
    }


def run(
    mechanic: str,
    fields: list[dict[str, Any]],
    moves: dict[str, dict[str, Any]],
    params: dict[str, Any] | None = None,
    *,
    players: tuple[str, ...] | None = None,
    tiebreak: tuple[str, ...] | None = None,
    seed: int = 0,
    label: str = "Round 1",
) -> RoundResult:
    """Clean ``params`` and run ``mechanic`` over ``moves`` (players: the moves' keys, in order)."""
    players = players if players is not None else tuple(moves)
    clean = mechanic_params_clean(mechanic, params or {}, fields)
    inp = RoundInput(
        label=label,
        players=players,
        tiebreak=tiebreak if tiebreak is not None else players,
        moves=moves,
        fields=tuple(fields),
        scores=dict.fromkeys(players, 0),
        params=clean,
    )
    return mechanic_run(mechanic, inp, Random(seed))
