"""The designer's bookkeeping: the schema a draft is written as (``garnet-house/2``, RULES.md d-11) and the
add/remove buttons of the list sections.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from games.house.designer.inputs_sections import NEW_ROWS
from games.house.engine.constants import SCHEMA


def as_schema(draft: dict[str, Any]) -> dict[str, Any]:
    """``draft`` (changed in place) written as ``garnet-house/2``, the one schema the engine plays: a ``/1`` game
    opened in the designer is saved upgraded (RULES.md d-11)."""
    draft["schema"] = SCHEMA
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
