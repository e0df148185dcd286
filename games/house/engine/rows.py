"""A centre row and the hands of a match (FORMAT.md "A centre row and hands in /2", RULES.md house-110..116).

A row (``rows``) is cards the match holds, not a player: dealt face down at setup and again at each new hand,
turned face up one by one as its ``face_up`` formula grows (Density Deck's Center Amplification cards). A hand
(``hands``) is a part of the match that ends when its ``ends`` formula holds: the round closes at once (in a
round in turn order, the movers after the one who ended it are not awaited), the hand's ``effects`` run, the
players its ``out`` formula names go out, then every card goes back to its deck, the decks are shuffled and
dealt again and the next round is the new hand's round 1; with ``button`` the first mover moves one seat
clockwise each hand.

State keys: ``rows`` (row -> card ids, the first face up first), ``hand_start`` (the match round the hand
began in), ``hands_played``, ``button`` (the seat of the player holding the dealer button).

Pure: no Django, no clock; randomness comes in as ``rng``. Functions that change a state change the one given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import PlayerId
from games.house.engine import deals, items
from games.house.engine.formula import FormulaError, formula_int
from games.house.engine.named import compile_named, defs_of
from games.house.engine.state import State, alive


def hand_round(state: Mapping[str, Any]) -> int:
    """The round within the hand, 1 for its first (the match's round when the game has no hands)."""
    return int(state["round"]) - int(state.get("hand_start", 1)) + 1


def setup(state: State, rng: Random) -> None:
    """Each row dealt its cards face down from the top of its deck, after the players' piles (house-110); the
    button placed (``seat``: on the last seat, so the first seat moves first; ``random``: drawn)."""
    state["rows"] = {}
    deal_rows(state)
    state["hand_start"], state["hands_played"] = 1, 0
    button = (state["definition"].get("hands") or {}).get("button")
    seats = len(state["players"])
    state["button"] = rng.randrange(seats) if button == "random" else seats - 1


def deal_rows(state: State) -> None:
    """Every row dealt ``deal`` cards from the top of its deck (fewer if it runs out); a row with ``distinct``
    takes, from the top, each card whose label (or value) it does not hold yet, so a shuffled deck gives one card
    of each drawn at random among the cards that share it (house-130)."""
    for row in state["definition"].get("rows", []):
        deck: list[int] = state["deck"][row["deck"]]
        if not row.get("distinct"):
            state["rows"][row["name"]] = [deck.pop(0) for _ in range(min(row["deal"], len(deck)))]
            continue
        key, taken, held = row["distinct"], set(), list[int]()
        for card in list(deck):
            if len(held) == row["deal"]:
                break
            if (mark := state["cards"][card][key]) not in taken:
                taken.add(mark)
                held.append(card)
                deck.remove(card)
        state["rows"][row["name"]] = held


def face_up(state: Mapping[str, Any], row: Mapping[str, Any]) -> int:
    """How many of ``row``'s cards are face up now: its ``face_up`` formula (``hand_round - 1``), between none and
    all of them; one that cannot be computed shows none (house-40)."""
    held = len((state.get("rows") or {}).get(row["name"], []))
    names = ["round", "hand_round"]
    path = f"rows[{state['definition']['rows'].index(row)}].face_up"
    rule = compile_named(row["face_up"], path=path, names=names, defs=defs_of(state["definition"]))
    try:
        n = formula_int(rule, {"round": state["round"], "hand_round": hand_round(state)})
    except FormulaError:
        return 0
    return max(0, min(held, n))


def shown_ids(state: Mapping[str, Any], row: Mapping[str, Any]) -> list[int]:
    """The ids of ``row``'s face-up cards (the only ones any player, or a formula, may read)."""
    return list(state["rows"][row["name"]][: face_up(state, row)])


def row_env(state: Mapping[str, Any]) -> dict[str, Any]:
    """What a formula reads of each row: its face-up cards' labels, ``<row>_values`` and ``<row>_suits``, and
    ``hand_round`` in a game of hands."""
    definition = state["definition"]
    env: dict[str, Any] = {}
    for row in definition.get("rows", []):
        ids = shown_ids(state, row)
        env[row["name"]] = items.labels(state, ids)
        env[f"{row['name']}_values"] = [int(state["cards"][i]["value"]) for i in ids]
        env[f"{row['name']}_suits"] = [str(state["cards"][i]["suit"]) for i in ids]
    if definition.get("hands"):
        env["hand_round"] = hand_round(state)
    return env


def tops_env(state: Mapping[str, Any], pile: str, player: PlayerId, living: Sequence[PlayerId]) -> dict[str, Any]:
    """A ``top`` pile's top cards of the other players still in, seat order (an empty pile gives none): labels,
    ``_values`` and ``_suits`` (house-111)."""
    tops = [ids[-1] for q in living if q != player and (ids := state["piles"][pile][q])]
    return {
        f"{pile}_tops": items.labels(state, tops),
        f"{pile}_tops_values": [int(state["cards"][i]["value"]) for i in tops],
        f"{pile}_tops_suits": [str(state["cards"][i]["suit"]) for i in tops],
    }


def public(state: Mapping[str, Any], *, over: bool) -> dict[str, Any]:
    """The rows as everyone sees them: each face-up card, and how many lie face down (once over: every card)."""
    found = {}
    for row in state["definition"].get("rows", []):
        ids = state["rows"][row["name"]] if over else shown_ids(state, row)
        hidden = len(state["rows"][row["name"]]) - len(ids)
        found[row["name"]] = {"label": row["label"], "cards": items.shown(state, ids), "face_down": hidden}
    return found


def dealer(state: Mapping[str, Any]) -> dict[str, Any]:
    """The rows as the dealer sees them: every card, face up or down."""
    return {r["name"]: items.shown(state, state["rows"][r["name"]]) for r in state["definition"].get("rows", [])}


def redeal(state: State, rng: Random) -> None:
    """A new hand's deal: every card of every deck back in it, each deck shuffled (in the order decks are
    declared), each pile dealt to the players still in as at setup, then the rows; the button moves to the next
    player still in, clockwise (house-113)."""
    definition = state["definition"]
    for name in state["deck"]:
        ids = [i for i, card in enumerate(state["cards"]) if card["deck"] == name]
        rng.shuffle(ids)
        state["deck"][name], state["discard"][name] = ids, []
    state["piles"] = {p["name"]: {q: [] for q in state["players"]} for p in definition.get("piles", [])}
    living = alive(state)
    for pile in definition.get("piles", []):
        if pile.get("own"):
            deals.deal_own(state, pile, living)
        deals.deal_pile(state, pile, living, pile["deal"])
    deal_rows(state)
    seats = state["players"]
    start = int(state.get("button", len(seats) - 1))
    nxt = [(start + k) % len(seats) for k in range(1, len(seats) + 1)]
    state["button"] = next((s for s in nxt if seats[s] in living), start)


def first_from_button(state: Mapping[str, Any], players: Sequence[PlayerId]) -> list[PlayerId]:
    """``players`` in seat order from the left of the button (the game's ``hands.button``), clockwise."""
    seats = state["players"]
    start = (int(state.get("button", len(seats) - 1)) + 1) % len(seats)
    rotated = [*seats[start:], *seats[:start]]
    return [p for p in rotated if p in players]
