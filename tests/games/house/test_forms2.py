"""The player's form for the ``garnet-house/2`` field types: each becomes plain inputs a phone can tap (a
checkbox, selects, whole numbers), and what the form hands back is the move the engine accepts (FORMAT.md
"Fields in /2")."""

from __future__ import annotations

from random import Random
from typing import Any

from django import forms

from games.house.engine import HouseEngine
from games.house.engine.samples import sample_definition
from games.house.forms import MoveForm

ENGINE = HouseEngine()


def _form(state: Any, player: str, data: dict[str, Any] | None = None) -> MoveForm:
    return MoveForm(data=data, view=ENGINE.view(state, player), player=player)


def test_the_x_pairs_the_others_with_one_select_per_seat_and_may_double_for_what_it_costs_now() -> None:
    players = ["ann", "bob", "cat", "dan", "eve"]
    state = ENGINE.setup(
        players, {"definition": sample_definition("abc"), "garnets": {p: 5 for p in players}}, Random(1)
    )
    x = ENGINE.awaiting(state)[0]
    others = [p for p in players if p != x]
    form = _form(state, x)
    assert list(form.fields) == ["pairs__1", "pairs__2", "pairs__3", "pairs__4", "double"]
    assert (
        isinstance(form.fields["double"], forms.BooleanField) and "Costs 2 garnets" in form.fields["double"].help_text
    )
    data = {"pairs__1": others[0], "pairs__2": others[2], "pairs__3": others[1], "pairs__4": others[3], "double": "on"}
    form = _form(state, x, data)
    assert form.is_valid(), form.errors
    move = ENGINE.validate(state, x, form.to_move())
    assert move["double"] is True and sorted(map(sorted, move["pairs"])) == sorted(
        [sorted([others[0], others[2]]), sorted([others[1], others[3]])]
    )


def test_a_trade_and_a_gift_are_a_partner_and_whole_numbers() -> None:
    state = ENGINE.setup(["ann", "bob"], {"definition": sample_definition("trading")}, Random(1))
    form = _form(state, "ann")
    assert list(form.fields) == [
        "offer__with",
        "offer__give__red",
        "offer__give__blue",
        "offer__get__red",
        "offer__get__blue",
        "gift__to",
        "gift__amount",
    ]
    data = {
        "offer__with": "bob",
        "offer__give__red": "2",
        "offer__get__blue": "1",
        "gift__to": "bob",
        "gift__amount": "1",
    }
    form = _form(state, "ann", data)
    assert form.is_valid(), form.errors
    assert ENGINE.validate(state, "ann", form.to_move()) == {
        "offer": {"with": "bob", "give": {"red": 2}, "get": {"blue": 1}},
        "gift": {"to": "bob", "amount": 1},
    }
    empty = _form(state, "ann", {})
    assert empty.is_valid() and empty.to_move() == {}


def test_a_card_is_picked_among_the_players_own_cards() -> None:
    definition = {
        "schema": "garnet-house/2",
        "title": "Play a card",
        "kind": "main",
        "players": {"min": 2, "max": 4},
        "rounds": 2,
        "decks": [
            {
                "name": "d",
                "cards": [{"label": "Ace", "value": 1, "copies": 4}, {"label": "King", "value": 13, "copies": 4}],
            }
        ],
        "piles": [{"name": "hand", "deck": "d", "deal": 3}],
        "round_plan": [
            {
                "fields": [{"name": "play", "label": "Your card", "type": "card", "pile": "hand"}],
                "resolve": {"by": "none"},
            }
        ],
    }
    from games.house.engine.definition import definition_clean

    state = ENGINE.setup(["ann", "bob"], {"definition": definition_clean(definition)}, Random(1))
    mine = state["piles"]["hand"]["ann"]
    form = _form(state, "ann")
    assert [v for v, _ in form.fields["play"].choices] == ["", *map(str, mine)]
    form = _form(state, "ann", {"play": str(mine[0])})
    assert form.is_valid(), form.errors
    assert ENGINE.validate(state, "ann", form.to_move()) == {"play": mine[0]}


def test_the_form_asks_each_player_only_the_fields_for_them() -> None:
    from games.house.engine.definition import definition_clean

    definition = {
        "schema": "garnet-house/2",
        "title": "Secret and guesses",
        "kind": "main",
        "players": {"min": 2, "max": 4},
        "rounds": 2,
        "roles": [{"name": "x", "order": "seat"}],
        "round_plan": [
            {
                "fields": [
                    {"name": "secret", "label": "Your secret", "type": "number", "for": "role:x"},
                    {"name": "guess", "label": "Your guess", "type": "number", "for": "others:x"},
                ],
                "resolve": {"by": "none"},
            }
        ],
    }
    state = ENGINE.setup(["ann", "bob", "cat"], {"definition": definition_clean(definition)}, Random(1))
    assert list(_form(state, "ann").fields) == ["secret"]
    assert list(_form(state, "bob").fields) == ["guess"]
    form = _form(state, "bob", {"guess": "7"})
    assert form.is_valid() and ENGINE.validate(state, "bob", form.to_move()) == {"guess": 7}


def test_an_item_to_give_is_picked_among_the_players_own_cards() -> None:
    from games.house.engine.definition import definition_clean

    definition = {
        "schema": "garnet-house/2",
        "title": "Hand over",
        "kind": "main",
        "players": {"min": 2, "max": 4},
        "rounds": 1,
        "decks": [{"name": "d", "cards": [{"label": "Ace", "copies": 6}]}],
        "piles": [{"name": "hand", "deck": "d", "deal": 2}],
        "round_plan": [
            {"fields": [{"name": "gift", "label": "Give", "type": "give", "pile": "hand"}], "resolve": {"by": "none"}}
        ],
    }
    state = ENGINE.setup(["ann", "bob"], {"definition": definition_clean(definition)}, Random(1))
    mine = state["piles"]["hand"]["ann"]
    form = _form(state, "ann")
    assert [v for v, _ in form.fields["gift__card"].choices] == ["", *map(str, mine)]
    form = _form(state, "ann", {"gift__to": "bob", "gift__card": str(mine[1])})
    assert form.is_valid(), form.errors
    assert ENGINE.validate(state, "ann", form.to_move()) == {"gift": {"to": "bob", "card": mine[1]}}
