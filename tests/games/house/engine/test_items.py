"""``items.py``: issue 43's trade bug, trades that name each other across a round's trade fields (RULES.md
house-32, house-47)."""

from __future__ import annotations

from typing import Any

from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, start, step, texts

TRADE = {"name": "t1", "label": "First trade", "type": "trade", "holdings": ["red", "blue"], "required": False}


def _two_trade_fields(**trade: Any) -> dict[str, Any]:
    """Each player starts with 3 red and 3 blue; a round asks two trades (``trade`` changes both fields)."""
    fields = [{**TRADE, **trade}, {**TRADE, **trade, "name": "t2", "label": "Second trade"}]
    definition = v2(
        rounds=2,
        holdings=[{"name": "red", "start": 3, "min": 0}, {"name": "blue", "start": 3, "min": 0}],
        round_plan=[rnd(fields=fields)],
    )
    return start(["ann", "bob", "cat"], definition=definition)


def test_two_players_who_name_each_other_in_different_trade_fields_trade() -> None:
    """Issue 43: "Two players who name each other in different trade fields never trade, and neither is told
    (house-32 says a failed trade is told to both)." house-47: the answer to an offer may stand in any trade
    field of the round."""
    state = _two_trade_fields()
    offer = {"with": "bob", "give": {"red": 2}, "get": {"blue": 1}}
    back = {"with": "ann", "give": {"blue": 1}, "get": {"red": 2}}
    state, messages = step(state, {"ann": {"t1": offer}, "bob": {"t2": back}})
    assert state["holdings"]["ann"] == {"red": 1, "blue": 4}
    assert state["holdings"]["bob"] == {"red": 5, "blue": 2}
    assert "ann and bob traded: ann gave 2 red, bob gave 1 blue." in texts(messages)


def test_each_gives_offers_in_different_fields_trade() -> None:
    """house-47 with `terms: each_gives` (Exodus: each names only what it gives): two offers naming each other
    in different fields go through."""
    state = _two_trade_fields(terms="each_gives")
    moves = {
        "ann": {"t2": {"with": "bob", "give": {"red": 1}}, "t1": {"with": "cat", "give": {"blue": 1}}},
        "bob": {"t1": {"with": "ann", "give": {"blue": 2}}},
    }
    state, messages = step(state, moves)
    assert state["holdings"]["ann"] == {"red": 2, "blue": 5}  # the blue offered to cat stays: cat sent nothing
    assert state["holdings"]["bob"] == {"red": 4, "blue": 1}
    assert texts(messages, to="ann") == ["Your trade with cat did not go through: cat offered you no trade."]


def test_a_trade_across_fields_whose_terms_differ_fails_and_both_are_told() -> None:
    """house-32: "A trade that fails is told to both privately"; house-47: across fields the terms must match
    as within one."""
    state = _two_trade_fields()
    offer = {"with": "bob", "give": {"red": 2}, "get": {"blue": 1}}
    other = {"with": "ann", "give": {"blue": 1}, "get": {"red": 3}}
    state, messages = step(state, {"ann": {"t1": offer}, "bob": {"t2": other}})
    assert state["holdings"]["ann"] == {"red": 3, "blue": 3}
    told = "The trade between ann and bob did not go through: what one gives is not what the other gets."
    assert texts(messages, to="ann") == [told]
    assert texts(messages, to="bob") == [told]
    assert not any("trade" in line for line in texts(messages))  # nothing public


def test_a_trade_answered_from_a_private_field_stays_private() -> None:
    """house-47: a trade whose two offers stand in a public and a private field is told only to the two."""
    state = _two_trade_fields()
    definition = state["definition"]
    definition["round_plan"][0]["fields"][1]["public"] = False
    offer = {"with": "bob", "give": {"red": 1}, "get": {"blue": 1}}
    back = {"with": "ann", "give": {"blue": 1}, "get": {"red": 1}}
    state, messages = step(state, {"ann": {"t1": offer}, "bob": {"t2": back}})
    words = "ann and bob traded: ann gave 1 red, bob gave 1 blue."
    assert words not in texts(messages)
    assert words in texts(messages, to="ann") and words in texts(messages, to="bob")
    assert E.outcome(state) is None


def test_played_reads_the_labels_and_owners_of_the_cards_played_this_round() -> None:
    """FORMAT.md: "`played` and `played_owners`: the labels and initial owners ... of the cards the player plays this
    round through the round's `card` fields" (house-155)."""
    from tests.games.house.scenario import quote

    quote("`played` and `played_owners`: the labels and initial owners")
    cards = {"name": "c1", "label": "A card", "type": "card", "pile": "hand", "required": False}
    definition = v2(
        rounds=2,
        holdings=[{"name": "reds", "start": 0}, {"name": "unmarked", "start": 0}],
        decks=[{"name": "d", "cards": [{"label": "Red", "copies": 6}, {"label": "Blue", "copies": 6}]}],
        piles=[{"name": "hand", "deck": "d", "deal": 4, "visibility": "holder"}],
        round_plan=[
            rnd(
                fields=[cards, {**cards, "name": "c2", "label": "Another card"}],
                effects=[
                    {"to": "reds", "who": "each", "amount": "count(played, 'Red')"},
                    {"to": "unmarked", "who": "each", "amount": "count(played_owners, '')"},
                ],
            )
        ],
    )
    state = start(["ann", "bob"], definition=definition)
    hand = state["piles"]["hand"]["ann"]
    moves = {"ann": {"c1": hand[0], "c2": hand[1]}, "bob": {}}
    state, _ = step(state, moves)
    reds = sum(state["cards"][i]["label"] == "Red" for i in hand[:2])
    assert state["holdings"]["ann"] == {"reds": reds, "unmarked": 2}
    assert state["holdings"]["bob"] == {"reds": 0, "unmarked": 0}
    errors = definition_errors({**definition, "round_plan": [rnd(effects=[{"to": "reds", "amount": "len(played)"}])]})
    assert any(e.startswith("round_plan[0].effects[0].amount: unknown name 'played'") for e in errors)


def test_a_random_move_plays_only_cards_a_ruled_card_field_allows() -> None:
    """FORMAT.md: "a random move (a bot's, a test's) plays through such a field only a card its rule allows beside
    the cards already chosen" (house-157): at most one Red card a move, never refused."""
    from random import Random

    from tests.games.house.scenario import quote

    quote("a random move (a bot's, a test's) plays through such a field only a card its rule allows")
    rule = {"allowed": "count(played, 'Red') <= 1", "refusal": "one Red card a move"}
    cards = {"name": "c1", "label": "A card", "type": "card", "pile": "hand", "required": False, **rule}
    definition = v2(
        rounds=2,
        decks=[{"name": "d", "cards": [{"label": "Red", "copies": 8}, {"label": "Blue", "copies": 2}]}],
        piles=[{"name": "hand", "deck": "d", "deal": 4, "visibility": "holder"}],
        round_plan=[rnd(fields=[cards, {**cards, "name": "c2"}, {**cards, "name": "c3"}])],
    )
    state = start(["ann", "bob"], definition=definition)
    for n in range(30):
        move = E.random_move(state, "ann", Random(n))
        played = [state["cards"][move[f]]["label"] for f in ("c1", "c2", "c3") if f in move]
        assert played.count("Red") <= 1 and len(set(move[f] for f in ("c1", "c2", "c3") if f in move)) == len(played)
        E.validate(state, "ann", move)
