"""What a player, the dealer and a spectator meet in a match of a dealer's game, turn by turn: the trace the
``garnet-house/1`` differential compares (``test_v1_differential.py``).

A trace is the list of each turn's observations: who is awaited and the turn's label and length, every seat's,
the dealer's and a spectator's view, each player's secrets, each awaited seat's default move, the move it sent,
its garnet cost, what a handful of bad moves are refused with, then the close's messages, what it spent, the
scores and the outcome. Each observation is kept as a short digest of its canonical JSON, so the recorded
traces of the ``/1`` engine (``v1_traces.json.gz``) stay small.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import DEALER, RuleError
from games.house.engine import HouseEngine, happened
from games.house.engine.constants import LIMIT

E = HouseEngine()

# The keys a garnet-house/2 view adds beside what /1 showed (FORMAT.md "Turns, garnets and views in /2"). An
# upgraded /1 game shows them empty (nothing held, dealt or counted), but for each player's own garnets.
V2_PUBLIC = ("holding_facts", "holdings", "counters", "roles", "pairs", "piles", "discard", "so_far", "skipped", "ec")
V2_PRIVATE = ("garnets", "holdings", "piles", "so_far")


def digest(value: Any) -> str:
    """A short digest of ``value``'s canonical JSON."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _empty(value: Any) -> bool:
    """Whether ``value`` says nothing: None, an empty list or table, or a table of such (no one holds anything)."""
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    return value is None or value == []


def _plain_view(view: Mapping[str, Any], over: bool) -> dict[str, Any]:
    """``view`` without the keys /2 adds (each checked to say nothing but a balance), so a /1 view compares."""
    out = json.loads(json.dumps(view))
    public = out.get("public", {})
    public.pop("uses_garnets", None)  # whether the page shows a balance: the definition's own fact
    for key in V2_PUBLIC:
        assert _empty(public.pop(key, None)), f"an upgraded /1 game shows public.{key}"
    if over:
        public.pop("garnets", None)  # every balance, public once the match is over (house-9)
    if public.get("outcome"):
        public["outcome"] = _plain_outcome(public["outcome"])
    for part in ("you", "dealer"):
        for key in V2_PRIVATE:
            value = out.get(part, {}).pop(key, None)
            assert key == "garnets" or _empty(value), f"an upgraded /1 game shows {part}.{key}"
    return dict(out)


