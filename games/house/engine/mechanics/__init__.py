"""The mechanics library of the dealers' own games: pure functions a dealer picks, per round, to
resolve it from the round's submissions, the public state and ``rng`` (FORMAT.md "Resolution").

The house engine calls ``mechanic_params_clean`` when a definition is saved or imported and
``mechanic_run`` at a round's close; RULES.md "## Mechanics" states each mechanic's rulings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.house.engine.errors import ParamError
from games.house.engine.mechanics import bids, pairs, ranking, target, votes
from games.house.engine.mechanics.base import Mechanic, Param, RoundInput, RoundResult
from games.house.engine.mechanics.params import clean

__all__ = [
    "MECHANICS",
    "Mechanic",
    "Param",
    "RoundInput",
    "RoundResult",
    "mechanic_names",
    "mechanic_params_clean",
    "mechanic_run",
]

MECHANICS: dict[str, Mechanic] = {
    m.name: m for m in (*bids.MECHANICS, *votes.MECHANICS, *target.MECHANICS, *pairs.MECHANICS, *ranking.MECHANICS)
}


def mechanic_names() -> tuple[str, ...]:
    """The names of the mechanics a round may use."""
    return tuple(MECHANICS)


def _get(name: str) -> Mechanic:
    try:
        return MECHANICS[name]
    except (KeyError, TypeError):
        raise ParamError("mechanic", f"no mechanic named {name!r} (there are {', '.join(MECHANICS)})") from None


def mechanic_params_clean(name: str, params: Mapping[str, Any], fields: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The mechanic's params checked against the round's ``fields`` with defaults filled in; raises
    :class:`ParamError` naming the param (``mechanic`` for an unknown name)."""
    return clean(_get(name), params, fields)


def mechanic_run(name: str, inp: RoundInput, rng: Random) -> RoundResult:
    """Resolve one round with mechanic ``name``; ``inp.params`` must come from ``mechanic_params_clean``."""
    return _get(name).run(inp, rng)
