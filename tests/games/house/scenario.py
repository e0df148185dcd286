"""Helpers for the house engine's tests: small definitions, a match driven turn by turn, clause quotes."""

from __future__ import annotations

import copy
from pathlib import Path
from random import Random
from typing import Any

from games.engine import Message
from games.house.engine import HouseEngine
from games.house.engine.definition import definition_clean

E = HouseEngine()
RULES_TXT = (Path(__file__).resolve().parents[3] / "games" / "house" / "rules.txt").read_text()

GUESS = {"name": "guess", "label": "Your guess", "type": "number", "min": 0, "max": 100}
TWO_THIRDS = {"by": "mechanic", "mechanic": "closest_to_target", "params": {"field": "guess"}}


def quote(clause: str) -> str:
    """``clause``, after checking rules.txt (the published format) says it word for word."""
    flat = " ".join(RULES_TXT.split())
    assert " ".join(clause.split()) in flat, f"rules.txt does not say: {clause!r}"
    return clause


def raw(**changes: Any) -> dict[str, Any]:
    """A small valid definition (3 rounds of a dealer-resolved guess, 2–8 players) with ``changes`` on top."""
    data: dict[str, Any] = {
        "schema": "garnet-house/1",
        "title": "Test game",
        "kind": "main",
        "players": {"min": 2, "max": 8},
        "rounds": 3,
        "round_plan": [{"label": "Round", "fields": [dict(GUESS)], "resolve": {"by": "dealer"}}],
    }
    data.update(copy.deepcopy(changes))
    return data


def rnd(**changes: Any) -> dict[str, Any]:
    """One round plan entry: a required guess resolved by the dealer, with ``changes``."""
    entry: dict[str, Any] = {"label": "Round", "fields": [dict(GUESS)], "resolve": {"by": "dealer"}}
    entry.update(copy.deepcopy(changes))
    return entry


NUMBER = {"name": "n", "label": "Your number", "type": "number", "min": 0, "max": 10, "default": 0}


def raw2(**changes: Any) -> dict[str, Any]:
    """A small /2 definition (3 rounds of a number nobody resolves: effects only, 2–6 players) with ``changes``."""
    data: dict[str, Any] = {
        "schema": "garnet-house/2",
        "title": "Test game",
        "kind": "main",
        "players": {"min": 2, "max": 6},
        "rounds": 3,
        "round_plan": [rnd2()],
    }
    data.update(copy.deepcopy(changes))
    return data


def rnd2(**changes: Any) -> dict[str, Any]:
    """One /2 round plan entry: a number nobody resolves, with ``changes``."""
    entry: dict[str, Any] = {"label": "Round", "fields": [dict(NUMBER)], "resolve": {"by": "none"}}
    entry.update(copy.deepcopy(changes))
    return entry


def start(players: list[str] | None = None, seed: str = "s", **options: Any) -> dict[str, Any]:
    """A match set up with ``options`` (``definition`` given raw: it is cleaned here)."""
    if "definition" in options:
        options["definition"] = definition_clean(options["definition"])
    return E.setup(players or ["ann", "bob", "cat"], options, Random(f"{seed}:0"))


def step(state: dict[str, Any], moves: dict[str, Any], seed: str = "s") -> tuple[dict[str, Any], list[Message]]:
    """Validate ``moves`` (each awaited seat left out sends nothing) and resolve the turn."""
    checked = {p: E.validate(state, p, m) for p, m in moves.items()}
    return E.resolve(state, checked, Random(f"{seed}:{len(state['history']) + 1}"))


def texts(messages: list[Message], to: str | None = None) -> list[str]:
    """The texts of ``messages`` addressed to ``to`` (None: the public ones)."""
    return [m.text for m in messages if m.to == to and m.text]
