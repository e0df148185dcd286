"""Readers of the ``garnet-house/2`` keys that say the end by each player (FORMAT.md "An end by each player, the
best of the winners and a single winner's pick"; RULES.md house-150..153): ``end.when_any`` (a per-player formula:
true for any player after a round, the match ends), ``outcome.winners_by`` (of the players a formula
``outcome.winners`` holds for, only those with its highest value win), ``outcome.over_max`` (more such winners than
``max_winners``: ``nobody`` wins, or the first of them alone in the ``tiebreak`` order or in ``seat`` order) and ``outcome.single_pick`` (a single
winner picks the Elimination Candidate among the non-winners it holds for).

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.house.engine.sections import Checker
from games.house.engine.sections_formulas import formula, player_names

END_KEYS = ("when_any",)
OUTCOME_KEYS = ("winners_by", "over_max", "single_pick")
OVER_MAX = ("nobody", "tiebreak", "seat")
# what the single winner's pick formula reads beside a per-player formula's names: the winners' ``winners_by``
PICK_NAMES = ("winners_best",)


def read_end_any(c: Checker, raw: Any, definition: Mapping[str, Any]) -> str | None:
    """``end.when_any``: a per-player formula (the names an effect reads, without a round's fields); true after a
    round for any player still in, the match ends (house-150)."""
    return None if raw is None else formula(c, raw, "end.when_any", player_names(definition))


def read_outcome_ending(c: Checker, raw: Any, definition: Mapping[str, Any], winners: str) -> dict[str, Any]:
    """``outcome.winners_by``, ``over_max`` and ``single_pick``, each only when set (a definition without them is
    cleaned as before). ``winners_by`` and ``over_max`` need a formula ``outcome.winners`` (``over_max`` also ``max_winners``) (``winners``: the cleaned
    rule); ``single_pick`` is read with ``winners_best`` (house-151, house-152)."""
    data = raw if isinstance(raw, Mapping) else {}
    out: dict[str, Any] = {}
    names = player_names(definition)
    by_formula = winners not in ("top", "one", "none")
    if data.get("winners_by") is not None:
        if not by_formula:
            c.fail("outcome.winners_by", "needs a formula outcome.winners: the players it ranks")
        out["winners_by"] = formula(c, data["winners_by"], "outcome.winners_by", names) or "0"
    if data.get("over_max") is not None:
        if data.get("max_winners") is None or not by_formula:
            c.fail("outcome.over_max", "needs a formula outcome.winners and outcome.max_winners: the winners it caps")
        out["over_max"] = c.choice(data["over_max"], "outcome.over_max", OVER_MAX) or "nobody"
    if data.get("single_pick") is not None:
        out["single_pick"] = formula(c, data["single_pick"], "outcome.single_pick", [*names, *PICK_NAMES]) or "false"
    return out
