"""The parts of a definition that stand alone (FORMAT.md): the error collector every reader writes to and the readers of ``players``, ``scores``, ``secrets``, ``end`` and ``outcome``.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine.constants import LIMIT

MAX_PLAYERS = 32
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


# Characters a one-line text (a title, a label, a choice) may not hold: they break e-mail subjects,
# Discord lines and table cells (issue 40 item 9). Unicode's line and paragraph separators count.
_LINE_BREAKS = {
    "\n": "a line break",
    "\r": "a line break",
    "\t": "a tab",
    "\u2028": "a line break",
    "\u2029": "a line break",
}


def control_problem(text: str, *, one_line: bool) -> str | None:
    """Why ``text`` may not stand in a definition (a control character), or None.

    ``one_line``: no line breaks or tabs either; otherwise (rules, help) line breaks and tabs are kept."""
    for ch in text:
        if ch in _LINE_BREAKS:
            if one_line:
                return f"must be one line (it holds {_LINE_BREAKS[ch]})"
            continue
        if unicodedata.category(ch) == "Cc":
            return f"must not hold control characters (it holds U+{ord(ch):04X})"
    return None


def not_text(value: Any) -> str:
    """The error for a value that should be text; YAML's unquoted yes/no/on/off become true/false."""
    if isinstance(value, bool):
        return (
            "must be text: YAML reads an unquoted Yes, No, On, Off, True or False as true or false; "
            'put it in quotes ("Yes")'
        )
    return "must be text"


