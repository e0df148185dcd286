"""``rows.py``, ``hands.py`` and ``sections_hands.py``: a centre row the match holds, turned face up by a formula,
and a match played as hands that end by a formula, are scored, and are dealt again with a moving button (FORMAT.md
"A centre row and hands in /2", RULES.md house-110..114). Each test proves one clause, quoted from the published
format."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine import effects
from games.house.engine.definition import definition_errors
from games.house.engine.formula import FormulaError, formula_compile, formula_int
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, quote, start, step, texts

PLAYERS = ["ann", "bob", "cat"]
CARDS = [{"label": f"Card {n}", "value": n, "suit": "Red" if n % 2 else "", "copies": 1} for n in range(1, 31)]
PILES = [
    {"name": "hand", "label": "Your hand", "deck": "d", "deal": 2, "visibility": "holder"},
    {"name": "discards", "label": "Discard pile", "deck": "d", "deal": 0, "visibility": "top"},
]
ROWS = [{"name": "center", "label": "Centre", "deck": "d", "deal": 3, "face_up": "hand_round - 1"}]
ACTION = {"name": "action", "label": "Your turn", "type": "choice", "choices": ["go", "stop"], "default": "go"}
DISCARD = {"name": "discard", "label": "Your discard", "type": "card", "pile": "hand", "to": "discards"}
HANDS = {
    "ends": "'stop' in sent['action']",
    "effects": [
        {"to": "score", "who": "each", "amount": "0 if stopped else -1"},
        {"to": "stopped", "who": "each", "amount": "-stopped"},
    ],
    "out": "score <= 0",
    "button": "seat",
}


def _definition(**changes: Any) -> dict[str, Any]:
    """Three players, 2 points each, two cards each and a centre row of 3; each round in seat order a player goes
    (discarding a card, or not) or stops the hand: everyone but who stopped loses a point; at 0, out."""
    plan = rnd(
        order="seat",
        fields=[ACTION, {**DISCARD, "required": False}],
        effects=[{"to": "stopped", "who": "awaited", "amount": "1 if action == 'stop' else 0"}],
    )
    data = v2(
        rounds=None,
        scores={"label": "Points", "start": 2, "visibility": "public"},
        holdings=[{"name": "stopped", "min": 0, "max": 1}],
        decks=[{"name": "d", "cards": CARDS}],
        piles=PILES,
        rows=ROWS,
        hands=HANDS,
        round_plan=[plan],
        end={"after_rounds": False, "last_standing": True},
    )
    data.update(changes)
    return data


def _match(**changes: Any) -> dict[str, Any]:
    return start(PLAYERS, definition=_definition(**changes))


def _labels(state: dict[str, Any], ids: list[int]) -> list[str]:
    return [state["cards"][i]["label"] for i in ids]


def _go_round(state: dict[str, Any]) -> dict[str, Any]:
    for _ in PLAYERS:
        (mover,) = E.awaiting(state)
        state, _ = step(state, {mover: {"action": "go"}})
    return state


def test_a_rows_face_down_cards_are_shown_to_nobody_but_the_dealer() -> None:
    """house-110: a row's face-down cards are never shown to any player nor to the public; the dealer sees them."""
    quote("a face-down card is never read, shown or told to any player (house-110)")
    state = _match()
    row = state["rows"]["center"]
    assert len(row) == 3 and not set(row) & {i for by in state["piles"].values() for ids in by.values() for i in ids}
    labels = _labels(state, row)
    for viewer in [*PLAYERS, None]:
        seen = E.view(state, viewer)
        assert seen["public"]["rows"]["center"] == {"label": "Centre", "cards": [], "face_down": 3}
        assert not any(label in str(seen) for label in labels), viewer
    assert [c["label"] for c in E.view(state, DEALER)["dealer"]["rows"]["center"]] == labels


def test_one_more_card_turns_face_up_each_round_and_only_those_are_read() -> None:
    """house-110: ``face_up`` is read between none and all of the row's cards; formulas read the face-up ones."""
    quote("the first face_up of them are face up (a formula of round")
    state = _match()
    labels = _labels(state, state["rows"]["center"])
    assert effects.match_env(state)["center"] == []
    state = _go_round(state)
    assert [c["label"] for c in E.view(state, "bob")["public"]["rows"]["center"]["cards"]] == labels[:1]
    assert effects.match_env(state)["center"] == labels[:1]
    for _ in range(4):
        state = _go_round(state)
    assert effects.match_env(state)["center"] == labels  # never past the row's 3 cards
    assert effects.match_env(state)["center_suits"] == [state["cards"][i]["suit"] for i in state["rows"]["center"]]


