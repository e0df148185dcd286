"""The player's form draws every field type the engine's registry knows, each through its own builder."""

from __future__ import annotations

from games.house.engine.field_types import FIELD_TYPES
from games.house.play import player_exchanges, player_fields


def test_every_registered_field_type_has_a_django_field() -> None:
    """A type added to the engine's registry without its form field fails here, not on a player's page."""
    drawn = set(player_fields.FORM_FIELDS) | set(player_exchanges.TYPES)
    assert drawn == set(FIELD_TYPES)
    assert set(player_fields.FORM_FIELDS).isdisjoint(player_exchanges.TYPES)


def test_a_list_field_comes_back_as_a_list_and_a_blank_one_is_left_out() -> None:
    """``many`` types (players, order) keep their list; a blank field is the field's default."""
    specs = [
        {"name": "who", "type": "players", "players": ["ann", "bob", "cat"], "not_self": True},
        {"name": "guess", "type": "number"},
        {"name": "rank", "type": "order", "players": ["ann", "bob", "cat"], "not_self": True},
    ]
    data = {"who": ("bob",), "guess": "", "rank__1": "cat", "rank__2": "bob"}
    assert player_fields.player_move(specs, data, "ann") == {"who": ["bob"], "rank": ["cat", "bob"]}


def test_a_draw_offers_the_deck_and_the_other_players_piles_and_a_discard_the_card_drawn() -> None:
    """FORMAT.md "Shared piles": a draw is "deck" or another player; a card field may name "drawn" (house-94)."""
    draw = {"name": "draw", "type": "draw", "pile": "hand", "from": "discards", "players": ["ann", "bob", "cat"]}
    discard = {"name": "discard", "type": "card", "pile": "hand", "to": "discards", "cards": [{"id": 7, "label": "A"}]}
    choices = [c for c, _ in player_exchanges.fields_for(draw, "ann", None, "")["draw"].choices]  # type: ignore[attr-defined]
    assert choices == ["", "deck", "bob", "cat"]
    offered = [c for c, _ in player_exchanges.fields_for(discard, "ann", None, "")["discard"].choices]  # type: ignore[attr-defined]
    assert offered == ["", "7", "drawn"]
    move = player_fields.player_move([draw, discard], {"draw": "bob", "discard": "drawn"}, "ann")
    assert move == {"draw": "bob", "discard": "drawn"}
    assert player_fields.player_move([draw, discard], {"draw": "deck", "discard": "7"}, "ann")["discard"] == 7
