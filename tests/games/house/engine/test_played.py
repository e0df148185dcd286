"""``played.py``: each card field's label and a card's target field, who named whom with a card (RULES.md house-158,
house-159), and the formula ``filter`` they are read with."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.engine import RuleError
from games.house.engine.definition import definition_errors
from games.house.engine.formula import formula_compile
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, quote, start, step

CARD = {"name": "c1", "label": "A card", "type": "card", "pile": "hand", "required": False, "player": "t1"}
TARGET = {"name": "t1", "label": "Its target", "type": "player", "required": False}


def _aimed(**round_keys: Any) -> dict[str, Any]:
    """Two card fields, each with its target; Red cards and Blue cards; a holding per name read."""
    fields = [
        CARD,
        {**CARD, "name": "c2", "label": "Another card", "player": "t2"},
        {**TARGET, "required_if": "c1_label == 'Red'", "allowed": "c1_label != ''", "refusal": "no card, no target"},
        {**TARGET, "name": "t2", "label": "Its target too", "allowed": "c2_label != ''", "refusal": "no card"},
    ]
    return v2(
        rounds=3,
        holdings=[{"name": "reds_at_me", "start": 0}, {"name": "aimed", "start": 0}],
        decks=[{"name": "d", "cards": [{"label": "Red", "copies": 8}, {"label": "Blue", "copies": 8}]}],
        piles=[{"name": "hand", "deck": "d", "deal": 4, "visibility": "holder"}],
        round_plan=[
            rnd(
                fields=fields,
                effects=[
                    {"to": "reds_at_me", "who": "each", "amount": "len(filter(aimed_by, aimed_labels, 'Red'))"},
                    {"to": "aimed", "who": "each", "amount": "len(aimed_by)"},
                ],
                **round_keys,
            )
        ],
    )


def _card(state: dict[str, Any], player: str, label: str, skip: int = 0) -> int:
    return [i for i in state["piles"]["hand"][player] if state["cards"][i]["label"] == label][skip]


def _dealt(definition: dict[str, Any]) -> dict[str, Any]:
    """ann holds two Red and two Blue cards, bob and cat likewise."""
    state = start(["ann", "bob", "cat"], definition=definition)
    reds = [i for i, c in enumerate(state["cards"]) if c["label"] == "Red"]
    blues = [i for i, c in enumerate(state["cards"]) if c["label"] == "Blue"]
    for n, p in enumerate(("ann", "bob", "cat")):
        state["piles"]["hand"][p] = [*reds[2 * n : 2 * n + 2], *blues[2 * n : 2 * n + 2]]
    return state


def test_a_card_field_s_player_names_a_player_field_of_the_round() -> None:
    """FORMAT.md: "A card field's `player: <name>` names a `player` field of the same round, named by no other card
    field" (house-158): anything else is an error naming the card field's ``player``."""
    quote("A card field's `player: <name>` names a `player` field of the same round, named by no other card")
    good = _aimed()
    assert definition_errors(good) == []
    wrong = {**good, "round_plan": [rnd(fields=[{**CARD, "player": "c2"}, {**CARD, "name": "c2", "player": None}])]}
    errors = definition_errors(wrong)
    assert 'round_plan[0].fields[0].player: "c2" is not a player field of this round' in errors
    assert any(e.startswith("round_plan[0].fields[1].player: must name a player field") for e in errors)
    twice = {**good, "round_plan": [rnd(fields=[CARD, {**CARD, "name": "c2"}, TARGET])]}
    assert 'round_plan[0].fields[1].player: "t1" already names the target of another card field' in (
        definition_errors(twice)
    )


