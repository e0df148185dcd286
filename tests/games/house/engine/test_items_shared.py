"""``items_shared.py``, ``field_draw.py`` and a round's ``again``: piles others draw from, a draw that awaits the
same player's discard, the card just drawn as a default (FORMAT.md "Shared piles and turns of several steps in
/2", RULES.md house-90..94). Each test proves one clause, quoted from the published format."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import DEALER, RuleError
from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, quote, start, step, texts

PLAYERS = ["ann", "bob", "cat"]
CARDS = [{"label": f"Card {n}", "value": n, "suit": "Red" if n % 2 else ""} for n in range(1, 21)]
PILES = [
    {"name": "hand", "label": "Your hand", "deck": "d", "deal": 2, "visibility": "holder"},
    {"name": "discards", "label": "Discard pile", "deck": "d", "deal": 0, "visibility": "top"},
]
DRAW = {"name": "draw", "label": "Draw from", "type": "draw", "pile": "hand", "from": "discards"}
DISCARD = {"name": "discard", "label": "Your discard", "type": "card", "pile": "hand", "to": "discards"}


def _definition(**round_changes: Any) -> dict[str, Any]:
    """Three players with two cards each; each round in seat order, a draw and a discard onto one's own pile."""
    fields = [
        {**DRAW, "required": False, "default": "deck"},
        {**DISCARD, "required": False, "default": "drawn"},
    ]
    plan = rnd(**{"order": "seat", "again": "len(hand) > 2", "fields": fields, **round_changes})
    return v2(rounds=3, decks=[{"name": "d", "cards": CARDS}], piles=PILES, round_plan=[plan])


def _match(**round_changes: Any) -> dict[str, Any]:
    return start(PLAYERS, definition=_definition(**round_changes))


def _hand(state: dict[str, Any], player: str) -> list[int]:
    return list(state["piles"]["hand"][player])


def _pile(state: dict[str, Any], player: str) -> list[int]:
    return list(state["piles"]["discards"][player])


def test_a_player_draws_the_top_of_another_players_discard_pile() -> None:
    """Density Deck: "Draw a card from the central pile or another player's discard pile"."""
    quote("or the top card of the named player's `from` pile (the same deck)")
    state = _match()
    ann_card = _hand(state, "ann")[0]
    state, _ = step(state, {"ann": {"draw": "deck", "discard": ann_card}})
    assert _pile(state, "ann") == [ann_card]
    state, messages = step(state, {"bob": {"draw": "ann", "discard": _hand(state, "bob")[0]}})
    assert ann_card in _hand(state, "bob") and _pile(state, "ann") == []
    label = state["cards"][ann_card]["label"]
    assert f"Round 1: bob draws from ann's discard pile ({label})." in texts(messages)
    assert texts(messages, to="bob") == [f"You drew {label}."]


def test_a_draw_from_the_deck_tells_only_the_drawer_the_card() -> None:
    quote("the drawer is told the card; everyone is told where it came from")
    state = _match()
    top = state["deck"]["d"][0]
    state, messages = step(state, {"ann": {"draw": "deck"}})
    assert _hand(state, "ann")[-1] == top
    label = state["cards"][top]["label"]
    assert "Round 1: ann draws from the deck." in texts(messages)
    assert not any(label in line for line in texts(messages))
    assert texts(messages, to="ann") == [f"You drew {label}."]


def test_a_draw_from_an_empty_pile_or_from_oneself_is_refused_naming_the_field() -> None:
    """house-92: a draw that cannot be made is refused when saved, naming the field."""
    quote('A draw from an empty deck or pile is refused when saved ("Draw from: bob\'s\n  discard pile is empty")')
    state = _match()
    with pytest.raises(RuleError, match="Draw from: bob's discard pile is empty"):
        E.validate(state, "ann", {"draw": "bob"})
    with pytest.raises(RuleError, match="Draw from: cannot be yourself"):
        E.validate(state, "ann", {"draw": "ann"})
    state["deck"]["d"] = []
    with pytest.raises(RuleError, match="Draw from: the deck is empty"):
        E.validate(state, "ann", {"draw": "deck"})


def test_a_draw_without_from_takes_from_the_deck_only() -> None:
    definition = _definition()
    definition["round_plan"][0]["fields"][0]["from"] = None
    state = start(PLAYERS, definition=definition)
    with pytest.raises(RuleError, match='Draw from: must be "deck"'):
        E.validate(state, "ann", {"draw": "bob"})


def test_a_draw_sent_alone_awaits_the_same_player_for_the_discard() -> None:
    """Density Deck: "if you draw, you must discard", once you have seen the card (house-93: the mover awaited
    again; house-91: the card drawn at the mover's own turn)."""
    quote("while it is\n  true for them the same mover is awaited again")
    state = _match()
    state, messages = step(state, {"ann": {"draw": "deck"}})
    assert E.awaiting(state) == ("ann",) and len(_hand(state, "ann")) == 3
    assert "Round 1: ann moves again." in texts(messages)
    quote("that step's form asks only the\n  fields they have not answered this turn")
    with pytest.raises(RuleError, match='This round has no field "draw"'):
        E.validate(state, "ann", {"draw": "deck"})
    card = _hand(state, "ann")[0]
    state, _ = step(state, {"ann": {"discard": card}})
    assert E.awaiting(state) == ("bob",) and _pile(state, "ann") == [card] and len(_hand(state, "ann")) == 2
    assert state["so_far"]["ann"] == {"draw": "deck", "discard": card}  # one move in the round's record


