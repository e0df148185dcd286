"""How a round opens and how a round in turn order steps (FORMAT.md "Rounds in /2"): a round whose
``when`` is false is skipped, cards are dealt before it, its players are a role's holder, everyone but them or
the leaders, and a round in turn order awaits one mover at a time, each seeing the moves before theirs.

State keys: ``counters`` (counter -> value), ``queue`` (the movers still to move in a round in turn order),
``so_far`` (the moves of that round already made, public), ``skipped`` (labels of rounds skipped).

Pure: no Django, no clock; randomness comes in as ``rng``. Functions here change the state they are given.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import Message, PlayerId
from games.house.engine import effects, items, play
from games.house.engine.constants import LIMIT, MAX_ROUNDS, SCHEMA1
from games.house.engine.definition import definition_upgrade
from games.house.engine.state import State, alive, plan_for, round_label


def setup(state: State, options: Mapping[str, Any], rng: Random) -> None:
    """The ``/2`` parts of a new match: holdings, roles, garnets (``play.setup``), counters, decks and piles;
    then round 1 opened."""
    play.setup(state, options, rng)
    state["counters"] = {k["name"]: k["start"] for k in state["definition"].get("counters", [])}
    items.setup(state, rng)
    items.starts_from_cards(state)
    state["queue"], state["so_far"], state["skipped"] = [], {}, []


def state_upgrade(state: State) -> State:
    """A match's state saved while it played a ``garnet-house/1`` definition, as the state its upgraded
    definition plays on (``state`` changed and returned; any other state returned as it is): nothing held,
    dealt or counted; what each player spent kept, so the outcome's garnets stay net (house-42). The garnets
    they brought in were never given to a /1 match: set past any bid (LIMIT), so the season's own hold, which
    has always guarded a /1 bid, still decides it (house-46 needs the balance a new match is given)."""
    if state["definition"].get("schema") != SCHEMA1:
        return state
    state["definition"] = definition_upgrade(state["definition"])
    spent = {p: int(n) for p, n in (state.pop("spent_total", None) or {}).items()}
    players = state["players"]
    state.update(
        holdings={p: {} for p in players},
        roles={},
        garnets={p: {"start": spent.get(p, 0) + LIMIT, "spent": spent.get(p, 0), "paid": 0} for p in players},
        pairs=[],
        ec=None,
        counters={},
        deck={},
        discard={},
        cards=[],
        piles={},
        queue=[],
        so_far={},
        skipped=[],
    )
    return state


def open_round(state: State, awaits: list[PlayerId] | None) -> list[Message]:
    """Open ``state["round"]`` for play: skip it (and the next) while its ``when`` is false, deal its cards,
    find its players (``awaits``: the players the dealer named, None for everyone still in) and its order. Returns
    the skip lines; the caller ends the match if a skip ran past the last round."""
    messages: list[Message] = []
    state["phase"] = "skipping"
    first = state["round"]
    while not effects.round_runs(state, plan_for(state, state["round"])):
        state["skipped"].append(round_label(state))
        messages.append(Message(f"{round_label(state)} is not played: its condition does not hold."))
        if past_last(state):
            return messages
        state["round"] += 1
    if state["round"] != first:
        awaits = None  # the players named were the skipped round's
    plan = plan_for(state, state["round"])
    named = play.round_awaits(state, plan)
    if plan["awaits"] == "leaders":
        named = effects.match_env(state)["leaders"]
    elif plan["awaits"] == "nobody":
        named = []  # a break: the turn runs its time, then closes with no moves (house-84)
    players = named if named is not None else (awaits if awaits is not None else alive(state))
    items.deal_round(state, plan, alive(state))
    if plan.get("order", "together") != "together" and players:
        order = effects.movers(state, plan, players)
        state["awaits"], state["queue"], state["so_far"] = order[:1], order[1:], {}
    else:
        state["awaits"], state["queue"], state["so_far"] = list(players), [], {}
    state["phase"] = "play"
    return messages


def past_last(state: Mapping[str, Any]) -> bool:
    """Whether the current round is the last the definition plays (``rounds`` or the cap)."""
    rounds = state["definition"]["rounds"]
    return state["round"] >= MAX_ROUNDS or (rounds is not None and state["round"] >= rounds)


def step(state: State, mover: PlayerId, move: Mapping[str, Any]) -> list[Message] | None:
    """In a round in turn order: ``mover``'s move kept (public at once) and the next mover awaited. None when
    ``mover`` was the last: the round then closes with every move (``so_far``)."""
    state["so_far"][mover] = dict(move)
    state["spent"] = {}
    if not state["queue"]:
        state["awaits"] = list(state["so_far"])
        return None
    plan = plan_for(state, state["round"])
    paid = play.charge(state, {mover: move})
    bid = sum(int(move.get(f["name"]) or 0) for f in plan["fields"] if f["type"] == "garnets" and f["pays"] == "bid")
    play.settle_spent(state, {mover: n} if (n := paid.get(mover, 0) + bid) else {})
    state["awaits"] = [state["queue"].pop(0)]
    return [Message(f"{round_label(state)}: {mover} has moved; {state['awaits'][0]} is next.")]
