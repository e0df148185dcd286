"""Random legal gifts, trades and cards for bots and tests, and the redraw of one player's hidden cards
(``garnet-house/2``; ``items.py`` holds the rules they follow).

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, cast

from games.engine import PlayerId
from games.house.engine import trade_rules
from games.house.engine.items import held, pile_decl
from games.house.engine.rows import face_up
from games.house.engine.state import State, asks, plan_for


def random_value(state: Mapping[str, Any], player: PlayerId, f: Mapping[str, Any], rng: Random) -> Any:
    """A legal random value of a give, trade or card field for ``player`` (None: nothing to give or play)."""
    others = [p for p in state["players"] if p != player and p not in state["out"]]
    if f["type"] == "card":
        pile = state["piles"][f["pile"]][player]
        return rng.choice(pile) if pile else None
    if not others:
        return None
    if f["type"] == "give" and f.get("pile"):
        mine = state["piles"][f["pile"]][player]
        return {"to": rng.choice(others), "card": rng.choice(mine)} if mine else None
    if f["type"] == "give":
        have = min(held(state, player, f["holding"]), f["max"])
        return {"to": rng.choice(others), "amount": rng.randint(1, have)} if have > 0 else None
    if f.get("barred"):  # never a partner the field bars (house-62)
        others = [q for q in others if q not in trade_rules.barred(state, player, f)]
        if not others:
            return None
    name = rng.choice(f["holdings"])
    give = min(held(state, player, name), 1 if f.get("one_for_one") else f["max"], 3)
    if not give and (f.get("terms") == "each_gives" or f.get("one_for_one")):
        return None  # nothing to give, and the trade must give something
    if f.get("terms") == "each_gives":
        return {"with": rng.choice(others), "give": {name: give}}
    return {"with": rng.choice(others), "give": {name: give} if give else {}, "get": {rng.choice(f["holdings"]): 1}}


def random_extras(state: Mapping[str, Any], player: PlayerId, move: dict[str, Any], rng: Random) -> None:
    """``move`` given random legal gifts, trades (one per partner) and cards for ``player``'s fields."""
    partners: set[str] = set()
    for f in plan_for(state, state["round"])["fields"]:
        if f["type"] not in ("give", "trade", "card") or not asks(state, f, player):
            continue
        if f["type"] == "card" and "allowed" in f:  # only a card its rule allows beside the move so far (house-157)
            from games.house.engine.move_rules import allowed_cards

            cards = allowed_cards(cast(State, state), player, f, move)
            if cards:
                move[f["name"]] = rng.choice(cards)
            continue
        value = random_value(state, player, f, rng)
        if value and f["type"] == "trade" and value["with"] in partners:
            continue  # one trade per partner a round
        if value is not None:  # a card's id may be 0
            move[f["name"]] = value
            partners |= {value["with"]} if f["type"] == "trade" else set()
    _random_card_players(state, player, move, rng)


def _random_card_players(state: Mapping[str, Any], player: PlayerId, move: dict[str, Any], rng: Random) -> None:
    """Each card's ``player`` field drawn again once the cards are chosen: its rules read the card's label
    (house-158, house-159), so only a player they allow, left out one time in two when it is not required."""
    from games.house.engine.fields import eligible
    from games.house.engine.move_rules import allowed_values, required_now

    fields = plan_for(state, state["round"])["fields"]
    decls = {f["name"]: f for f in fields}
    for f in fields:
        decl = decls.get(f.get("player") or "") if f["type"] == "card" else None
        if decl is None or not asks(state, decl, player):
            continue
        move.pop(decl["name"], None)
        among = eligible(decl, players=state["players"], out=state["out"], player=player)
        found = allowed_values(cast(State, state), player, decl, move, among) if "allowed" in decl else among
        if found and (required_now(cast(State, state), player, decl, move) or rng.random() < 0.5):
            move[decl["name"]] = rng.choice(list(found))


def resample(state: State, player: PlayerId, rng: Random) -> None:
    """``player``'s hidden cards redrawn: their piles only they (and the dealer) see are swapped with cards no
    player sees (the decks still to deal, piles of ``nobody`` or the ``dealer``, a row's face-down cards), then the
    decks reshuffled and the rows' face-down places dealt again (house-143)."""
    pool: list[int] = [i for ids in state["deck"].values() for i in ids]
    down = _face_down(state)
    pool += [i for _, ids in down for i in ids]
    mine: list[tuple[str, PlayerId]] = []
    for pile in state["definition"].get("piles", []):
        if pile["visibility"] in ("nobody", "dealer"):
            mine += [(pile["name"], q) for q in state["players"]]
        elif pile["visibility"] == "holder":
            mine.append((pile["name"], player))
    for name, q in mine:
        pool += state["piles"][name][q]
    rng.shuffle(pool)
    by_deck: dict[str, list[int]] = {}
    for i in pool:
        by_deck.setdefault(state["cards"][i]["deck"], []).append(i)
    for name, q in mine:
        decl = pile_decl(state, name)
        state["piles"][name][q] = _redrawn(state, by_deck.get(decl["deck"], []), len(state["piles"][name][q]), decl)
    for row, ids in down:  # the face-up cards stay where they are; only the face-down places are redrawn
        cards = state["rows"][row["name"]]
        taken = by_deck.get(row["deck"], [])
        cards[len(cards) - len(ids) :] = [taken.pop() for _ in ids]
    for deck in state["deck"]:
        state["deck"][deck] = by_deck.get(deck, [])[: len(state["deck"][deck])]


def _face_down(state: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], list[int]]]:
    """Each row's declaration with its face-down cards (its last ones): no player sees them, nor may a bot's world
    keep them."""
    return [
        (row, list(state.get("rows", {}).get(row["name"], []))[face_up(state, row) :])
        for row in state["definition"].get("rows", [])
    ]


def _redrawn(state: State, pool: list[int], count: int, decl: Mapping[str, Any]) -> list[int]:
    """``count`` cards from the end of ``pool`` (taken from it); a ``distinct`` pile's of different labels, as
    it was dealt (house-71: a redraw never makes a hand the deal could not)."""
    hand: list[int] = []
    for _ in range(count):
        labels = {state["cards"][i]["label"] for i in hand}
        pick = next((i for i in reversed(pool) if state["cards"][i]["label"] not in labels), None)
        if not decl.get("distinct") or pick is None:
            pick = pool[-1]
        pool.remove(pick)
        hand.append(pick)
    return hand
