"""The shape of a signed interaction, checked before anything reads it.

A signature proves the body came from whoever holds the application's key, not that it has the
shape Discord documents. Every field the answering code reads is checked here for its JSON type
(an object where an object is read, a list where a list is walked), and nesting is bounded, so a
malformed body is a 400 naming the field instead of a 500 deep in a handler.
"""

from __future__ import annotations

import json
from typing import Any

MAX_BODY_DEPTH = 32  # Discord's deepest interaction (a subcommand group's option) is far shallower
MAX_OPTION_DEPTH = 3  # a subcommand group, its subcommand, the subcommand's options


class Malformed(ValueError):
    """A body that is not an interaction Garnet can read; ``str(e)`` names the field."""


def body_read(body: bytes) -> dict[str, Any]:
    """The body as a JSON object whose every field Garnet reads has the documented type."""
    if _too_deep(body):
        raise Malformed(f"the body nests deeper than {MAX_BODY_DEPTH} levels")
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise Malformed("the body is not JSON") from exc
    if not isinstance(payload, dict):
        raise Malformed("the body is not a JSON object")
    payload_check(payload)
    return payload


def _too_deep(body: bytes) -> bool:
    """Whether brackets outside strings nest deeper than ``MAX_BODY_DEPTH`` (checked before parsing)."""
    depth = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > MAX_BODY_DEPTH:
                return True
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return False


def _object(value: Any, where: str, *, required: bool = False) -> dict[str, Any]:
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise Malformed(f"{where} must be an object")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise Malformed(f"{where} must be a list")
    return value


def _options_check(options: Any, where: str, depth: int) -> None:
    for i, opt in enumerate(_list(options, where)):
        _object(opt, f"{where}[{i}]", required=True)
        if not isinstance(opt.get("name", ""), str):
            raise Malformed(f"{where}[{i}].name must be a string")
        if "options" in opt:
            if depth >= MAX_OPTION_DEPTH:
                raise Malformed(f"{where} nests subcommands deeper than Discord does")
            _options_check(opt["options"], f"{where}[{i}].options", depth + 1)


def payload_check(payload: dict[str, Any]) -> None:
    """Raise :class:`Malformed` naming the first field whose JSON type is not what Discord sends."""
    member = _object(payload.get("member"), "member")
    _object(member.get("user"), "member.user")
    _object(payload.get("user"), "user")
    data = _object(payload.get("data"), "data")
    _options_check(data.get("options"), "data.options", 1)
    if not isinstance(data.get("custom_id", ""), str):
        raise Malformed("data.custom_id must be a string")
    for i, value in enumerate(_list(data.get("values"), "data.values")):
        if not isinstance(value, str):
            raise Malformed(f"data.values[{i}] must be a string")
    for i, row in enumerate(_list(data.get("components"), "data.components")):
        row = _object(row, f"data.components[{i}]", required=True)
        for j, item in enumerate(_list(row.get("components"), f"data.components[{i}].components")):
            item = _object(item, f"data.components[{i}].components[{j}]", required=True)
            for name in ("custom_id", "value"):
                if not isinstance(item.get(name) or "", str):
                    raise Malformed(f"data.components[{i}].components[{j}].{name} must be a string")
