"""``items_shared.refill``: a pile with ``refill: true`` shuffled back into its deck, but its top card, when a turn
leaves the deck empty (FORMAT.md "Shared piles and turns of several steps in /2", RULES.md house-140; Density
Deck's coded ruling 13). Each test proves one clause, quoted from the published format; the last one that the new
deck's order reaches nobody."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_items_shared import DISCARD, DRAW, PILES
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, quote, start, step, texts

PLAYERS = ["ann", "bob", "cat"]
CARDS = [{"label": f"Card {n}", "value": n} for n in range(1, 11)]  # 6 dealt: 4 left in the deck
REFILL = [PILES[0], {**PILES[1], "refill": True}]


def _definition(order: str = "seat", piles: list[dict[str, Any]] = REFILL) -> dict[str, Any]:
    """Three players with two cards each and a deck of 4; each round a draw and a discard onto one's own pile."""
    fields = [{**DRAW, "required": False, "default": "deck"}, {**DISCARD, "required": False, "default": "drawn"}]
    plan = rnd(order=order, fields=fields, **({"again": "len(hand) > 2"} if order == "seat" else {}))
    return v2(rounds=9, decks=[{"name": "d", "cards": CARDS}], piles=piles, round_plan=[plan])


def _pile(state: dict[str, Any], player: str) -> list[int]:
    return list(state["piles"]["discards"][player])


def _turns(state: dict[str, Any], n: int) -> tuple[dict[str, Any], list[str]]:
    """``n`` turns of a draw from the deck and the card drawn discarded; the public lines of the last."""
    said: list[str] = []
    for _ in range(n):
        (mover,) = E.awaiting(state)
        state, messages = step(state, {mover: {"draw": "deck", "discard": "drawn"}})
        said = texts(messages)
    return state, said


def test_the_piles_but_their_tops_are_shuffled_into_a_new_deck_at_the_end_of_the_turn() -> None:
    """Density Deck's ruling 13: "every discard pile except its top card is shuffled ... into a new deck; the top
    cards stay where they are" (house-140)."""
    quote("every player's pile\n  with `refill: true` of that deck, but its top card, is shuffled into a new deck")
    state = start(PLAYERS, definition=_definition())
    state, _ = _turns(state, 3)
    assert len(state["deck"]["d"]) == 1
    under = _pile(state, "ann")[0]
    state, said = _turns(state, 1)  # ann draws the last card: her first discard goes back, her second stays
    assert state["deck"]["d"] == [under]
    assert [len(_pile(state, p)) for p in PLAYERS] == [1, 1, 1]
    quote("the top cards stay where they are and everyone is told the new deck's size, never its order")
    assert "Round 2: the deck ran out: the discard piles but their top cards are shuffled into a new deck of 1." in said
    assert E.awaiting(state) == ("bob",)
    state, _ = _turns(state, 1)  # the match goes on: bob draws the card made a deck again
    assert under in state["piles"]["hand"]["bob"] or _pile(state, "bob")[-1] == under


def test_a_turn_of_two_steps_makes_the_new_deck_after_its_last_step() -> None:
    quote("in a\n  round in turn order after the mover's last step")
    state = start(PLAYERS, definition=_definition())
    state, _ = _turns(state, 3)
    state, messages = step(state, {"ann": {"draw": "deck"}})  # the last card drawn: ann still has to discard
    assert state["deck"]["d"] == [] and E.awaiting(state) == ("ann",)
    assert not any("deck ran out" in line for line in texts(messages))
    state, messages = step(state, {"ann": {"discard": "drawn"}})
    assert len(state["deck"]["d"]) == 1 and any("deck ran out" in line for line in texts(messages))


def test_a_round_played_together_makes_the_new_deck_once_its_cards_are_played() -> None:
    quote("in a round played together at the close once its cards are\n  played")
    state = start(PLAYERS, definition=_definition(order="together"))
    moves = {p: {"draw": "deck", "discard": "drawn"} for p in PLAYERS}
    state, _ = step(state, moves)
    assert len(state["deck"]["d"]) == 1 and all(len(_pile(state, p)) == 1 for p in PLAYERS)
    # ann draws the last card; bob's and cat's defaults find the deck empty and discard a card of their hands
    state, messages = step(state, {"ann": moves["ann"]})
    assert [len(_pile(state, p)) for p in PLAYERS] == [1, 1, 1] and len(state["deck"]["d"]) == 3
    assert any("deck ran out" in line for line in texts(messages))


def test_without_refill_a_deck_that_runs_out_stays_empty() -> None:
    """house-33: "A deck that runs out deals what it has: the discard is not reshuffled" unless a pile says
    ``refill`` (house-140)."""
    state = start(PLAYERS, definition=_definition(piles=PILES))
    state, said = _turns(state, 4)
    assert state["deck"]["d"] == [] and not any("deck ran out" in line for line in said)


def test_a_refill_that_is_not_yes_or_no_is_refused_naming_its_path() -> None:
    errors = definition_errors(_definition(piles=[PILES[0], {**PILES[1], "refill": "often"}]))
    assert any(e.startswith("piles[1].refill") for e in errors), errors


@pytest.mark.parametrize("viewer", [None, *PLAYERS, DEALER])
def test_the_new_decks_order_reaches_no_viewer(viewer: str | None) -> None:
    """house-140: the new deck is shuffled with the match's random generator and is nobody's (house-34): the same
    turn closed with two generators that shuffle it differently leaves every view, the dealer's included, and
    every line the same."""
    definition = _definition(piles=[PILES[0], {**PILES[1], "refill": True}])
    definition["decks"][0]["cards"] = [{"label": f"Card {n}", "value": n} for n in range(1, 13)]  # 6 in the deck
    state = start(PLAYERS, definition=definition)
    state, _ = _turns(state, 5)  # ann, bob, cat, ann, bob: every pile holds two cards but cat's
    checked = E.validate(state, "cat", {"draw": "deck", "discard": "drawn"})
    orders, views, lines = set(), [], []
    for seed in range(8):
        after, messages = E.resolve(state, {"cat": checked}, Random(f"shuffle:{seed}"))
        orders.add(tuple(after["deck"]["d"]))
        views.append(E.view(after, viewer))
        lines.append([(m.to, m.text) for m in messages])
    assert len(orders) > 1 and all(len(o) == 3 for o in orders)
    assert all(v == views[0] for v in views) and all(t == lines[0] for t in lines)
