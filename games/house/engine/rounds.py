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
from games.house.engine import effects, items, play, rows
from games.house.engine.constants import LIMIT, MAX_ROUNDS, SCHEMA1
from games.house.engine.definition import definition_upgrade
from games.house.engine.formula import FormulaError, formula_bool
from games.house.engine.named import compile_named, defs_of
from games.house.engine.sections_formulas import is_formula_awaits, player_names
from games.house.engine.state import State, alive, plan_for, plan_path, round_label


def setup(state: State, options: Mapping[str, Any], rng: Random) -> None:
    """The ``/2`` parts of a new match: holdings, roles, garnets (``play.setup``), counters, decks and piles;
    then round 1 opened."""
    play.setup(state, options, rng)
    state["counters"] = {k["name"]: k["start"] for k in state["definition"].get("counters", [])}
    items.setup(state, rng)
    rows.setup(state, rng)
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
    elif is_formula_awaits(plan["awaits"]):
        named = awaited_by(state, plan)
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


MAX_STEPS = 8
"""The most times one mover is awaited again in a turn (house-93): a formula that stays true ends the turn."""


def merge_turn(state: State, mover: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
    """``mover``'s move with what they sent at the earlier steps of this turn (a round's ``again``)."""
    turn = state.get("again") or {}
    earlier = state["so_far"].get(mover, {}) if turn.get("mover") == mover else {}
    return {**earlier, **move}


def again(state: State, mover: PlayerId, move: Mapping[str, Any]) -> bool:
    """Whether the round's ``again`` is true for ``mover`` after the move just played: they are then awaited again
    (their move so far public, as every mover's), their form asking the fields they have not answered this turn
    (house-93). False once they have moved ``MAX_STEPS`` more times, or when it cannot be computed (house-40)."""
    plan = plan_for(state, state["round"])
    turn = state.pop("again", None) or {}
    steps = int(turn.get("steps", 0)) if turn.get("mover") == mover else 0
    if not plan.get("again") or steps >= MAX_STEPS:
        return False
    names = player_names(state["definition"], plan["fields"])
    rule = compile_named(
        plan["again"], path=f"{plan_path(state)}.again", names=names, defs=defs_of(state["definition"])
    )
    try:
        env = effects.player_env(state, mover, effects.base_for(state, rule), {mover: move}, plan["fields"])
        if not formula_bool(rule, env):
            return False
    except FormulaError:
        return False
    state["so_far"][mover] = dict(move)
    state["again"] = {"mover": mover, "steps": steps + 1}
    return True


def awaited_by(state: State, plan: Mapping[str, Any]) -> list[PlayerId]:
    """The players still in (seat order) for whom a round's ``awaits`` formula is true when it opens, their fields
    read as left out; one for whom it cannot be computed is not awaited (house-95, house-40)."""
    names = player_names(state["definition"], plan["fields"])
    rule = compile_named(
        plan["awaits"], path=f"{plan_path(state)}.awaits", names=names, defs=defs_of(state["definition"])
    )
    base = effects.base_for(state, rule)
    found = []
    for p in alive(state):
        try:
            if formula_bool(rule, effects.player_env(state, p, base, {}, plan["fields"])):
                found.append(p)
        except FormulaError:
            continue
    return found
