"""How each ABC turn changes the state, and what the host announces.

Every function here changes the state it is given in place: the engine hands it a
private copy (``AbcEngine.resolve``), never the caller's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.abc.rules import ROUNDS, double_cost, garnets_for_points, lowest_garnets, pair_payoff, signed, token_winners
from games.abc.rules import tied_for_last as lowest_scores
from games.abc.state import ACTIONS as ACTIONS_PHASE
from games.abc.state import EC_CHOICE, OVER, PAIRING, AbcState
from games.engine import Message


def _pay(state: AbcState, player: str) -> int:
    """Charge ``player`` for a double now and count it; return the cost."""
    cost = double_cost(state.uses[player])
    state.spent[player] += cost
    state.uses[player] += 1
    return cost


def _totals(state: AbcState) -> str:
    return ", ".join(f"{p} {state.scores[p]}" for p in state.players)


def resolve_pairing(state: AbcState, move: Mapping[str, Any]) -> list[Message]:
    """The X's pairing is announced; the X's double stays secret until the results."""
    state.pairs = [list(pair) for pair in move["pairs"]]
    state.x_double = bool(move["double"])
    state.phase = ACTIONS_PHASE
    (a, b), (c, d) = state.pairs
    messages = [Message(f"Round {state.round}: {state.x} is the X and pairs {a} with {b}, and {c} with {d}.")]
    for p, q in ((a, b), (b, a), (c, d), (d, c)):
        messages.append(Message(f"Round {state.round}: your pair is {q}. Ally, Betray or Censure?", to=p))
    if state.x_double:
        cost = double_cost(state.uses[state.x])
        messages.append(Message(f"You will double your payout as the X this round ({cost} garnets).", to=state.x))
    return messages


def resolve_round(state: AbcState, moves: Mapping[str, Mapping[str, Any]], rng: Random) -> list[Message]:
    """Score both pairs and the X, charge the doubles, announce results and totals, move on."""
    x = state.x
    payoffs: dict[str, int] = {}
    doubled: dict[str, int] = {}
    lines = [f"Round {state.round} results (X: {x}):"]
    x_points = 0
    for a, b in state.pairs:
        pa, pb, px = pair_payoff(moves[a]["action"], moves[b]["action"])
        x_points += px
        parts = []
        for p, points in ((a, pa), (b, pb)):
            if moves[p]["double"]:
                doubled[p] = _pay(state, p)
                points *= 2
            payoffs[p] = points
            note = ", doubled" if p in doubled else ""
            parts.append(f"{p} ({moves[p]['action'].capitalize()}{note}) {signed(points)}")
        lines.append(" · ".join(parts))
    if state.x_double:
        doubled[x] = _pay(state, x)
        x_points *= 2
    payoffs[x] = x_points
    lines.append(f"{x} (the X{', doubled' if x in doubled else ''}) {signed(x_points)}")
    for p, points in payoffs.items():
        state.scores[p] += points
    lines.append(f"Totals: {_totals(state)}")
    state.history.append(
        {
            "round": state.round,
            "x": x,
            "pairs": [list(pair) for pair in state.pairs],
            "actions": {p: moves[p]["action"] for p in state.paired()},
            "doubled": {p: doubled[p] for p in state.players if p in doubled},
            "payoffs": {p: payoffs[p] for p in state.players},
            "totals": dict(state.scores),
        }
    )
    messages = [Message("\n".join(lines))]
    state.pairs, state.x_double = [], False
    if state.round < ROUNDS:
        state.round += 1
        state.phase = PAIRING
        return messages
    return messages + finish(state, rng)


def _balances(state: AbcState) -> dict[str, int]:
    return {p: state.balance(p) for p in state.players}


def finish(state: AbcState, rng: Random) -> list[Message]:
    """After the last round: Tokens of Life, garnets earned, and the EC (or the winners' EC turn)."""
    tokens = token_winners(state.scores, state.players)
    winners = list(tokens)
    earned = {p: garnets_for_points(state.scores[p]) for p in state.players}
    state.result = {"winners": winners, "tokens": tokens, "earned": earned, "ec": None, "ec_reason": ""}
    if winners:
        text = " and ".join(f"{p} ({tokens[p]} Token{'s' if tokens[p] > 1 else ''} of Life)" for p in winners)
        lines = [f"The match is over. Winner{'s' if len(winners) > 1 else ''}: {text}."]
    else:
        lines = ["The match is over. Three or more players tied for first: no winner, and no Tokens of Life."]
    lines.append("Garnets earned (1 per 5 points): " + ", ".join(f"{p} {earned[p]}" for p in state.players))
    last = lowest_scores(state.scores, state.players)
    if len(last) == 1:
        return [Message("\n".join(lines))] + settle(state, last[0], f"{last[0]} has the lowest score")
    if winners:
        state.phase = EC_CHOICE
        state.ec_tied, state.ec_choosers = last, winners
        lines.append(
            f"{', '.join(last)} are tied for last; {' and '.join(winners)} will choose the Elimination Candidate."
        )
        return [Message("\n".join(lines))]
    ec, by_lot = lowest_garnets(last, _balances(state), rng)
    why = f"{', '.join(last)} are tied for last with no winner to choose; {ec} has the fewest garnets"
    return [Message("\n".join(lines))] + settle(
        state, ec, why + (" (drawn by lot among the fewest)" if by_lot else ""), ruling="abc-11"
    )


def default_ec(state: AbcState) -> str:
    """A missing EC choice names the tied player with the fewest garnets (first in seat order on a tie)."""
    balances = _balances(state)
    return min(state.ec_tied, key=lambda p: (balances[p], state.players.index(p)))


def resolve_ec_choice(state: AbcState, moves: Mapping[str, Mapping[str, Any]], rng: Random) -> list[Message]:
    """The winners' pick; two winners who disagree leave it to the fewest garnets among their picks."""
    picks = [moves[w]["ec"] for w in state.ec_choosers]
    named = [p for p in state.players if p in picks]
    if len(named) == 1:
        return settle(state, named[0], f"{' and '.join(state.ec_choosers)} chose {named[0]}")
    ec, by_lot = lowest_garnets(named, _balances(state), rng)
    why = f"the winners named {' and '.join(named)}; {ec} has the fewest garnets"
    return settle(state, ec, why + (" (drawn by lot among the fewest)" if by_lot else ""), ruling="abc-5")


def settle(state: AbcState, ec: str, why: str, ruling: str | None = None) -> list[Message]:
    """Record the EC and close the match; ``ruling`` names the RULES.md ruling that decided it, if any."""
    assert state.result is not None
    state.result["ec"], state.result["ec_reason"] = ec, why
    state.phase = OVER
    return [Message(f"The Elimination Candidate is {ec}: {why}.", ruling=ruling)]
