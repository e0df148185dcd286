"""Turning untrusted JSON into normalised ABC moves, or a RuleError naming the rule broken.

Notation (DESIGN.md): the X sends ``{"pairs": [["ann","bob"],["cat","dan"]], "double": false}``;
a paired player ``{"action": "ally"|"betray"|"censure", "double": false}``; a winner
breaking a tie for last ``{"ec": "<player>"}``. ``double`` may be left out (false).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.abc.rules import ACTIONS
from games.abc.state import ACTIONS as ACTIONS_PHASE
from games.abc.state import EC_CHOICE, PAIRING, AbcState
from games.engine import RuleError, expect_bool, expect_choice, expect_key, expect_list, expect_mapping


def _only_keys(move: Mapping[str, Any], allowed: Sequence[str]) -> None:
    """Refuse fields the notation does not have, so a typo is not silently ignored."""
    extra = sorted(str(k) for k in move if k not in allowed)
    if extra:
        raise RuleError(f"unknown field(s) {', '.join(extra)}: this move takes only {', '.join(allowed)}")


def _handle(value: Any, roster: Sequence[str], what: str) -> str:
    """A player handle from ``roster`` (exact, else case-insensitive), or a RuleError."""
    if not isinstance(value, str):
        raise RuleError(f"{what} must be a player's handle")
    if value in roster:
        return value
    folded = {p.lower(): p for p in roster}
    name = value.strip().lower()
    if name in folded:
        return folded[name]
    raise RuleError(f'{what}: "{value}" is not a player in this match')


def _double(state: AbcState, player: str, move: Mapping[str, Any]) -> bool:
    """The ``double`` flag, refused when the player cannot pay for it."""
    wanted = expect_bool(move.get("double", False), '"double"')
    if wanted:
        cost, have = state.next_cost(player), state.balance(player)
        if cost > have:
            raise RuleError(f"Doubling costs {cost} garnets; you have {have}")
    return wanted


def canonical_pairs(pairs: Sequence[Sequence[str]], seats: Sequence[str]) -> list[list[str]]:
    """Pairs ordered by seat, inside each pair and between pairs, so equal pairings compare equal."""
    inner = [sorted(pair, key=seats.index) for pair in pairs]
    return sorted(inner, key=lambda pair: seats.index(pair[0]))


def validate_pairing(state: AbcState, player: str, move: Mapping[str, Any]) -> dict[str, Any]:
    """The X's pairing: a perfect matching of the four other players into two pairs."""
    _only_keys(move, ("pairs", "double"))
    raw = expect_list(expect_key(move, "pairs"), '"pairs"', max_len=10)
    if len(raw) != 2:
        raise RuleError("The X must group the other four players into exactly two pairs")
    pairs: list[list[str]] = []
    for item in raw:
        pair = expect_list(item, "each pair", max_len=10)
        if len(pair) != 2:
            raise RuleError("Each pair must name exactly two players")
        pairs.append([_handle(p, state.players, "a paired player") for p in pair])
    named = [p for pair in pairs for p in pair]
    if player in named:
        raise RuleError("The X does not play this round and cannot pair themselves")
    if len(set(named)) != 4:
        raise RuleError("Each of the other four players must be in exactly one pair")
    return {"pairs": canonical_pairs(pairs, state.players), "double": _double(state, player, move)}


def validate_action(state: AbcState, player: str, move: Mapping[str, Any]) -> dict[str, Any]:
    """A paired player's choice: Ally, Betray or Censure their pair, maybe doubled."""
    _only_keys(move, ("action", "double"))
    action = expect_choice(expect_key(move, "action"), ACTIONS, '"action"')
    return {"action": action, "double": _double(state, player, move)}


def validate_ec(state: AbcState, player: str, move: Mapping[str, Any]) -> dict[str, Any]:
    """A winner's pick of the Elimination Candidate among the players tied for last."""
    _only_keys(move, ("ec",))
    pick = _handle(expect_key(move, "ec"), state.players, '"ec"')
    if pick not in state.ec_tied:
        raise RuleError(
            f"The Elimination Candidate must be one of the players tied for last: {', '.join(state.ec_tied)}"
        )
    return {"ec": pick}


def validate_move(state: AbcState, awaiting: Sequence[str], label: str, player: Any, move: Any) -> dict[str, Any]:
    """Any JSON from any sender into a normalised move for the current turn, or a RuleError."""
    if not isinstance(player, str) or player not in state.players:
        raise RuleError(f'"{player}" is not a player in this match')
    if player not in awaiting:
        whom = ", ".join(awaiting) or "nobody"
        raise RuleError(f"It is not your turn: {label} awaits {whom}")
    move = expect_mapping(move)
    if state.phase == PAIRING:
        return validate_pairing(state, player, move)
    if state.phase == ACTIONS_PHASE:
        return validate_action(state, player, move)
    if state.phase == EC_CHOICE:
        return validate_ec(state, player, move)
    raise RuleError("The match is over")
