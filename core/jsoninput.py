"""The one way untrusted JSON enters Garnet: forms (``move_json``, options) and the API's bodies.

``json_parse`` refuses, with a :class:`JsonInputError` naming the field, anything too big, nested
too deep, holding too many items, or carrying values the database cannot store (NaN, infinities,
the NUL character, unpaired surrogates). The depth is measured on the text before parsing, so
twenty thousand ``[`` never reach the recursive parser.
"""

from __future__ import annotations

import json
import math
from typing import Any

from core.errors import BadRequest

MAX_BYTES = 64 * 1024
"""A move or an options object is a few hundred bytes; 64 KB leaves room and stops abuse."""
MAX_DEPTH = 20
"""Moves nest three or four levels (a list of pairs of handles)."""
MAX_ITEMS = 5000
"""Keys, list items and scalars in one document."""


class JsonInputError(BadRequest):
    """Unusable JSON input; ``field`` names where it came from, ``str(e)`` says what is wrong."""

    code = "bad_json"

    def __init__(self, field: str, problem: str, *, too_large: bool = False) -> None:
        super().__init__(f"{field}: {problem}", status=413 if too_large else None)
        self.field = field
        self.problem = problem
        self.too_large = too_large


def _text_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings, found without recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _bad_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows here")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def json_check(value: Any, *, field: str, max_depth: int = MAX_DEPTH, max_items: int = MAX_ITEMS) -> Any:
    """``value`` (already parsed, e.g. by a serializer) if it fits the limits and stores safely, else
    a JsonInputError. Walks iteratively, so no input can exhaust the stack."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    items = 0
    while stack:
        node, depth = stack.pop()
        items += 1
        if items > max_items:
            raise JsonInputError(field, f"has more than {max_items} items", too_large=True)
        if depth > max_depth:
            raise JsonInputError(field, f"is nested more than {max_depth} levels deep")
        if isinstance(node, dict):
            for key, child in node.items():
                if not isinstance(key, str):
                    raise JsonInputError(field, "has a key that is not text")
                _check_text(key, field)
                stack.append((child, depth + 1))
        elif isinstance(node, list | tuple):
            stack.extend((child, depth + 1) for child in node)
        elif isinstance(node, str):
            _check_text(node, field)
        elif isinstance(node, float) and not math.isfinite(node):
            raise JsonInputError(field, "holds a number that is not finite")
        elif node is not None and not isinstance(node, bool | int | float):
            raise JsonInputError(field, f"holds a {type(node).__name__}, which JSON does not have")
    return value


def _check_text(text: str, field: str) -> None:
    if "\x00" in text:
        raise JsonInputError(field, "holds the NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise JsonInputError(field, "holds text that is not valid Unicode (an unpaired surrogate)") from exc


def json_parse(raw: str | bytes, *, field: str, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``raw`` within the limits; every failure is a JsonInputError naming ``field``."""
    if isinstance(raw, bytes):
        if len(raw) > max_bytes:
            raise JsonInputError(field, f"is larger than {max_bytes // 1024} KB", too_large=True)
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonInputError(field, "is not UTF-8 text") from exc
    if len(raw.encode("utf-8", "surrogatepass")) > max_bytes:
        raise JsonInputError(field, f"is larger than {max_bytes // 1024} KB", too_large=True)
    if _text_depth(raw) > max_depth:
        raise JsonInputError(field, f"is nested more than {max_depth} levels deep")
    try:
        value = json.loads(raw, parse_constant=_bad_constant, parse_float=_finite_float)
    except (ValueError, RecursionError) as exc:
        raise JsonInputError(field, f"is not valid JSON ({exc})") from exc
    return json_check(value, field=field, max_depth=max_depth)
