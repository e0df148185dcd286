"""Readers of a centre row and of hands (FORMAT.md "A centre row and hands in /2", RULES.md house-110..116):
``rows`` (cards the match holds, face down, turned face up by a formula) and ``hands`` (a part of the match that
ends when a formula holds, scored by its effects, dealt again). Every error names its path.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine.sections import Checker
from games.house.engine.sections_formulas import formula, match_names, player_names, read_dealt, read_effects

MAX_ROWS = 4
ROW_DISTINCT = ("label", "value")
HANDS_KEYS = ("ends", "effects", "out", "button")
BUTTON = ("seat", "random")


def read_rows(c: Checker, raw: Any, decks: Sequence[Mapping[str, Any]], taken: Sequence[str]) -> list[dict[str, Any]]:
    """``rows``: each ``{name, label, deck, deal, face_up, distinct}``: ``deal`` cards of ``deck`` the match holds
    face down, of which the first ``face_up`` (a formula of ``round`` and ``hand_round``) are face up (house-110);
    with ``distinct`` (``label`` or ``value``) no two of them share a label or a value (house-130)."""
    raw = [] if raw is None else raw
    if not isinstance(raw, list) or len(raw) > MAX_ROWS:
        c.fail("rows", f"must be a list of at most {MAX_ROWS} rows")
        return []
    deck_names = [d["name"] for d in decks]
    seen = set(taken)
    out = []
    for i, item in enumerate(raw):
        path = f"rows[{i}]"
        data = c.mapping(item, path)
        if data is None:
            continue
        c.unknown(data, ("name", "label", "deck", "deal", "face_up", "distinct"), path)
        row = read_dealt(c, data, path, deck_names, "row")
        if row["name"] in seen:
            c.fail(
                f"{path}.name",
                f'"{row["name"]}" is already a name of the definition (a pile, a holding, a counter, ...)',
            )
        seen.add(row["name"])
        row["face_up"] = formula(c, data.get("face_up", 0), f"{path}.face_up", ["round", "hand_round"]) or "0"
        if data.get("distinct") not in (None, ""):  # one card of each label or value (house-130); blank: any
            row["distinct"] = c.choice(data["distinct"], f"{path}.distinct", ROW_DISTINCT) or "label"
        out.append(row)
    return out


def read_hands(c: Checker, raw: Any, definition: Mapping[str, Any]) -> dict[str, Any] | None:
    """``hands``: ``ends`` (a match-wide formula reading ``sent``, the round's moves so far: true, the hand ends),
    ``effects`` (run at its end, per-player formulas without the round's fields), ``out`` (a per-player formula:
    true, the player is out of the match) and ``button`` (``seat`` or ``random``: the first mover moves one seat
    clockwise each hand; left out: none)."""
    if raw is None:
        return None
    data = c.mapping(raw, "hands")
    if data is None:
        return None
    c.unknown(data, HANDS_KEYS, "hands")
    if data.get("ends") is None:
        c.fail("hands.ends", "is required: the formula that ends a hand")
    ends = formula(c, data.get("ends", "false"), "hands.ends", [*match_names(definition), "sent"]) or "false"
    found: dict[str, Any] = {"ends": ends}
    found["effects"] = read_effects(c, data.get("effects"), "hands.effects", definition, [])
    if data.get("out") is not None:
        found["out"] = formula(c, data["out"], "hands.out", player_names(definition)) or "false"
    if data.get("button") is not None:
        found["button"] = c.choice(data["button"], "hands.button", BUTTON) or "seat"
    return found
