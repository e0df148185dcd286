"""The field-type registry: one class a type, in the format's order, each type's keys its own."""

from __future__ import annotations

from random import Random

from games.house.engine import fields
from games.house.engine.definition import definition_clean, definition_errors
from games.house.engine.field_types import FIELD_TYPES
from tests.games.house.scenario import E, raw, rnd, start, step


def test_the_registry_lists_the_formats_types_in_its_order() -> None:
    assert fields.FIELD_TYPES == (
        "choice", "number", "player", "players", "order", "text", "garnets",
        "flag", "pairing", "give", "trade", "card", "draw",
    )  # fmt: skip
    assert fields.EXCHANGE_TYPES == ("flag", "pairing", "give", "trade", "card", "draw")
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
        "draw": {"pile": "hand"},
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


def test_a_v1_file_with_default_0_on_a_paying_garnets_field_loads_and_plays_as_before() -> None:
    """Issue 43: "`/1` files with `default: 0` on a paying garnets field no longer load (house-25 refuses every
    default there), although FORMAT.md promises `/1` loads as before. Refuse only a default above 0." house-48:
    a default of 0 holds nothing, so it stands (a silent player bids 0); above 0 is refused naming the path."""
    resolve = {"by": "mechanic", "mechanic": "highest_bid", "params": {"field": "bid"}}
    for pays in ("bid", "if_won"):
        for zero in (0, "0"):
            bid = {"name": "bid", "label": "Your bid", "type": "garnets", "max": 10, "pays": pays, "default": zero}
            definition = raw(round_plan=[rnd(fields=[bid], resolve=resolve)])
            assert definition_errors(definition) == [], (pays, zero)
            assert definition_clean(definition)["round_plan"][0]["fields"][0]["default"] == 0
        above = raw(round_plan=[rnd(fields=[{**bid, "default": 1}], resolve=resolve)])
        assert definition_errors(above) == [
            f"round_plan[0].fields[0].default: a garnets field that pays ({pays}) has no default above 0: "
            "a player who sends nothing bids nothing"
        ]
    state = start(
        ["ann", "bob"], definition=raw(round_plan=[rnd(fields=[bid], resolve=resolve)]), garnets={"ann": 3, "bob": 0}
    )
    assert E.default_move(state, "bob") == {"bid": 0}
    state, _ = step(state, {"ann": {"bid": 3}})
    assert state["history"][-1]["label"] == "Round 1"
