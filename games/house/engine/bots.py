"""A greedy bot for dealers' games: one round of look-ahead over the engine (games/house/RULES.md d-15).

For each of its own candidate moves (every legal one when there are few, else a seeded sample) the bot plays
the round out a few times, the other seats' moves (and the dealer's, where the round is the dealer's) drawn as
the random bot draws them, and keeps the move with the best mean standing at the round's end: a win, a
place as the Elimination Candidate, then its score, its place among the scores and its garnets. The same
draws of the others are used for every candidate (common random numbers), so two candidates differ only by
the bot's own move; equally good candidates are told apart by ``rng``.

The bot plays fair: before each playout it redraws every other player's hidden facts (the contract's
``resample_hidden``) and its own cards that only the others see, so it knows what its own seat may know and
no more.

Pure: no Django, no clock, no global random; randomness comes in as ``rng``.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from random import Random
from typing import Any

from games import kit
from games.engine import DEALER, PlayerId, RuleError
from games.house.engine import HouseEngine, items_shared, trade_rules
from games.house.engine.fields import eligible, field_random
from games.house.engine.items import held
from games.house.engine.items_draw import random_value
from games.house.engine.state import State, asks, balance, plan_for

CANDIDATES = 8
"""Candidate moves a decision weighs at most (all of them when the legal moves are this few)."""
PLAYOUTS = 2
"""Playouts of the round per candidate: the others' random moves drawn afresh each time."""
STEPS = 24
"""Turns a playout may take to finish its round (a round of many turns in turn order, dealers' phases)."""

_ENGINE = HouseEngine()


def greedy_move(
    state: State,
    player: PlayerId,
    rng: Random,
    *,
    candidates: int = CANDIDATES,
    playouts: int = PLAYOUTS,
) -> dict[str, Any] | None:
    """The candidate move of ``player`` whose round played out ends best for them; None when ``player`` is not
    awaited or has nothing to choose (the caller then plays the random bot's move)."""
    if player not in _ENGINE.awaiting(state) or player == DEALER:
        return None
    moves = legal_candidates(state, player, rng, limit=candidates)
    if len(moves) < 2:
        return moves[0] if moves else None
    try:
        totals = _weigh(state, player, moves, rng, playouts)
    except RuleError:  # a redrawn world in which a random move is refused: play the random bot's move instead
        return None
    best = max(totals)
    return rng.choice([m for m, t in zip(moves, totals, strict=True) if t >= best - 1e-9])


def _weigh(state: State, player: PlayerId, moves: Sequence[dict[str, Any]], rng: Random, playouts: int) -> list[float]:
    """Each of ``moves``' standing for ``player`` summed over ``playouts`` playouts of the round."""
    totals = [0.0] * len(moves)
    for _ in range(playouts):
        seed = rng.random()
        draw = Random(seed)
        world = _determinise(state, player, draw)
        others = {
            seat: _ENGINE.validate(world, seat, _ENGINE.random_move(world, seat, draw))
            for seat in _ENGINE.awaiting(world)
            if seat != player
        }
        for i, move in enumerate(moves):
            after = _play_round(world, {**others, player: move}, Random(f"{seed}:round"))
            totals[i] += standing(after, player)
    return totals


def legal_candidates(state: State, player: PlayerId, rng: Random, *, limit: int = CANDIDATES) -> list[dict[str, Any]]:
    """Distinct legal moves of ``player`` now: every combination of the fields' options when there are at most
    ``limit``, else ``limit`` seeded draws among them (the default move, doing nothing, always first)."""
    options = _field_options(state, player, rng)
    seen: dict[str, dict[str, Any]] = {}
    every = 1
    for values in options.values():
        every *= len(values)
    if every <= limit:
        combos: Iterator[tuple[Any, ...]] = itertools.product(*options.values())
    else:
        combos = (tuple(rng.choice(v) for v in options.values()) for _ in range(limit * 4))
    first = [_ENGINE.default_move(state, player)]
    for move in itertools.chain(
        first, ({k: v for k, v in zip(options, c, strict=True) if v is not None} for c in combos)
    ):
        try:
            clean = _ENGINE.validate(state, player, move)
        except RuleError:
            continue
        seen.setdefault(json.dumps(clean, sort_keys=True), move)  # as sent: a null stays a null
        if len(seen) >= limit:
            break
    return list(seen.values())


def _field_options(state: State, player: PlayerId, rng: Random) -> dict[str, list[Any]]:
    """Each field the player's form asks, with the values worth weighing (None: left empty, if it may be)."""
    if state["phase"] == "ec":
        return {"ec": list(state["ec"]["tied"])}
    out: dict[str, list[Any]] = {}
    for decl in plan_for(state, state["round"])["fields"]:
        if not asks(state, decl, player):
            continue
        values = _values(state, player, decl, rng)
        if not decl["required"] or not values:
            values = [None, *values]
        out[decl["name"]] = values
    return out