def test_aimed_by_and_aimed_labels_say_who_named_whom_with_a_card() -> None:
    """FORMAT.md: "`aimed_by` and `aimed_labels`: the senders and labels of the cards played this round whose `player`
    field names the player, in seat order then the fields' order" (house-158)."""
    quote("the senders and labels of the cards played this round whose `player` field names the player")
    state = _dealt(_aimed())
    moves = {
        "ann": {"c1": _card(state, "ann", "Red"), "t1": "cat", "c2": _card(state, "ann", "Blue"), "t2": "cat"},
        "bob": {"c1": _card(state, "bob", "Red"), "t1": "cat"},
        "cat": {"c1": _card(state, "cat", "Blue"), "t1": "ann"},
    }
    state, _ = step(state, moves)
    assert state["holdings"]["cat"] == {"reds_at_me": 2, "aimed": 3}
    assert state["holdings"]["ann"] == {"reds_at_me": 0, "aimed": 1}
    assert state["holdings"]["bob"] == {"reds_at_me": 0, "aimed": 0}


def test_a_target_field_reads_its_card_s_label() -> None:
    """FORMAT.md: "`<field>_label`: for each card field, the label of the card it plays (`''` for none)" (house-159):
    a Red card needs its target, no card takes none."""
    quote("`<field>_label`: for each card field, the label of the card it plays")
    state = _dealt(_aimed())
    with pytest.raises(RuleError, match="Its target: is required"):
        E.validate(state, "ann", {"c1": _card(state, "ann", "Red")})
    assert E.validate(state, "ann", {"c1": _card(state, "ann", "Blue")})
    with pytest.raises(RuleError, match="Its target too: no card"):
        E.validate(state, "ann", {"c1": _card(state, "ann", "Blue"), "t2": "bob"})
    for n in range(30):  # a random move keeps to the target's rules
        E.validate(state, "ann", E.random_move(state, "ann", Random(n)))


def test_a_move_s_rules_do_not_read_the_others_targets() -> None:
    """FORMAT.md: "a move's `allowed` and `required_if` do not (the others' moves are secret until the close)"
    (house-158); nor does another player's view show a target before the close or after it (the round shows
    nothing)."""
    quote("a move's `allowed` and `required_if` do not")
    definition = _aimed()
    definition["round_plan"][0]["fields"][2] = {**TARGET, "allowed": "len(aimed_by) == 0"}
    errors = definition_errors(definition)
    assert any(e.startswith("round_plan[0].fields[2].allowed: unknown name 'aimed_by'") for e in errors)
    quiet = _aimed()
    quiet["round_plan"][0]["effects"] = []  # an effect may publish what it makes of a target: none here
    before = _dealt(quiet)
    seen = []
    for target in ("bob", "cat"):  # what others see is the same whoever ann's card named
        state, messages = step(before, {"ann": {"c1": _card(before, "ann", "Red"), "t1": target}})
        seen.append(([E.view(state, v) for v in ("bob", "cat", None)], [m.text for m in messages if m.to != "ann"]))
    assert seen[0] == seen[1]


def test_a_round_of_garnet_house_2_has_up_to_16_fields() -> None:
    """FORMAT.md: "1..16 fields; 1..12 in /1" (house-158: seven cards and their targets, a text, a ranking)."""
    quote("1..16 fields; 1..12 in /1")
    fields = [{**TARGET, "name": f"t{i}", "label": f"Player {i}"} for i in range(16)]
    assert definition_errors(v2(round_plan=[rnd(fields=fields)])) == []
    errors = definition_errors(v2(round_plan=[rnd(fields=[*fields, {**TARGET, "name": "x"}])]))
    assert "round_plan[0].fields: must be a list of 1 to 16 fields" in errors


def test_filter_keeps_the_items_whose_key_matches() -> None:
    """FORMAT.md: "`filter(values, keys, key)` | | the items of `values` whose key (the item of `keys` at the same
    place) equals `key`" (house-158)."""
    quote("the items of `values` whose key (the item of `keys` at the same place) equals `key`")
    rule = formula_compile("filter(by, labels, 'Steal')", path="x", names=["by", "labels"])
    assert rule.evaluate({"by": ["ann", "bob", "cat"], "labels": ["Steal", "Gift", "Steal"]}) == ["ann", "cat"]
    with pytest.raises(Exception, match="two lists of the same length"):
        rule.evaluate({"by": ["ann"], "labels": []})