def test_a_redraw_of_hidden_facts_draws_the_rows_face_down_cards_again() -> None:
    """house-143: ``resample_hidden`` (a bot's world, house-34) redraws a row's face-down cards with the deck still
    to deal, so a bot never plays knowing them; the face-up cards, the other hands and their views stay."""
    quote("a bot's guess at what it cannot see\n  draws the face-down cards again with the deck still to deal")
    state = _go_round(_match())  # Round 2: one card of the row face up, two face down
    row = list(state["rows"]["center"])

    def unseen(s: dict[str, Any]) -> list[int]:  # what ann's redraw may move: her hand, the row, the deck
        return sorted([*s["piles"]["hand"]["ann"], *s["rows"]["center"], *s["deck"]["d"]])

    redrawn = set()
    for n in range(20):
        world = E.resample_hidden(state, "ann", Random(n))
        assert world["rows"]["center"][0] == row[0] and len(world["rows"]["center"]) == 3
        assert unseen(world) == unseen(state)
        for viewer in ["bob", "cat", None]:
            assert E.view(world, viewer) == E.view(state, viewer)
        redrawn.add(tuple(world["rows"]["center"][1:]))
    assert len(redrawn) > 1 and redrawn != {tuple(row[1:])}


def test_a_formula_reads_the_suits_and_the_other_players_top_cards() -> None:
    """house-111: ``<pile>_suits``, and a top pile's ``<pile>_tops`` of the other players still in, seat order."""
    quote(
        "`<pile>_tops`,\n  `<pile>_tops_values` and `<pile>_tops_suits`: the top cards of the other players still in, in seat order"
    )
    state = _match()
    ann_card, bob_card = state["piles"]["hand"]["ann"][0], state["piles"]["hand"]["bob"][1]
    state, _ = step(state, {"ann": {"action": "go", "discard": ann_card}})
    state, _ = step(state, {"bob": {"action": "go", "discard": bob_card}})
    env = effects.player_env(state, "cat", effects.match_env(state), {}, ())
    assert env["discards_tops"] == _labels(state, [ann_card, bob_card])
    assert env["discards_tops_values"] == [state["cards"][i]["value"] for i in (ann_card, bob_card)]
    assert env["hand_suits"] == [state["cards"][i]["suit"] for i in state["piles"]["hand"]["cat"]]
    assert effects.player_env(state, "ann", effects.match_env(state), {}, ())["discards_tops"] == _labels(
        state, [bob_card]
    )


def test_sum_if_sums_the_values_whose_key_matches() -> None:
    """house-111: ``sum_if(values, keys, key)``; lists of different lengths are an error when it runs."""
    quote("the sum of the `values` whose key (the item of `keys` at the same place) equals `key`")
    rule = formula_compile("sum_if(v, k, 'Red')", path="x", names=["v", "k"])
    assert formula_int(rule, {"v": [3, 4, 10], "k": ["Red", "", "Red"]}) == 13
    with pytest.raises(FormulaError, match="same length"):
        formula_int(rule, {"v": [3, 4], "k": ["Red"]})


def test_a_hand_ends_at_the_move_that_makes_its_formula_true() -> None:
    """house-112: read after each mover's turn; the movers after the one who ended it are not awaited."""
    quote("The round then closes at once: the\n  movers after the one who ended it are not awaited.")
    state = _match()
    assert E.awaiting(state) == ("ann",)
    state, messages = step(state, {"ann": {"action": "stop"}})
    assert "Hand 1 ends in its round 1: bob -1; cat -1." in texts(messages)
    assert state["scores"] == {"ann": 2, "bob": 1, "cat": 1}
    assert state["history"][-1]["moves"] == {"ann": {"action": "stop"}}
    assert state["history"][-1]["points"] == {"bob": -1, "cat": -1}
    assert E.view(state, None)["public"]["hand"] == {"round": 1, "played": 1, "button": "ann"}
    assert state["holdings"]["ann"]["stopped"] == 0  # the hand's effects ran after the round's


def test_a_hand_whose_end_cannot_be_computed_goes_on() -> None:
    """house-112 with house-40: a ``hands.ends`` that cannot be computed does not end the hand."""
    state = _match(hands={**HANDS, "ends": "sent['nothing'] == 1"})
    state, messages = step(state, {"ann": {"action": "stop"}})
    assert E.awaiting(state) == ("bob",) and not any("Hand 1" in t for t in texts(messages))


def test_the_button_moves_clockwise_and_the_first_mover_with_it() -> None:
    """house-113: the next hand starts left of the button, which moved to the next player still in."""
    quote(
        "at each new hand it moves to the next player still in, clockwise; a round in seat order (`order: seat`)\n  starts with the player to its left"
    )
    state = _match()
    state, _ = step(state, {"ann": {"action": "stop"}})
    assert E.awaiting(state) == ("bob",)
    state, _ = step(state, {"bob": {"action": "go"}})
    state, _ = step(state, {"cat": {"action": "go"}})
    assert E.awaiting(state) == ("ann",)  # the button's holder moves last
    state, _ = step(state, {"ann": {"action": "stop"}})  # bob and cat fall to 0: out; ann is last standing
    assert state["phase"] == "over" and sorted(state["out"]) == ["bob", "cat"]


