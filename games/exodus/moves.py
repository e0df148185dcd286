"""Checking and choosing Exodus moves: the trade submission and the winners' EC pick.

Every check the form makes is repeated here; ``validate`` turns any JSON into a
normalised move or a RuleError naming the rule broken.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import PlayerId, RuleError, expect_list, expect_mapping, expect_str
from games.exodus.state import ExodusState
from games.exodus.tables import MAX_TRADES


def awaiting(state: ExodusState) -> tuple[PlayerId, ...]:
    """Everyone during a trading round; the winners during the EC pick; nobody after."""
    if state.phase == "trade":
        return tuple(state.players)
    if state.phase == "ec":
        return tuple(state.winners)
    return ()


def legal_partners(state: ExodusState, player: PlayerId) -> list[PlayerId]:
    """Whom ``player`` may offer a trade this round: any other player, except (gems) last year's partners."""
    barred = set(state.last_partners.get(player, [])) if state.variant == "gems" else set()
    return [q for q in state.players if q != player and q not in barred]


def giveable(state: ExodusState, player: PlayerId) -> dict[str, int]:
    """How many of each item ``player`` may give away this round.

    What they hold at the start of the round, less any Diamond they received in
    Year 5 (it may not be traded away in Year 6).
    """
    counts = Counter(state.inventories.get(player, []))
    locked = state.locked.get(player, 0)
    if locked:
        counts["diamond"] -= locked
    return {item: counts[item] for item in state.items if counts[item] > 0}


def _noun(state: ExodusState) -> str:
    return "cube" if state.variant == "cubes" else "gemstone"


def _round_word(state: ExodusState) -> str:
    return "round" if state.variant == "cubes" else "year"


def validate(state: ExodusState, player: Any, move: Any) -> dict[str, Any]:
    """The normalised move, or a RuleError naming the rule it breaks."""
    if not isinstance(player, str) or player not in state.players:
        raise RuleError("only a player of this match may submit")
    if player not in awaiting(state):
        raise RuleError("you are not awaited this turn" if state.phase != "over" else "the match is over")
    move = expect_mapping(move)
    if state.phase == "ec":
        return _validate_ec(state, move)
    return _validate_trades(state, player, move)


def _validate_ec(state: ExodusState, move: Mapping[str, Any]) -> dict[str, Any]:
    """``{"ec": <one of the tied players>}``, or ``{"ec": null}`` to leave the choice to the others (or to lot)."""
    if set(move) != {"ec"}:
        raise RuleError('the winners\' move is {"ec": "<player>"}, naming one of the tied players')
    choice = move["ec"]
    if choice is None:
        return {"ec": None}
    if not isinstance(choice, str) or choice not in state.ec_tied:
        raise RuleError(f"the Elimination Candidate must be one of the tied players: {', '.join(state.ec_tied)}")
    return {"ec": choice}


def _validate_trades(state: ExodusState, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
    """``{"trades": [{"with": q, "give": item}, ...]}`` within every trading restriction."""
    if "trades" not in move:
        raise RuleError('the move needs "trades": a list of {"with": player, "give": item}')
    extra = set(move) - {"trades"}
    if extra:
        raise RuleError(f"unknown key in the move: {sorted(extra)[0]}")
    cap = MAX_TRADES[state.variant]
    word = _round_word(state)
    rows = expect_list(move["trades"], "trades", max_len=100)
    if len(rows) > cap:
        raise RuleError(f"you may make at most {cap} trades each {word}")
    noun = _noun(state)
    held = Counter(state.inventories[player])
    free = giveable(state, player)
    seen: set[str] = set()
    out: list[dict[str, str]] = []
    for row in rows:
        row = expect_mapping(row, "each trade")
        if set(row) != {"with", "give"}:
            raise RuleError('each trade is {"with": player, "give": item} and nothing else')
        partner = row["with"]
        if not isinstance(partner, str) or partner not in state.players:
            raise RuleError(f'"with" must name a player of this match, not {partner!r}')
        if partner == player:
            raise RuleError("you cannot trade with yourself")
        if partner in seen:
            raise RuleError(f"you may trade with {partner} only once each {word}")
        if state.variant == "gems" and partner in state.last_partners.get(player, []):
            raise RuleError(f"you may not trade with {partner}: you traded with them last year")
        item = expect_str(row["give"], f"the {noun} to give")
        if item not in state.items:
            raise RuleError(f"there is no {noun} called {item!r}: choose one of {', '.join(state.items)}")
        if held[item] == 0:
            raise RuleError(f"you hold no {item} at the start of this {word}")
        if free.get(item, 0) <= sum(1 for r in out if r["give"] == item):
            if item == "diamond" and state.locked.get(player):
                raise RuleError("the Diamond you received in Year 5 cannot be traded away this year")
            raise RuleError(
                f"you hold only {held[item]} {item} at the start of this {word} (what you receive arrives after it)"
            )
        seen.add(partner)
        out.append({"with": partner, "give": item})
    return {"trades": out}


def default_move(state: ExodusState, player: PlayerId) -> dict[str, Any]:
    """A missing submission: no trades (or, for a winner, no EC preference)."""
    return {"ec": None} if state.phase == "ec" else {"trades": []}


def random_move(state: ExodusState, player: PlayerId, rng: Random) -> dict[str, Any]:
    """A random legal move that often meets its partner's: each trade slot usually
    names the player the round's fixed pairing (i <-> c - i mod n) gives, so random
    play makes real trades."""
    if state.phase == "ec":
        return {"ec": rng.choice(sorted(state.ec_tied))}
    if state.phase != "trade":
        return {"trades": []}
    n = len(state.players)
    me = state.players.index(player)
    partners = legal_partners(state, player)
    free = Counter(giveable(state, player))
    trades: list[dict[str, str]] = []
    for slot in range(MAX_TRADES[state.variant]):
        if rng.random() < 0.15 or not +free:
            continue
        if rng.random() < 0.8:
            mate = state.players[(state.round * 3 + slot * 5 - me) % n]
        else:
            mate = rng.choice(state.players)
        if mate == player or mate not in partners or any(t["with"] == mate for t in trades):
            continue
        item = rng.choice(sorted(+free))
        free[item] -= 1
        trades.append({"with": mate, "give": item})
    return {"trades": trades}
