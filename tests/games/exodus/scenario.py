"""Helpers for Exodus scenario tests: fix a deal, skip to a round, play given trades."""

from __future__ import annotations

from random import Random
from typing import Any

from games.engine import Message
from games.exodus.engine import ExodusEngine
from games.exodus.state import ExodusState

E = ExodusEngine()


def start(variant: str, inventories: dict[str, list[str]], rnd: int = 1) -> ExodusState:
    """A match with this fixed deal, advanced with no trades to round (Year) ``rnd``."""
    state = E.setup(list(inventories), {"variant": variant, "inventories": inventories}, Random(0))
    while state.round < rnd:
        state, _ = E.resolve(state, {}, Random(0))
    return state


def play(
    state: ExodusState, *trades: tuple[str, str, str, str], extra: dict[str, Any] | None = None
) -> tuple[ExodusState, list[Message]]:
    """Resolve one round where each ``(a, gives, b, gives)`` is offered by both sides."""
    moves: dict[str, dict[str, Any]] = {p: {"trades": []} for p in state.players}
    for a, ga, b, gb in trades:
        moves[a]["trades"].append({"with": b, "give": ga})
        moves[b]["trades"].append({"with": a, "give": gb})
    moves.update(extra or {})
    for p, m in moves.items():
        moves[p] = E.validate(state, p, m)
    return E.resolve(state, moves, Random(1))


def change(state: ExodusState, p: str) -> int:
    """``p``'s points / Favor change in the last resolved round."""
    return state.log[-1]["sheets"][p]["total"]


def trade_favor(state: ExodusState, p: str) -> list[int]:
    """``p``'s trade lines (not end-of-year lines) in the last resolved round."""
    return [x["amount"] for x in state.log[-1]["sheets"][p]["lines"]]


def end_favor(state: ExodusState, p: str) -> list[int]:
    """``p``'s end-of-year lines in the last resolved year."""
    return [x["amount"] for x in state.log[-1]["sheets"][p].get("end", [])]


def private(messages: list[Message], p: str) -> str:
    """Every private message to ``p``, joined."""
    return " | ".join(m.text for m in messages if m.to == p)


def one_each(items: list[str]) -> dict[str, list[str]]:
    """Players p1..pn holding one item each (a fixed deal may be any size), padded to 4 players."""
    items = items + [items[0]] * (4 - len(items))
    return {f"p{i}": [item] for i, item in enumerate(items, start=1)}