def _plain_secrets(found: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(found)
    out.pop("garnets", None)
    assert _empty(out.pop("holdings", None)) and _empty(out.pop("piles", None))
    return out


def _refusal(state: Any, player: str, move: Any) -> str:
    try:
        E.validate(state, player, move)
    except RuleError as exc:
        return str(exc)
    return "accepted"


def _bad_moves(state: Any, player: str) -> list[Any]:
    """A few moves the rules refuse (or may): an unknown field, each field out of its range, nothing at all."""
    if player == DEALER:
        return [
            {"points": {"nobody": 1}},
            {"next": "maybe"},
            {"out": ["nobody"]},
            {"announcement": 3},
            {"next_awaits": ["nobody"]},
            {"outcome": {"winners": ["nobody"]}},
            {"private": {DEALER: "x"}},
            {"zz": 1},
        ]
    view = E.view(state, player)
    form = view["public"].get("form") or []
    bad: list[Any] = [{"zz": 1}, {}]
    for f in form:
        kind, name = f["type"], f["name"]
        wrong = {
            "number": f.get("max", 0) + 1,
            "garnets": -1,
            "choice": "Nope",
            "player": "nobody",
            "players": ["nobody"],
            "order": [player],
            "text": "x" * (int(f.get("max_length", 280)) + 1),
        }.get(kind, "?")
        bad.append({name: wrong})
        bad.append({name: "12" if kind == "number" else 12})
    return bad


def _options(definition: Mapping[str, Any], players: list[str], seed: str) -> dict[str, Any]:
    """The match's options as a season fills them, drawn from ``seed``: a tiebreak order (two times in three),
    the Death Match advantage, and garnets brought in that cover every bid (the /1 engine never read them; a
    bid past the balance is refused since house-46, in a /1 game too: ``test_v1_differential``)."""
    rng = Random(f"options:{seed}")
    options: dict[str, Any] = {"definition": dict(definition)}
    if rng.random() < 2 / 3:
        options["gamewide_order"] = rng.sample(players, len(players))
    if definition["kind"] == "death" and rng.random() < 0.5:
        options["advantage"] = rng.choice(players)
    options["garnets"] = dict.fromkeys(players, LIMIT)
    return options


def trace(
    definition: Mapping[str, Any],
    players: list[str],
    seed: str,
    moves: list[dict[str, Any]] | None = None,
    *,
    resume: tuple[Mapping[str, Any], int] | None = None,
    stop: int | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """Play ``definition`` from ``seed``: the moves given (None: random ones drawn as the contract does, some
    seats silent) and each turn's observations as digests. Returns the moves sent and the observations.

    ``resume``: a dumped state and the turns it had played (it is loaded, and play goes on from there);
    ``stop``: after that many turns, return the dumped state as the only observation."""
    options = _options(definition, players, seed)
    state = E.setup(players, options, Random(f"{seed}:0"))
    turn = 0
    if resume is not None:
        state, turn = E.load(json.loads(json.dumps(resume[0]))), resume[1]
    chooser = Random(f"moves:{seed}")
    sent: list[dict[str, Any]] = []
    seen: list[dict[str, str]] = []
    while E.outcome(state) is None and turn < 400:
        if stop is not None and turn == stop:
            return sent, [E.dump(state)]
        turn += 1
        awaited = list(E.awaiting(state))
        over = state["phase"] == "over"
        obs: dict[str, Any] = {
            "awaiting": awaited,
            "label": E.turn_label(state),
            "seconds": E.turn_seconds(state),
            "views": {str(v): _plain_view(E.view(state, v), over) for v in [*players, DEALER, None]},
            "secrets": {p: _plain_secrets(E.secrets(state, p)) for p in players},
            "defaults": {p: E.default_move(state, p) for p in awaited},
            "refusals": {p: [_refusal(state, p, m) for m in _bad_moves(state, p)] for p in awaited},
        }
        if moves is None:
            given: dict[str, Any] = {}
            for p in awaited:
                roll = chooser.random()
                if roll < 0.1:
                    continue  # silent: the default move
                given[p] = E.random_move(state, p, chooser) if roll < 0.9 else E.default_move(state, p)
            sent.append(given)
        else:
            given = moves[turn - 1]
            sent.append(given)
        checked = {p: E.validate(state, p, m) for p, m in given.items()}
        obs["checked"] = checked
        obs["costs"] = {p: E.garnet_cost(state, p, m) for p, m in checked.items()}
        before = state
        state, messages = E.resolve(state, checked, Random(f"{seed}:{turn}"))
        # The lines /2 writes first, the round's points in sentences (issue 44), are none of /1's: left out.
        messages = messages[len(happened.summary(happened.snapshot(before), state)) :]
        obs["messages"] = [[m.text, m.to, m.ruling] for m in messages]
        obs["spent"] = {p: n for p, n in E.round_spent(before, checked, state).items() if n}
        obs["scores"] = dict(state["scores"])
        obs["out"] = list(state["out"])
        outcome = E.outcome(state)
        obs["outcome"] = _plain_outcome(outcome.to_json()) if outcome is not None else None
        if outcome is not None:
            obs["final_views"] = {str(v): _plain_view(E.view(state, v), True) for v in [*players, DEALER, None]}
        seen.append({k: digest(v) for k, v in obs.items()})
    return sent, seen


def _plain_outcome(found: Mapping[str, Any]) -> dict[str, Any]:
    """The outcome as JSON, garnets without zero entries (an Outcome's garnets say nothing of a player at 0)."""
    out = dict(found)
    out["garnets"] = {p: n for p, n in dict(out.get("garnets") or {}).items() if n}
    out["tokens"] = {p: n for p, n in dict(out.get("tokens") or {}).items() if n}
    return out
