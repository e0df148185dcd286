"""Reading ``--options`` for the lab: ``key=value,...`` or a JSON object, coerced through the schema.

When the shared options module (``games.options.options_for_setup``) is present it does the
coercion; until then a minimal reading of ``OptionSpec`` kinds stands in (fold into one).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import Engine, PlayerId, RuleError
from games.options import options_clean, options_for_setup

TEST_GARNETS = 10
"""The garnets each player brings into a match no season feeds (a dealer's bot trial or test match), unless the
dealer chooses another number: a season's balances are not known outside it, and the demo season starts its
players with 10 (games/house/RULES.md d-17)."""
MOST_GARNETS = 1000
"""The most a test balance may be: the season setting "Starting garnets" allows no more."""


def garnets_brought(players: Sequence[PlayerId], each: int = TEST_GARNETS) -> dict[PlayerId, int]:
    """The ``garnets`` option of a match no season feeds: ``each`` garnets for every player in ``players``."""
    return {p: each for p in players}


def options_parse(text: str | None) -> dict[str, Any]:
    """``text`` as a raw options dict: a JSON object, or ``key=value`` pairs split on commas.

    In the pair form a value that reads as JSON (``3``, ``true``, ``["a","b"]``) is taken as
    such, anything else as text; ``a=x;y`` gives the list ``["x", "y"]``.
    """
    text = (text or "").strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RuleError(f"the options are not valid JSON: {exc.msg}") from exc
        if not isinstance(value, dict):
            raise RuleError("the options must be an object")
        return value
    out: dict[str, Any] = {}
    for pair in _split_pairs(text):
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise RuleError(f'"{pair}" is not key=value')
        out[key.strip()] = _value(raw.strip())
    return out


def _split_pairs(text: str) -> list[str]:
    # Commas inside a JSON list or object belong to the value.
    pairs, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "[{"
        depth -= ch in "]}"
        if ch == "," and depth == 0:
            pairs.append(text[start:i])
            start = i + 1
    pairs.append(text[start:])
    return [p.strip() for p in pairs if p.strip()]


def _value(raw: str) -> Any:
    if ";" in raw and not raw.startswith(("[", "{")):
        return [v.strip() for v in raw.split(";") if v.strip()]
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def options_coerce(engine: Engine[Any], raw: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """``raw`` coerced through ``engine.options_schema`` by the one options validation: what ``setup`` receives.

    RuleError on a bad value, naming the option.
    """
    return options_for_setup(engine, raw, players)


def default_players(engine: Engine[Any], raw: Mapping[str, Any]) -> int:
    """The seats a playtest takes when none are asked for: the fewest ``raw`` options allow.

    Exodus' published cubes rules are for 9, so its default playtest seats 9, not its house
    minimum of 4. Options that do not read fall back to the game's minimum (their error comes later).
    """
    try:
        options = options_clean(engine.options_schema, raw)
    except RuleError:
        return int(engine.min_players)
    allowed = getattr(engine, "players_allowed", None)
    return int(allowed(options)[0]) if allowed else int(engine.min_players)