class Checker:
    """Collects errors by path while reading a definition (``fail(path, message)``)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.named: tuple[tuple[str, tuple[str, ...], str], ...] = ()  # the named formulas (named.Defs)

    def fail(self, path: str, message: str) -> None:
        self.errors.append(f"{path}: {message}" if path else message)

    def mapping(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.fail(path, "must be an object (key: value pairs)")
            return None
        return value

    def unknown(self, data: Mapping[str, Any], allowed: Sequence[str], path: str) -> None:
        for key in data:
            if key not in allowed:
                where = f"{path}.{key}" if path else str(key)
                self.fail(where, f"is not a known key (known: {', '.join(allowed)})")

    def integer(self, value: Any, path: str, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, "must be a whole number")
            return None
        if value < low:
            self.fail(path, f"must be at least {low}")
            return None
        if value > high:
            self.fail(path, f"must be at most {high}")
            return None
        return value

    def boolean(self, value: Any, path: str) -> bool | None:
        if not isinstance(value, bool):
            self.fail(path, "must be true or false")
            return None
        return value

    def text(
        self, value: Any, path: str, *, max_length: int, required: bool = False, one_line: bool = True
    ) -> str | None:
        if not isinstance(value, str):
            self.fail(path, not_text(value))
            return None
        text = str(value).strip()
        if (problem := control_problem(text, one_line=one_line)) is not None:
            self.fail(path, problem)
            return None
        if required and not text:
            self.fail(path, "must not be empty")
            return None
        if len(text) > max_length:
            self.fail(path, f"must be at most {max_length} characters")
            return None
        return text

    def choice(self, value: Any, path: str, choices: Sequence[str]) -> str | None:
        if not isinstance(value, str) or value not in choices:
            self.fail(path, f"must be one of: {', '.join(choices)}")
            return None
        return str(value)

    def name(self, value: Any, path: str) -> str | None:
        if not isinstance(value, str) or not NAME_RE.match(value):
            self.fail(path, "must be a name of lower-case letters, digits and _ starting with a letter (at most 32)")
            return None
        return value


def read_players(c: Checker, raw: Any, kind: str | None) -> dict[str, int]:
    data = c.mapping(raw, "players")
    if data is None:
        return {"min": 2, "max": 2}
    c.unknown(data, ("min", "max"), "players")
    low = c.integer(data.get("min"), "players.min", 2, MAX_PLAYERS)
    high = c.integer(data.get("max"), "players.max", 2, MAX_PLAYERS)
    if low is not None and high is not None and high < low:
        c.fail("players.max", f"must be at least min ({low})")
    if kind == "death" and (low, high) != (2, 2) and None not in (low, high):
        c.fail("players", "a Death Match is played by exactly 2 players (min: 2, max: 2)")
    return {"min": low or 2, "max": high or 2}


def read_scores(c: Checker, raw: Any) -> dict[str, Any]:
    data = c.mapping(raw if raw is not None else {}, "scores") or {}
    c.unknown(data, ("label", "start", "visibility"), "scores")
    label = c.text(data.get("label", "Points"), "scores.label", max_length=40, required=True)
    start = c.integer(data.get("start", 0), "scores.start", -LIMIT, LIMIT)
    visibility = c.choice(data.get("visibility", "public"), "scores.visibility", ("public", "private"))
    return {"label": label or "Points", "start": start or 0, "visibility": visibility or "public"}


def read_secrets(c: Checker, raw: Any) -> list[dict[str, Any]]:
    raw = [] if raw is None else raw
    if not isinstance(raw, list):
        c.fail("secrets", "must be a list")
        return []
    if len(raw) > 8:
        c.fail("secrets", "may have at most 8 entries")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        path = f"secrets[{i}]"
        data = c.mapping(item, path)
        if data is None:
            continue
        c.unknown(data, ("name", "label", "values"), path)
        name = c.name(data.get("name"), f"{path}.name")
        if name is not None and name in seen:
            c.fail(f"{path}.name", f'"{name}" is already the name of another secret')
        seen.add(name or "")
        label = c.text(
            data.get("label", (name or "").replace("_", " ").capitalize()),
            f"{path}.label",
            max_length=80,
            required=True,
        )
        values = data.get("values")
        if not isinstance(values, list) or not 1 <= len(values) <= 64:
            c.fail(f"{path}.values", "must be a list of 1 to 64 values")
            values = []
        clean_values = []
        for j, value in enumerate(values):
            text = c.text(
                value if isinstance(value, bool) or not isinstance(value, int | float) else str(value),
                f"{path}.values[{j}]",
                max_length=80,
                required=True,
            )
            if text is not None:
                clean_values.append(text)
        out.append({"name": name, "label": label, "values": clean_values})
    return out


def read_end(c: Checker, raw: Any) -> dict[str, Any]:
    data = c.mapping(raw if raw is not None else {}, "end") or {}
    c.unknown(data, ("after_rounds", "first_to", "last_standing"), "end")
    after = c.boolean(data.get("after_rounds", True), "end.after_rounds")
    first_to = data.get("first_to")
    if first_to is not None:
        first_to = c.integer(first_to, "end.first_to", -LIMIT, LIMIT)
    last = c.boolean(data.get("last_standing", False), "end.last_standing")
    return {"after_rounds": after is not False, "first_to": first_to, "last_standing": bool(last)}


def read_outcome(c: Checker, raw: Any) -> dict[str, Any]:
    data = c.mapping(raw if raw is not None else {}, "outcome") or {}
    c.unknown(data, ("winners", "tokens", "candidates", "garnets"), "outcome")
    winners = c.choice(data.get("winners", "top"), "outcome.winners", ("top", "one", "none"))
    tokens = c.integer(data.get("tokens", 1), "outcome.tokens", 0, 3)
    candidates = c.choice(data.get("candidates", "bottom"), "outcome.candidates", ("bottom",))
    garnets_raw = c.mapping(data.get("garnets") or {}, "outcome.garnets") or {}
    c.unknown(garnets_raw, ("winner",), "outcome.garnets")
    garnets: dict[str, int] = {}
    if "winner" in garnets_raw:
        value = c.integer(garnets_raw["winner"], "outcome.garnets.winner", 0, 100)
        if value:
            garnets["winner"] = value
    return {
        "winners": winners or "top",
        "tokens": 1 if tokens is None else tokens,
        "candidates": candidates or "bottom",
        "garnets": garnets,
    }