def _values(state: State, player: PlayerId, decl: Mapping[str, Any], rng: Random) -> list[Any]:
    kind = decl["type"]
    may = eligible(decl, players=state["players"], out=state["out"], player=player)
    if kind == "choice":
        return list(decl["choices"])
    if kind == "flag":
        return [True, False]
    if kind in ("number", "garnets"):
        low, high = decl["min"], decl["max"]
        if high - low <= 10:
            return list(range(low, high + 1))
        return sorted({low, high, (low + high) // 2, low + (high - low) // 4, high - (high - low) // 4})
    if kind == "player":
        return [p for p in may if p != player or not decl.get("not_self", True)]
    others = [p for p in state["players"] if p != player and p not in state["out"]]
    if kind == "trade":
        return _trades(state, player, decl, others)
    if kind == "give" and not decl.get("pile"):
        have = min(held(state, player, decl["holding"]), decl["max"])
        return [{"to": p, "amount": n} for p in others for n in sorted({1, have}) if have > 0]
    if kind == "draw":  # every pile it may draw from: few enough to weigh them all
        return list(items_shared.draw_sources(state, player, decl))
    if kind in ("give", "card"):
        drawn = [random_value(state, player, decl, rng) for _ in range(4)]
        extra = ["drawn"] if kind == "card" and (decl.get("to") or decl.get("default") == "drawn") else []
        return [v for v in drawn if v is not None] + extra
    drawn = [field_random(decl, may, rng) for _ in range(4)]  # players, order, pairing, text: a few draws
    return [v for v in drawn if v is not None]


def _trades(
    state: State, player: PlayerId, decl: Mapping[str, Any], others: Sequence[PlayerId]
) -> list[dict[str, Any]]:
    """One unit of a holding for one unit of another with each other player (each side names what it gives,
    for ``each_gives``): the smallest trades, the ones a partner is likeliest to mirror."""
    mine = [h for h in decl["holdings"] if held(state, player, h) > 0]
    if decl.get("barred"):  # never a partner the field bars (house-62)
        others = [p for p in others if p not in trade_rules.barred(state, player, decl)]
    if decl.get("terms") == "each_gives":
        return [{"with": p, "give": {h: 1}} for p in others for h in mine]
    return [
        {"with": p, "give": {give: 1}, "get": {get: 1}}
        for p in others
        for give in mine
        for get in decl["holdings"]
        if get != give
    ]


def _determinise(state: State, player: PlayerId, rng: Random) -> State:
    """``state`` with every other player's hidden facts redrawn: a world ``player`` cannot tell from the real one."""
    world = state
    for other in state["players"]:
        if other != player:
            world = _ENGINE.resample_hidden(world, other, rng)
    return _hide_own(world, player, rng)


def _hide_own(state: State, player: PlayerId, rng: Random) -> State:
    """``state`` with ``player``'s cards that everyone but them sees (a card on the forehead) redrawn from the
    cards nobody has seen yet: facts hidden from ``player`` that are no other player's secret."""
    piles = [p for p in state["definition"].get("piles", ()) if p["visibility"] == "others"]
    if not piles or state["phase"] == "over":
        return state
    world: State = kit.json_copy(state)
    for pile in piles:
        mine = world["piles"][pile["name"]][player]
        pool = sorted([*mine, *world["deck"][pile["deck"]]])  # sorted: which of them is the bot's own tells nothing
        rng.shuffle(pool)
        world["piles"][pile["name"]][player] = pool[: len(mine)]
        world["deck"][pile["deck"]] = pool[len(mine) :]
    return world


def _play_round(state: State, moves: Mapping[PlayerId, dict[str, Any]], rng: Random) -> State:
    """``state`` after this turn's ``moves`` and the rest of its round, every later move (the dealer's, those
    of a round in turn order) a random legal one."""
    start = state["round"]
    state, _ = _ENGINE.resolve(state, moves, rng)
    for _ in range(STEPS):
        if _ENGINE.outcome(state) is not None or (state["round"] != start and state["phase"] in ("play", "open")):
            break
        later = {s: _ENGINE.validate(state, s, _ENGINE.random_move(state, s, rng)) for s in _ENGINE.awaiting(state)}
        state, _ = _ENGINE.resolve(state, later, rng)
    return state


def standing(state: State, player: PlayerId) -> float:
    """How well ``player`` stands: at the end, a win (+1000) or the Elimination Candidate's place (-1000); then
    the score, half a point per player behind less half per player ahead, and a twentieth a garnet."""
    value = 0.0
    outcome = _ENGINE.outcome(state)
    if outcome is not None:
        value += 1000.0 * (player in outcome.winners) - 1000.0 * (player in outcome.candidates)
    scores: Mapping[str, Any] = state["scores"]
    mine = float(scores.get(player, 0))
    others = [float(v) for p, v in scores.items() if p != player and p not in state["out"]]
    value += mine + 0.5 * (sum(v < mine for v in others) - sum(v > mine for v in others))
    if player in state["out"]:
        value -= 500.0
    if isinstance(state.get("garnets"), Mapping) and player in state["garnets"]:
        value += 0.05 * balance(state, player)
    return value
