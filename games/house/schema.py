"""The published JSON Schema of a dealer's game definition (``garnet-house/1`` and ``/2``, FORMAT.md).

It describes the shape a file must have; :func:`games.house.definition.definition_clean` applies the same
rules and the cross-field ones a schema cannot say (max at least min, unique names, a mechanic's params).
Pure: no Django.
"""

from __future__ import annotations

from typing import Any

from games.house.fields import FIELD_TYPES, LIMIT

NAME = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,31}$"}
WHOLE = {"type": "integer", "minimum": -LIMIT, "maximum": LIMIT}
FORMULA_OR_NULL = {"type": ["string", "boolean", "integer", "null"], "maxLength": 500}


def _field_schema() -> dict[str, Any]:
    common = {
        "name": NAME,
        "label": {"type": "string", "maxLength": 80},
        "help": {"type": "string", "maxLength": 500, "default": ""},
        "required": {"type": "boolean", "default": True},
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
        "flag": {
            "cost": {
                "oneOf": [
                    {"type": "null"},
                    {"type": "integer", "minimum": 0, "maximum": 1000},
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "start": {"type": "integer", "minimum": 0, "maximum": 1000},
                            "step": {"type": "integer", "minimum": 0, "maximum": 1000},
                            "counter": {"type": ["string", "null"]},
                        },
                    },
                ]
            },
            "default": {"type": ["boolean", "null"]},
        },
        "pairing": {"default": {"type": "null"}},
        "give": {"holding": NAME, "max": {"type": "integer", "minimum": 1}, "default": {"type": "null"}},
        "trade": {
            "holdings": {"type": "array", "items": NAME, "minItems": 1, "maxItems": 16},
            "max": {"type": "integer", "minimum": 1},
            "public": {"type": "boolean", "default": True},
            "default": {"type": "null"},
        },
        "card": {"pile": NAME, "default": {"type": "null"}},
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
    from games.house.definition import mechanic_names

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
            {
                "type": "object",
                "properties": {"by": {"const": "none"}},
                "required": ["by"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {
                    "by": {"const": "best"},
                    "key": {"type": ["string", "integer"]},
                    "among": FORMULA_OR_NULL,
                    "ties": {"enum": ["all", "tiebreak"], "default": "all"},
                },
                "required": ["by", "key"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {
                    "by": {"const": "pairs"},
                    "field": NAME,
                    "matrix": {"type": "object"},
                    "role": {"type": ["string", "null"]},
                    "double": {"type": ["string", "null"]},
                    "role_double": {"type": ["string", "null"]},
                },
                "required": ["by", "field", "matrix"],
                "additionalProperties": False,
            },
        ]
    }
    round_schema = {
        "type": "object",
        "required": ["fields"],
        "additionalProperties": False,
        "properties": {
            "label": {"type": "string", "maxLength": 40, "default": "Round"},
            "awaits": {
                "type": "string",
                "pattern": "^(all|named|(role|others):[a-z][a-z0-9_]{0,31})$",
                "default": "all",
            },
            "seconds": {"type": ["integer", "null"], "minimum": 10, "maximum": 604_800, "default": None},
            "reveal": {"enum": ["none", "all"], "default": "none"},
            "fields": {"type": "array", "items": {"$ref": "#/$defs/field"}, "minItems": 1, "maxItems": 12},
            "resolve": {**resolve, "default": {"by": "dealer"}},
            "when": FORMULA_OR_NULL,
            "order": {"type": "string", "default": "together", "description": "together, seat or a formula"},
            "deal": {
                "type": "array",
                "maxItems": 8,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["pile"],
                    "properties": {
                        "pile": NAME,
                        "count": {"type": "integer", "minimum": 0, "maximum": 52, "default": 1},
                        "replace": {"type": "boolean", "default": False},
                    },
                },
            },
            "effects": {
                "type": "array",
                "maxItems": 12,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["to", "amount"],
                    "properties": {
                        "to": NAME,
                        "who": {"type": "string", "default": "each"},
                        "amount": {"type": ["string", "integer"]},
                        "when": FORMULA_OR_NULL,
                    },
                },
            },
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
            "schema": {"enum": ["garnet-house/1", "garnet-house/2"]},
            "plan_repeat": {"enum": ["last", "cycle"], "default": "last"},
            "holdings": {
                "type": "array",
                "maxItems": 16,
                "items": {
                    "type": "object",
                    "required": ["name"],
                    "additionalProperties": False,
                    "properties": {
                        "name": NAME,
                        "label": {"type": "string", "maxLength": 40},
                        "start": {**WHOLE, "default": 0},
                        "min": {"type": ["integer", "null"]},
                        "max": {"type": ["integer", "null"]},
                        "visibility": {"enum": ["public", "holder", "dealer"], "default": "public"},
                    },
                },
            },
            "counters": {
                "type": "array",
                "maxItems": 8,
                "items": {
                    "type": "object",
                    "required": ["name"],
                    "additionalProperties": False,
                    "properties": {"name": NAME, "label": {"type": "string", "maxLength": 40}, "start": WHOLE},
                },
            },
            "decks": {
                "type": "array",
                "maxItems": 4,
                "items": {
                    "type": "object",
                    "required": ["name", "cards"],
                    "additionalProperties": False,
                    "properties": {
                        "name": NAME,
                        "label": {"type": "string", "maxLength": 40},
                        "cards": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": 500,
                            "items": {
                                "type": "object",
                                "required": ["label"],
                                "additionalProperties": False,
                                "properties": {
                                    "label": {"type": "string", "minLength": 1, "maxLength": 40},
                                    "value": WHOLE,
                                    "suit": {"type": "string", "maxLength": 40},
                                    "copies": {"type": ["integer", "string"], "minimum": 0, "maximum": 500},
                                },
                            },
                        },
                    },
                },
            },
            "piles": {
                "type": "array",
                "maxItems": 8,
                "items": {
                    "type": "object",
                    "required": ["name", "deck"],
                    "additionalProperties": False,
                    "properties": {
                        "name": NAME,
                        "label": {"type": "string", "maxLength": 40},
                        "deck": NAME,
                        "deal": {"type": "integer", "minimum": 0, "maximum": 52, "default": 0},
                        "visibility": {"enum": ["holder", "others", "all", "nobody", "dealer"], "default": "holder"},
                    },
                },
            },
            "roles": {
                "type": "array",
                "maxItems": 4,
                "items": {
                    "type": "object",
                    "required": ["name"],
                    "additionalProperties": False,
                    "properties": {
                        "name": NAME,
                        "label": {"type": "string", "maxLength": 40},
                        "order": {"enum": ["random", "seat"], "default": "random"},
                        "every": {"type": "integer", "minimum": 1, "maximum": 99, "default": 1},
                    },
                },
            },
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
                },
            },
        },
    }
