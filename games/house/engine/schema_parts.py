"""Parts of the published JSON Schema (``schema.py`` merges them): the field types that pay, pair or hand things
over, the format's own resolutions, a round's when/order/deal/effects and the holdings, roles, counters, decks
and piles (FORMAT.md "garnet-house/2"). Pure: no Django."""

from __future__ import annotations

from typing import Any

from games.house.engine.constants import LIMIT

NAME = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,31}$"}
WHOLE = {"type": "integer", "minimum": -LIMIT, "maximum": LIMIT}
FORMULA_OR_NULL = {"type": ["string", "boolean", "integer", "null"], "maxLength": 500}

FIELDS2: dict[str, dict[str, Any]] = {
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
    "give": {"holding": NAME, "pile": NAME, "max": {"type": "integer", "minimum": 1}, "default": {"type": "null"}},
    "trade": {
        "holdings": {"type": "array", "items": NAME, "minItems": 1, "maxItems": 16},
        "max": {"type": "integer", "minimum": 1},
        "public": {"type": "boolean", "default": True},
        "terms": {"enum": ["matching", "each_gives"], "default": "matching"},
        "one_for_one": {"type": "boolean", "default": False},
        "barred": {
            "type": "object",
            "additionalProperties": False,
            "required": ["players"],
            "properties": {"players": {"type": "string"}, "why": {"type": "string", "maxLength": 120}},
        },
        "default": {"type": "null"},
    },
    "card": {"pile": NAME, "to": NAME, "player": NAME, "default": {"enum": [None, "drawn"]}},
    "draw": {"pile": NAME, "from": {"type": ["string", "null"]}, "default": {"enum": [None, "deck"]}},
}

RESOLVE2: list[dict[str, Any]] = [
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

ROUND2: dict[str, Any] = {
    "when": FORMULA_OR_NULL,
    "order": {"type": "string", "default": "together", "description": "together, seat or a formula"},
    "again": {**FORMULA_OR_NULL, "description": "a per-player formula: the mover is awaited again while true"},
    "repeat": {
        "type": "integer",
        "minimum": 1,
        "maximum": 99,
        "default": 1,
        "description": "the rounds in a row this entry plays (a round written once, played repeat times)",
    },
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
            "required": ["to"],
            "properties": {
                "to": NAME,
                "who": {"type": "string", "default": "each"},
                "amount": {"type": ["string", "integer"]},
                "when": FORMULA_OR_NULL,
                "per": {"const": "trade"},
                # to: private | public: a line told (a formula giving a text) and, private, to whom
                "text": {"type": "string", "description": "a formula giving the line's text"},
                "tell": {"type": "string", "description": "a formula giving the players told"},
            },
        },
    },
}

FIELD_RULES2: dict[str, Any] = {
    "allowed": {"type": "string", "description": "a formula: true for a value the player may choose now"},
    "refusal": {"type": "string", "maxLength": 200, "description": "what the player reads when allowed is false"},
    "required_if": {"type": "string", "description": "a formula: an optional field is required while it holds"},
}
"""A field's rules of the player's state and of the move's other fields (RULES.md house-80, house-81)."""

SHOWS2: dict[str, Any] = {
    "type": "object",
    "minProperties": 1,
    "maxProperties": 8,
    "propertyNames": NAME,
    "additionalProperties": {"type": "string"},
    "description": "what the round shows of each move: name -> a per-player formula (house-83)",
}

BREAK2: dict[str, Any] = {
    "if": {"properties": {"awaits": {"const": "nobody"}}, "required": ["awaits"]},
    "then": {"properties": {"fields": {"maxItems": 0}}},
    "else": {"required": ["fields"], "properties": {"fields": {"minItems": 1}}},
}
"""A round has 1 to 16 fields; a break (``awaits: nobody``, house-84) none."""

# What a player's pile and a match's row share: a name, the deck its cards come from and how many are dealt.
_DEALT: dict[str, Any] = {
    "name": NAME,
    "label": {"type": "string", "maxLength": 40},
    "deck": NAME,
    "deal": {"type": "integer", "minimum": 0, "maximum": 52, "default": 0},
}

TOP2: dict[str, Any] = {
    "plan_repeat": {"enum": ["last", "cycle"], "default": "last"},
    "formulas": {
        "type": "array",
        "maxItems": 32,
        "items": {
            "type": "object",
            "required": ["name", "formula"],
            "additionalProperties": False,
            "properties": {
                "name": NAME,
                "args": {"type": "array", "items": NAME, "maxItems": 4, "default": []},
                "formula": {"type": ["string", "integer"]},
            },
        },
    },
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
                "start": {"type": ["integer", "string"], "default": 0, "description": "a number or a formula"},
                "min": {"type": ["integer", "null"]},
                "max": {"type": ["integer", "null"]},
                "visibility": {"enum": ["public", "holder", "dealer"], "default": "public"},
                "locked": NAME,
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
                            "owner": {"enum": ["each"], "description": "one copy per player, marked as theirs"},
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
                **_DEALT,
                "visibility": {"enum": ["holder", "others", "all", "nobody", "dealer", "top"], "default": "holder"},
                "distinct": {"type": "boolean", "default": False, "description": "no two cards of one label a hand"},
                "own": {"type": "boolean", "default": False, "description": "starts with the cards marked as theirs"},
                "refill": {
                    "type": "boolean",
                    "default": False,
                    "description": "all but its top card shuffled into the deck when the deck runs out (house-140)",
                },
            },
        },
    },
    "rows": {
        "type": "array",
        "maxItems": 4,
        "description": "cards the match holds, dealt face down, turned face up by a formula (house-110)",
        "items": {
            "type": "object",
            "required": ["name", "deck"],
            "additionalProperties": False,
            "properties": {
                **_DEALT,
                "face_up": {
                    "type": ["string", "integer"],
                    "default": 0,
                    "description": "a formula of round and hand_round: how many of the row's cards are face up",
                },
                "distinct": {
                    "enum": ["label", "value"],
                    "description": "no two of the row's cards share a label (or a value): one of each (house-130)",
                },
            },
        },
    },
    "hands": {
        "type": "object",
        "required": ["ends"],
        "additionalProperties": False,
        "description": "hands of the match: each ends by a formula, is scored, and is dealt again (house-112)",
        "properties": {
            "ends": {"type": "string", "description": "a match-wide formula (also reading sent): the hand ends"},
            "effects": ROUND2["effects"],
            "out": {"type": "string", "description": "a per-player formula: true, the player is out of the match"},
            "button": {"enum": ["seat", "random"], "description": "the first mover moves one seat each hand"},
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
}
