"""The designer's ``garnet-house/2`` bookkeeping: which schema a draft is written as (``/2`` only when the
dealer uses a /2 part, RULES.md d-11) and the add/remove buttons of the list sections (``designer2``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from games.house.designer.inputs2 import NEW_ROWS
from games.house.engine.format2 import SCHEMA2, TOP_KEYS2

SCHEMA1 = "garnet-house/1"


# ---- /1 or /2 ------------------------------------------------------------------------------------------


def _round_v2(rnd: Mapping[str, Any]) -> bool:
    if rnd.get("when") or rnd.get("order", "together") != "together" or rnd.get("deal") or rnd.get("effects"):
        return True
    if str(rnd.get("awaits") or "all") not in ("all", "named"):
        return True
    resolve = rnd.get("resolve")
    if isinstance(resolve, Mapping) and resolve.get("by") not in (None, "dealer", "mechanic"):
        return True
    return any(
        isinstance(f, Mapping) and (f.get("type") in ("flag", "pairing", "give", "trade", "card") or "for" in f)
        for f in rnd.get("fields") or []
    )


def uses_v2(draft: Mapping[str, Any]) -> bool:
    """Whether the draft uses a ``garnet-house/2`` part (then it is written as /2; else as /1)."""
    if any(draft.get(k) for k in ("holdings", "counters", "roles", "decks", "piles")):
        return True
    if draft.get("plan_repeat", "last") != "last" or (draft.get("end") or {}).get("when"):
        return True
    outcome = draft.get("outcome") or {}
    if outcome.get("winners") not in (None, "top", "one", "none") or isinstance(outcome.get("tokens"), list):
        return True
    if outcome.get("max_winners") is not None or outcome.get("last_tie", "order") != "order":
        return True
    if outcome.get("candidate_ties") or "per_points" in (outcome.get("garnets") or {}):
        return True
    return any(_round_v2(r) for r in draft.get("round_plan") or [] if isinstance(r, Mapping))


def as_schema(draft: dict[str, Any]) -> dict[str, Any]:
    """``draft`` (changed in place) as /2 when it uses a /2 part; else as /1, its empty /2 keys left out."""
    if uses_v2(draft):
        draft["schema"] = SCHEMA2
        return draft
    draft["schema"] = SCHEMA1
    for key in TOP_KEYS2:
        draft.pop(key, None)
    for rnd in draft.get("round_plan") or []:
        for key in ("when", "order", "deal", "effects"):
            rnd.pop(key, None)
    for key in ("max_winners", "last_tie", "candidate_ties"):
        (draft.get("outcome") or {}).pop(key, None)
    (draft.get("end") or {}).pop("when", None)
    return draft


# ---- the shape buttons of the list sections -------------------------------------------------------------

_STEP = re.compile(r"([a-z_]+)(?:\[(\d+)\])?")


def _walk(draft: dict[str, Any], path: str) -> Any:
    """The list or row at ``path`` (``round_plan[0].effects``), creating an empty list at its end."""
    node: Any = draft
    steps = path.split(".")
    for n, step in enumerate(steps):
        m = _STEP.fullmatch(step)
        if m is None or not isinstance(node, dict):
            return None
        key, index = m.group(1), m.group(2)
        if index is None and n == len(steps) - 1:
            found = node.get(key)
            if not isinstance(found, list):
                found = node[key] = []
            return found
        node = node.get(key)
        if index is not None:
            if not isinstance(node, list) or int(index) >= len(node):
                return None
            node = node[int(index)]
    return node


def list_apply(draft: dict[str, Any], verb: str, path: str) -> None:
    """``add:<list path>`` appends a new row (``add:round_plan[0].effects``); ``remove:<row path>`` removes one
    (``remove:holdings[1]``)."""
    if verb == "add":
        rows = _walk(draft, path)
        section = path.rsplit(".", 1)[-1]
        if isinstance(rows, list) and section in NEW_ROWS:
            row = json.loads(json.dumps(NEW_ROWS[section]))
            taken = {r.get("name") for r in rows if isinstance(r, Mapping)}
            if "name" in row and row["name"] in taken:  # a second holding is holding2, not a second "chips"
                row["name"] = next(f"{section[:-1]}{n}" for n in range(2, 99) if f"{section[:-1]}{n}" not in taken)
                row["label"] = row["name"].capitalize()
            rows.append(row)
    elif verb == "remove" and (m := re.fullmatch(r"(.+)\[(\d+)\]", path)):
        rows = _walk(draft, m.group(1))
        if isinstance(rows, list) and int(m.group(2)) < len(rows):
            rows.pop(int(m.group(2)))