def test_a_missing_discard_step_discards_the_card_just_drawn() -> None:
    quote("a missing step is those fields' defaults")
    state = _match()
    before = _hand(state, "ann")
    state, _ = step(state, {"ann": {"draw": "deck"}})
    drawn = _hand(state, "ann")[-1]
    state, _ = step(state, {})
    assert _hand(state, "ann") == before and _pile(state, "ann") == [drawn]


def test_a_missing_turn_draws_from_the_deck_and_discards_the_card_drawn() -> None:
    """Density Deck's coded ruling 16, said by the defaults ``deck`` and ``drawn`` (house-94)."""
    quote(
        '"if you send nothing, you discard the card you drew" is `default: drawn` beside a draw whose\n  default is `deck`'
    )
    state = _match()
    before, top = _hand(state, "ann"), state["deck"]["d"][0]
    state, _ = step(state, {})
    assert _hand(state, "ann") == before and _pile(state, "ann") == [top] and E.awaiting(state) == ("bob",)


def test_drawn_names_the_card_drawn_in_the_same_move() -> None:
    quote('Its value (and its `default`) may be `"drawn"`: the pile\'s last card, the one just drawn')
    state = _match()
    top = state["deck"]["d"][0]
    state, messages = step(state, {"ann": {"draw": "deck", "discard": "drawn"}})
    assert _pile(state, "ann") == [top] and E.awaiting(state) == ("bob",)
    assert state["so_far"]["ann"]["discard"] == top


def test_again_awaits_a_mover_at_most_eight_more_times() -> None:
    """house-93: ``again`` awaits the same mover at most 8 more times a turn."""
    quote("at most 8 more times a turn")
    state = _match(again="true")
    for _ in range(8):
        state, _ = step(state, {"ann": {}})
        assert E.awaiting(state) == ("ann",)
    state, _ = step(state, {"ann": {}})
    assert E.awaiting(state) == ("bob",)


def test_a_round_played_together_makes_every_draw_before_the_cards() -> None:
    quote(
        "in a round played together every draw is made at the\n  close, in seat order, before the round's cards are played"
    )
    definition = _definition()
    del definition["round_plan"][0]["again"]
    definition["round_plan"][0]["order"] = "together"
    state = start(PLAYERS, definition=definition)
    first, second = state["deck"]["d"][:2]
    state, _ = step(state, {"ann": {"draw": "deck", "discard": "drawn"}, "bob": {"draw": "deck"}, "cat": {}})
    assert _pile(state, "ann") == [first] and _hand(state, "bob")[-1] == second


def test_views_show_each_discard_pile_top_and_only_the_dealer_the_cards_under_it() -> None:
    """house-90: every viewer sees what the pile's visibility allows; the deck stays hidden from every player."""
    quote("visibility top: everyone sees the pile's top card (its last); the cards under it only the dealer")
    state = _match()
    under, top = _hand(state, "ann")
    state, _ = step(state, {"ann": {"draw": "deck", "discard": under}})
    for _ in range(2):
        state, _ = step(state, {})
    state, _ = step(state, {"ann": {"draw": "deck", "discard": top}})
    assert _pile(state, "ann") == [under, top]
    deck = set(state["deck"]["d"])
    for viewer in ("ann", "bob", None):
        view = E.view(state, viewer)
        assert [c["id"] for c in view["public"]["piles"]["ann"]["discards"]] == [top]
        seen = str(view)
        assert f"'id': {under}," not in seen, viewer  # the card under the top: in no player's or spectator's view
        assert not any(f"'id': {i}," in seen for i in deck), viewer
        assert "discards" not in view.get("you", {}).get("piles", {}).get("ann", {})
    dealer = E.view(state, DEALER)
    assert [c["id"] for c in dealer["dealer"]["piles"]["ann"]["discards"]] == [under, top]


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"fields": [{**DRAW, "pile": "nowhere"}]}, 'round_plan[0].fields[0].pile: "nowhere" is not a pile'),
        ({"fields": [{**DRAW, "from": "nowhere"}]}, 'round_plan[0].fields[0].from: "nowhere" is not a pile'),
        ({"fields": [{**DISCARD, "to": "nowhere"}]}, 'round_plan[0].fields[0].to: "nowhere" is not a pile'),
        ({"fields": [{**DRAW, "from": "other"}]}, 'round_plan[0].fields[0].from: "other" holds cards of the deck e'),
        ({"fields": [{**DRAW, "default": "bob"}]}, "round_plan[0].fields[0].default: a draw field's default is"),
        ({"fields": [{**DISCARD, "default": 3}]}, "round_plan[0].fields[0].default: a card field's default must be"),
        ({"order": "together", "again": "true"}, "round_plan[0].again: awaits a mover again: only a round in turn"),
        ({"order": "seat", "again": "len(hnad) > 2"}, "round_plan[0].again: unknown name 'hnad'"),
    ],
)
def test_a_shared_pile_key_that_names_nothing_is_refused_naming_its_path(change: dict[str, Any], error: str) -> None:
    piles = [*PILES, {"name": "other", "deck": "e", "visibility": "top"}]
    decks = [{"name": "d", "cards": CARDS}, {"name": "e", "cards": CARDS}]
    definition = v2(decks=decks, piles=piles, round_plan=[rnd(**change)])
    errors = definition_errors(definition)
    assert any(e.startswith(error) for e in errors), errors
