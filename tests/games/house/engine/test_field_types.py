"""The field-type registry: one class a type, in the format's order, each type's keys its own."""

from __future__ import annotations

from random import Random

from games.house.engine import fields
from games.house.engine.field_types import FIELD_TYPES


def test_the_registry_lists_the_formats_types_in_its_order() -> None:
    assert fields.FIELD_TYPES == (
        "choice", "number", "player", "players", "order", "text", "garnets",
        "flag", "pairing", "give", "trade", "card",
    )  # fmt: skip
    assert fields.EXCHANGE_TYPES == ("flag", "pairing", "give", "trade", "card")
    assert fields.PLAYER_TYPES == ("player", "players", "order")
    assert all(FIELD_TYPES[name].name == name for name in FIELD_TYPES)


def test_a_random_value_of_every_type_is_a_legal_one() -> None:
    """Each class's ``random`` draws what its own ``value`` accepts (or None: the player's holdings decide)."""
    raws = {
        "choice": {"choices": ["A", "B"]},
        "players": {"count_min": 1, "count_max": 2},
        "give": {"holding": "gold"},
        "trade": {"holdings": ["gold"]},
        "card": {"pile": "hand"},
    }
    rng = Random(7)
    problems: list[str] = []
    for name in FIELD_TYPES:
        decl = fields.field_clean(
            {"name": "f", "type": name, **raws.get(name, {})},
            "f",
            lambda path, message: problems.append(f"{path}: {message}"),
            max_players=4,
        )
        assert decl is not None and not problems, problems
        eligible = ["ann", "bob", "cat"]
        for _ in range(20):
            value = fields.field_random(decl, eligible, rng)
            if value is not None:
                assert fields.field_value(decl, value, player="dan", eligible=eligible) == value
