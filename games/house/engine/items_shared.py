"""Piles players share (FORMAT.md "Shared piles"): a ``draw`` field takes the top card of a pile's deck or of
another player's pile (each player's discard pile, its top card public: ``visibility: top``) into the drawer's
pile; a ``card`` field with ``to`` plays a card onto the player's own pile; ``"drawn"`` names the pile's last card,
the one just drawn. In a round in turn order each mover's draws and cards are played at their own turn, so the
next mover may draw the card just discarded (RULES.md house-90..94).

State keys: those of ``items`` (``deck``, ``discard``, ``piles``, ``cards``).

Pure: no Django, no clock; randomness comes in as ``rng``. Functions that change a state change the one given.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import Message, PlayerId, RuleError
from games.house.engine.field_draw import DECK
from games.house.engine.field_exchanges import DRAWN
from games.house.engine.items import pile_decl
from games.house.engine.state import State, asks, plan_for, round_label

PLAYED_AT_TURN = ("draw", "card")
"""The field types a round in turn order plays at each mover's own turn (house-91)."""


def _fields(state: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    return [f for f in plan_for(state, state["round"])["fields"] if f["type"] == kind]


def _source(state: Mapping[str, Any], decl: Mapping[str, Any], value: str) -> list[int]:
    """The ids a draw of ``value`` takes the top of: the deck (top first) or the named player's ``from`` pile
    (top last)."""
    if value == DECK:
        return list(state["deck"][pile_decl(state, decl["pile"])["deck"]])
    return list(state["piles"][decl["from"]][value])


def _named(state: Mapping[str, Any], pile: str) -> str:
    """A pile's label inside a sentence ("bob's discard pile")."""
    label = str(pile_decl(state, pile)["label"])
    return label[:1].lower() + label[1:]


def check_move(state: Mapping[str, Any], player: PlayerId, move: Mapping[str, Any]) -> None:
    """A draw from an empty deck or an empty pile, or ``"drawn"`` with nothing to name, is refused naming the
    field (house-92)."""
    fields = plan_for(state, state["round"])["fields"]
    if not any(f["type"] in PLAYED_AT_TURN for f in fields):
        return  # the common case: nothing drawn or played here (a close must not get slower)
    drawing: set[str] = set()
    for f in _fields(state, "draw"):
        value = move.get(f["name"])
        if value is None:
            continue
        if not _source(state, f, value):
            where = "the deck is" if value == DECK else f"{value}'s {_named(state, f['from'])} is"
            raise RuleError(f"{f['label']}: {where} empty")
        drawing.add(f["pile"])
    for f in _fields(state, "card"):
        if move.get(f["name"]) == DRAWN and f["pile"] not in drawing and not state["piles"][f["pile"]][player]:
            raise RuleError(f"{f['label']}: you hold no card to play")


def card_id(state: Mapping[str, Any], decl: Mapping[str, Any], player: PlayerId, value: Any) -> Any:
    """A card field's value as the card's id: ``"drawn"`` is the pile's last card (None: the pile is empty)."""
    if value == DRAWN:
        pile = state["piles"][decl["pile"]][player]
        return pile[-1] if pile else None
    return value


def draw(state: State, decl: Mapping[str, Any], player: PlayerId, value: str) -> list[Message]:
    """One card from the top of the deck or of ``value``'s ``from`` pile into ``player``'s pile; the drawer is told
    the card, the table where it came from (a card from a pile was public on its top)."""
    if value == DECK:
        deck = state["deck"][pile_decl(state, decl["pile"])["deck"]]
        if not deck:
            return []
        card = deck.pop(0)
        where = "the deck"
    else:
        pile = state["piles"][decl["from"]][value]
        if not pile:
            return []
        card = pile.pop()
        where = f"{value}'s {_named(state, decl['from'])}"
    state["piles"][decl["pile"]][player].append(card)
    label = state["cards"][card]["label"]
    shown = "" if value == DECK else f" ({label})"
    return [
        Message(f"{round_label(state)}: {player} draws from {where}{shown}."),
        Message(f"You drew {label}.", to=player),
    ]


def play_card(state: State, decl: Mapping[str, Any], player: PlayerId, card: Any) -> list[Message]:
    """``card`` from ``player``'s pile onto their own pile ``to`` (or the deck's discard); nothing if not held."""
    pile = state["piles"][decl["pile"]][player]
    if card not in pile:
        return []
    pile.remove(card)
    if decl.get("to"):
        state["piles"][decl["to"]][player].append(card)
    else:
        state["discard"][pile_decl(state, decl["pile"])["deck"]].append(card)
    return [Message(f"{round_label(state)}: {player} played {state['cards'][card]['label']}.")]


def play_turn(state: State, player: PlayerId, move: Mapping[str, Any]) -> tuple[list[Message], dict[str, Any]]:
    """A mover's draws, then their cards, played now (house-91); the move returned with ``"drawn"`` as the id of
    the card it played, as the round's record keeps it."""
    messages: list[Message] = []
    kept = dict(move)
    fields = [f for f in plan_for(state, state["round"])["fields"] if f["type"] in PLAYED_AT_TURN]
    for f in fields:  # draws first, then cards (house-91)
        if f["type"] == "draw" and move.get(f["name"]) is not None:
            messages += draw(state, f, player, move[f["name"]])
    for f in fields:
        if f["type"] == "card" and move.get(f["name"]) is not None:
            card = card_id(state, f, player, move[f["name"]])
            messages += play_card(state, f, player, card)
            kept[f["name"]] = card
    return messages, {k: v for k, v in kept.items() if v is not None}


def draws_first(state: State, moves: Mapping[PlayerId, Mapping[str, Any]]) -> dict[PlayerId, dict[str, Any]]:
    """A round played together: every draw made at the close, in seat order, before the round's cards are played;
    the moves returned with ``"drawn"`` as the id of the pile's last card then (house-91)."""
    draws, cards = _fields(state, "draw"), _fields(state, "card")
    if not draws and not cards:
        return {p: dict(m) for p, m in moves.items()}  # the common case: nothing drawn or played here
    resolved = {p: dict(m) for p, m in moves.items()}
    for p in state["players"]:
        for f in draws:
            if p in resolved and resolved[p].get(f["name"]) is not None:
                draw(state, f, p, resolved[p][f["name"]])
    for p, m in resolved.items():
        for f in cards:
            if m.get(f["name"]) == DRAWN:
                m[f["name"]] = card_id(state, f, p, DRAWN)
    return resolved


def unplayed(move: Mapping[str, Any], fields: list[dict[str, Any]]) -> dict[str, Any]:
    """``move`` without the fields already played at the mover's turn (a round in turn order)."""
    done = {f["name"] for f in fields if f["type"] in PLAYED_AT_TURN}
    return {k: v for k, v in move.items() if k not in done}


def refill(state: State, rng: Random) -> list[Message]:
    """Each deck a turn left empty made again (RULES.md house-140): every player's pile with ``refill: true`` of
    that deck, but its top card, shuffled with ``rng`` into a new deck; the tops stay where they are. Nothing
    when no such pile holds a card under its top."""
    messages: list[Message] = []
    for name, deck in state["deck"].items():
        if deck:
            continue  # the common case: a deck with cards left (a close must not get slower)
        piles = [p for p in state["definition"].get("piles", []) if p.get("refill") and p["deck"] == name]
        for pile in piles:
            for q in state["players"]:  # seat order: the order before the shuffle does not matter, it is fixed
                held = state["piles"][pile["name"]][q]
                deck.extend(held[:-1])
                del held[:-1]
        if not deck:
            continue
        rng.shuffle(deck)
        where = " and the ".join(_named(state, p["name"]) + "s" for p in piles)  # "the discard piles"
        said = f"{round_label(state)}: the deck ran out: the {where} but their top cards are shuffled into a new deck"
        messages.append(Message(f"{said} of {len(deck)}.", ruling="house-140"))
    return messages


def draw_sources(state: Mapping[str, Any], player: PlayerId, f: Mapping[str, Any]) -> list[str]:
    """Every legal value of a draw field now: the deck (if it holds a card), then each other player still in whose
    ``from`` pile holds one, in seat order."""
    sources = [DECK] if _source(state, f, DECK) else []
    if f.get("from"):
        sources += [
            q for q in state["players"] if q != player and q not in state["out"] and state["piles"][f["from"]][q]
        ]
    return sources


def random_draw(state: Mapping[str, Any], player: PlayerId, f: Mapping[str, Any], rng: Random) -> Any:
    """A legal random value of a draw field (None: nowhere to draw from)."""
    sources = draw_sources(state, player, f)
    return rng.choice(sources) if sources else None


def random_draws(state: Mapping[str, Any], player: PlayerId, move: dict[str, Any], rng: Random) -> None:
    """``move`` given a random legal draw for each draw field ``player``'s form asks."""
    for f in _fields(state, "draw"):
        if asks(state, f, player) and (value := random_draw(state, player, f, rng)) is not None:
            move[f["name"]] = value
