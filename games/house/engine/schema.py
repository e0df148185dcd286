"""The published JSON Schema of a dealer's game definition (``garnet-house/1`` and ``/2``, FORMAT.md).

It describes the shape a file must have; :func:`games.house.engine.definition.definition_clean` applies the same
rules and the cross-field ones a schema cannot say (max at least min, unique names, a mechanic's params).
Pure: no Django.
"""

from __future__ import annotations

from typing import Any

from games.house.engine import schema_parts
from games.house.engine.constants import LIMIT, SCHEMA, SCHEMA1
from games.house.engine.fields import FIELD_TYPES
from games.house.engine.mechanics import mechanic_names

NAME = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,31}$"}
WHOLE = {"type": "integer", "minimum": -LIMIT, "maximum": LIMIT}
FORMULA_OR_NULL = schema_parts.FORMULA_OR_NULL


def _field_schema() -> dict[str, Any]:
    common = {
        "name": NAME,
        "label": {"type": "string", "maxLength": 80},
        "help": {"type": "string", "maxLength": 500, "default": ""},
        "required": {"type": "boolean", "default": True},
        "for": {
            "type": "string",
            "maxLength": 500,
            "default": "all",
            "description": "all, role:<role>, others:<role>, or a per-player formula (/2)",
        },
        **schema_parts.FIELD_RULES2,
    }
    player_keys = {
        "not_self": {"type": "boolean", "default": True},
        "alive_only": {"type": "boolean", "default": True},
    }
    per_type: dict[str, dict[str, Any]] = {
        "choice": {
            "choices": {
                "type": "array",
                "items": {"type": "string", "maxLength": 80},
                "minItems": 2,
                "maxItems": 26,
                "uniqueItems": True,
            },
            "default": {"type": ["string", "null"]},
        },
        "number": {
            "min": {**WHOLE, "default": 0},
            "max": {**WHOLE, "default": 100},
            "default": {"type": ["integer", "null"]},
        },
        "player": {**player_keys, "default": {"type": "null"}},
        "players": {
            **player_keys,
            "count_min": {"type": "integer", "minimum": 1, "maximum": 32, "default": 1},
            "count_max": {"type": "integer", "minimum": 1, "maximum": 32},
            "default": {"type": "null"},
        },
        "order": {**player_keys, "default": {"type": "null"}},
        "text": {
            "max_length": {"type": "integer", "minimum": 1, "maximum": 2000, "default": 280},
            "default": {"type": ["string", "null"]},
        },
        "garnets": {
            "min": {"type": "integer", "minimum": 0, "maximum": LIMIT, "default": 0},
            "max": {"type": "integer", "minimum": 0, "maximum": LIMIT, "default": 100},
            "pays": {"enum": ["bid", "if_won", "none"], "default": "bid"},
            "default": {"type": ["integer", "null"]},
        },
        **schema_parts.FIELDS2,
    }
    return {
        "type": "object",
        "required": ["name", "type"],
        "properties": {"type": {"enum": list(FIELD_TYPES)}},
        "oneOf": [
            {
                "properties": {"type": {"const": kind}, **common, **keys},
                "required": ["name", "type", *(["choices"] if kind == "choice" else [])],
                "additionalProperties": False,
            }
            for kind, keys in per_type.items()
        ],
    }