def test_a_random_button_is_drawn_at_setup() -> None:
    """house-113: ``button: random`` puts the button on a seat drawn at setup."""
    firsts = {
        E.awaiting(start(PLAYERS, seed=str(n), definition=_definition(hands={**HANDS, "button": "random"})))[0]
        for n in range(12)
    }
    assert firsts == set(PLAYERS)


def test_a_new_hand_deals_every_card_again_to_the_players_still_in() -> None:
    """house-114: every card goes back to its deck, the decks are shuffled, the piles dealt, then the rows."""
    quote(
        "every card goes back to its deck, each deck is shuffled, the\n  piles are dealt to the players still in as at setup, then the rows"
    )
    state = start(["ann", "bob", "cat", "dan"], definition=_definition())
    state, _ = step(state, {"ann": {"action": "go", "discard": state["piles"]["hand"]["ann"][0]}})
    state, _ = step(state, {"bob": {"action": "stop"}})  # ann, cat, dan: 1 point each
    hands = {p: len(ids) for p, ids in state["piles"]["hand"].items()}
    assert hands == {"ann": 2, "bob": 2, "cat": 2, "dan": 2} and not any(state["piles"]["discards"].values())
    held = [i for by in state["piles"].values() for ids in by.values() for i in ids] + state["rows"]["center"]
    assert sorted(held + state["deck"]["d"]) == list(range(len(CARDS)))
    assert E.awaiting(state) == ("bob",)  # the button moved from dan to ann
    state, _ = step(state, {"bob": {"action": "go"}})
    state, messages = step(state, {"cat": {"action": "stop"}})  # ann and dan fall to 0: out
    assert "Out of the match: ann, dan." in texts(messages) or "Out of the match: dan, ann." in texts(messages)
    assert state["piles"]["hand"]["ann"] == [] and len(state["piles"]["hand"]["bob"]) == 2
    assert E.awaiting(state) == ("cat",)  # the button skipped ann, out, to bob


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"rows": [{**ROWS[0], "deck": "zz"}]}, "rows[0].deck: must be one of"),
        ({"rows": [{**ROWS[0], "face_up": "hand_rounds"}]}, "rows[0].face_up: unknown name 'hand_rounds'"),
        ({"rows": [{**ROWS[0], "name": "hand"}]}, 'rows[0].name: "hand" is already a name'),
        ({"rows": [{**ROWS[0], "colour": 1}]}, "rows[0].colour: is not a known key"),
        ({"rows": "center"}, "rows: must be a list of at most 4 rows"),
        ({"hands": {**HANDS, "ends": None}}, "hands.ends: is required"),
        ({"hands": {**HANDS, "ends": "'stop' in sentt"}}, "hands.ends: unknown name 'sentt'"),
        ({"hands": {**HANDS, "button": "left"}}, "hands.button: must be one of"),
        ({"hands": {**HANDS, "out": "lives <= 0"}}, "hands.out: unknown name 'lives'"),
        ({"hands": {**HANDS, "effects": [{"to": "lives", "amount": "1"}]}}, "hands.effects[0].to: must be one of"),
        ({"hands": {**HANDS, "deal": 3}}, "hands.deal: is not a known key"),
        ({"hands": 5}, "hands: must be"),
    ],
)
def test_a_bad_row_or_hand_is_refused_naming_its_path(change: dict[str, Any], error: str) -> None:
    """Every new key is checked on save with an error naming its path, never an exception."""
    errors = definition_errors(_definition(**change))
    assert any(e.startswith(error) for e in errors), errors


def test_a_v1_definition_refuses_rows_and_hands() -> None:
    quote("a `/2` key or field type in it is an error naming its path")
    errors = definition_errors({**_definition(), "schema": "garnet-house/1"})
    assert any(e.startswith("rows: is not a known key") for e in errors)
    assert any(e.startswith("hands: is not a known key") for e in errors)


def test_hand_round_is_a_name_only_in_a_game_of_hands() -> None:
    """house-112: ``hand_round`` is read by every formula of a game with ``hands``; elsewhere it is unknown."""
    quote("`hand_round` (every formula of a game with `hands`)")
    data = _definition(hands=None, rows=[{**ROWS[0], "face_up": "round - 1"}])
    data.pop("hands")
    data["round_plan"][0]["when"] = "hand_round > 0"
    assert any("unknown name 'hand_round'" in e for e in definition_errors(data))
    data["hands"] = HANDS
    assert definition_errors(data) == []


def test_a_hand_effect_that_cannot_be_computed_is_skipped_and_said() -> None:
    """house-114 with house-40: the hand's effect is skipped, the line names its path only."""
    broken = {**HANDS, "effects": [{"to": "score", "who": "each", "amount": "hand_values[5]"}]}
    state = _match(hands=broken)
    state, messages = step(state, {"ann": {"action": "stop"}})
    assert "Hand 1: a formula could not be computed, so it did nothing (hands.effects[0].amount)" in texts(messages)
    assert state["scores"] == {"ann": 2, "bob": 2, "cat": 2} and "formula_errors" not in state
