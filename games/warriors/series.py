"""What a Death Match's plots show, bout by bout, read from the public view only.

A unit's strength is never announced (only its appearance, which a Blue Mage or a Red Mage may
disguise), so the strengths a spectator can follow are the bouts' points, announced when each bout
ends (3 a round won plus the strengths of the dead units), and the rounds each player was announced
to win, bout by bout (as announced: a Blue Mage may fake a win).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import PublicSeries


def public_series(view: Mapping[str, Any]) -> PublicSeries:
    """Bout points for every finished bout, and announced round wins for every bout begun."""
    public = view["public"]
    players: list[str] = list(public["players"])
    points = {f"Bout {b['bout']}": {p: float(b["points"][p]) for p in players} for b in public["bouts"]}
    rounds: dict[str, dict[str, float]] = {}
    for entry in public["log"]:
        column = rounds.setdefault(f"Bout {entry['bout']}", dict.fromkeys(players, 0.0))
        for p in players:
            if entry["winner"] in (p, "both"):
                column[p] += 1
    out: PublicSeries = {}
    if points:
        out["Bout points"] = points
    if rounds:
        out["Rounds won (as announced)"] = rounds
    return out