def definition_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a definition file."""
    resolve = {
        "oneOf": [
            {
                "type": "object",
                "properties": {"by": {"const": "dealer"}},
                "required": ["by"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {
                    "by": {"const": "mechanic"},
                    "mechanic": {"enum": list(mechanic_names())},
                    "params": {"type": "object", "default": {}},
                    "review": {"type": "boolean", "default": False},
                },
                "required": ["by", "mechanic"],
                "additionalProperties": False,
            },
            *schema_parts.RESOLVE2,
        ]
    }
    round_schema = {
        "type": "object",
        **schema_parts.BREAK2,
        "additionalProperties": False,
        "properties": {
            "label": {"type": "string", "maxLength": 40, "default": "Round"},
            "awaits": {
                "type": "string",
                "maxLength": 500,
                "default": "all",
                "description": "all, named, leaders, nobody, role:<role>, others:<role>, or a per-player formula (/2)",
            },
            "seconds": {"type": ["integer", "null"], "minimum": 10, "maximum": 604_800, "default": None},
            "reveal": {"enum": ["none", "all"], "default": "none"},
            "fields": {"type": "array", "items": {"$ref": "#/$defs/field"}, "maxItems": 16},
            "resolve": {**resolve, "default": {"by": "dealer"}},
            **schema_parts.ROUND2,
            "shows": schema_parts.SHOWS2,
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://garnet.invalid/games/house/schema.json",
        "title": "A dealer's game for Garnet (garnet-house/1, garnet-house/2)",
        "description": "See games/house/FORMAT.md. Errors a schema cannot state are named by the importer.",
        "type": "object",
        "required": ["schema", "title", "kind", "players", "round_plan"],
        "additionalProperties": False,
        "$defs": {"field": _field_schema(), "round": round_schema},
        "properties": {
            "schema": {"enum": [SCHEMA1, SCHEMA]},
            **schema_parts.TOP2,
            "title": {"type": "string", "minLength": 1, "maxLength": 80},
            "kind": {"enum": ["main", "death"]},
            "rules": {"type": "string", "maxLength": 20_000, "default": ""},
            "players": {
                "type": "object",
                "required": ["min", "max"],
                "additionalProperties": False,
                "properties": {
                    "min": {"type": "integer", "minimum": 2, "maximum": 32},
                    "max": {"type": "integer", "minimum": 2, "maximum": 32},
                },
            },
            "turn_seconds": {"type": "integer", "minimum": 10, "maximum": 604_800, "default": 86_400},
            "tally_seconds": {"type": "integer", "minimum": 60, "maximum": 604_800, "default": 86_400},
            "rounds": {"type": ["integer", "null"], "minimum": 1, "maximum": 99, "default": 5},
            "scores": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "label": {"type": "string", "minLength": 1, "maxLength": 40, "default": "Points"},
                    "start": {**WHOLE, "default": 0},
                    "visibility": {"enum": ["public", "private"], "default": "public"},
                },
            },
            "secrets": {
                "type": "array",
                "maxItems": 8,
                "default": [],
                "items": {
                    "type": "object",
                    "required": ["name", "values"],
                    "additionalProperties": False,
                    "properties": {
                        "name": NAME,
                        "label": {"type": "string", "maxLength": 80},
                        "values": {
                            "type": "array",
                            "items": {"type": ["string", "number"]},
                            "minItems": 1,
                            "maxItems": 64,
                        },
                    },
                },
            },
            "round_plan": {"type": "array", "items": {"$ref": "#/$defs/round"}, "minItems": 1, "maxItems": 99},
            "end": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "after_rounds": {"type": "boolean", "default": True},
                    "first_to": {"type": ["integer", "null"], "default": None},
                    "last_standing": {"type": "boolean", "default": False},
                    "when": FORMULA_OR_NULL,
                    "when_any": {
                        **FORMULA_OR_NULL,
                        "description": "a per-player formula: true for any player, it ends",
                    },
                },
            },
            "outcome": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "winners": {"type": "string", "default": "top", "description": "top, one, none or a formula"},
                    "tokens": {
                        "oneOf": [
                            {"type": "integer", "minimum": 0, "maximum": 3},
                            {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3}, "maxItems": 32},
                        ],
                        "default": 1,
                    },
                    "candidates": {"enum": ["bottom"], "default": "bottom"},
                    "garnets": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "winner": {"type": "integer", "minimum": 0, "maximum": 100},
                            "per_points": {"type": "integer", "minimum": 1, "maximum": 1000},
                        },
                        "default": {},
                    },
                    "max_winners": {"type": ["integer", "null"], "minimum": 1, "maximum": 32},
                    "last_tie": {"enum": ["order", "winners_pick"], "default": "order"},
                    "candidate_ties": {"type": "array", "items": {"type": "string"}},
                    "silent_pick": {"enum": ["garnets", "lot", "order"], "default": "garnets"},
                    "winners_by": {**FORMULA_OR_NULL, "description": "of the formula's winners, the highest only"},
                    "over_max": {"enum": ["nobody", "tiebreak", "seat"], "default": "nobody"},
                    "single_pick": {**FORMULA_OR_NULL, "description": "whom a single winner may pick as the EC"},
                    "candidate_order": {
                        "type": "array",
                        "items": {"type": "string"},
                        "maxItems": 6,
                        "description": "per-player formulas compared in turn, smallest first",
                    },
                },
            },
        },
    }
