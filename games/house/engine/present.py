"""What each viewer of a house game sees (FORMAT.md "Views"), what stays hidden from the others, and the
redraw of one player's hidden facts that the non-interference check plays against.

Pure: no Django, no clock; randomness comes in as ``rng``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games import kit
from games.engine import DEALER, PlayerId, PublicSeries
from games.house.engine import lines, move_rules, present_holdings, trade_log, trade_rules
from games.house.engine.dealer import dealer_default, next_is_named
from games.house.engine.fields import PLAYER_TYPES, eligible, field_random
from games.house.engine.state import State, alive, asks, is_public, plan_for, round_label


def random_fields(
    state: State,
    player: PlayerId,
    rng: Random,
    *,
    plan: Mapping[str, Any] | None = None,
    living: Sequence[PlayerId] | None = None,
) -> dict[str, Any]:
    """A random legal move of ``player`` for the current round (or for ``plan`` with ``living`` players in)."""
    gone = (
        [p for p in state["players"] if living is not None and p not in living] if living is not None else state["out"]
    )
    current = plan is None  # a rule of the state (move_rules) is read for the round being played only
    plan = plan or plan_for(state, state["round"])
    move: dict[str, Any] = {}
    for decl in plan["fields"]:
        if not asks(state, decl, player):
            continue
        needed = move_rules.required_now(state, player, decl, move) if current else decl["required"]
        if not needed and rng.random() < 0.2:
            continue
        allowed = move_rules.allowed_values(state, player, decl, move) if current and "allowed" in decl else None
        if allowed is not None:
            value = rng.choice(allowed) if allowed else None
        else:
            value = field_random(decl, eligible(decl, players=state["players"], out=gone, player=player), rng)
        if value is not None:
            move[decl["name"]] = value
    return move


def _allowed(state: State, player: PlayerId) -> dict[str, list[Any]]:
    """The values each field of ``player``'s form with an ``allowed`` rule offers them now, by field; a rule that
    reads the move's other fields is only held when the move is saved (house-82)."""
    if state["phase"] != "play" or player not in state["awaits"]:
        return {}
    found = {}
    for decl in plan_for(state, state["round"])["fields"]:
        if decl["type"] == "trade" and decl.get("barred") and asks(state, decl, player):
            barred = trade_rules.barred(state, player, decl)  # the partners left: theirs alone (house-62)
            found[decl["name"]] = [p for p in alive(state) if p != player and p not in barred]
        if "allowed" in decl and asks(state, decl, player) and not move_rules.reads_fields(state, decl):
            values = move_rules.allowed_values(state, player, decl, {})
            if values is not None:
                found[decl["name"]] = values
    return found


def _required(state: State, player: PlayerId) -> list[str]:
    """The fields of ``player``'s form whose ``required_if`` holds now by their own state alone (a rule that reads
    the move's other fields is only held when the move is saved): the form asks them as required, not optional."""
    if state["phase"] != "play" or player not in state["awaits"]:
        return []
    return [
        decl["name"]
        for decl in plan_for(state, state["round"])["fields"]
        if "required_if" in decl
        and asks(state, decl, player)
        and not move_rules.reads_fields(state, decl, "required_if")
        and move_rules.required_now(state, player, decl, {})
    ]


def _form(state: State) -> list[dict[str, Any]]:
    """The current round's fields, each player field with the players it may name (before ``not_self``,
    which the page applies for its viewer)."""
    form = []
    for decl in plan_for(state, state["round"])["fields"]:
        entry = dict(decl)
        if decl["type"] in (*PLAYER_TYPES, "pairing", "give", "trade", "draw"):
            entry["players"] = eligible(decl, players=state["players"], out=state["out"], player=None)
        form.append(entry)
    return form


def _history(state: State) -> list[dict[str, Any]]:
    public = is_public(state)
    rows = []
    for h in state["history"]:
        row: dict[str, Any] = {"label": h["label"], "announcement": h["announcement"], "out": list(h["out"])}
        if h["reveal"]:
            row["moves"] = h["moves"]
        elif h.get("shown"):
            row["moves"] = h["shown"]  # what the round shows of each move, not the moves (house-83)
        if public:
            row["points"], row["scores"] = h["points"], h["scores"]
        rows.append(row)
    return rows


def _public(state: State, awaits: Sequence[PlayerId]) -> dict[str, Any]:
    definition = state["definition"]
    public: dict[str, Any] = {
        "title": definition["title"],
        "kind": definition["kind"],
        "round": state["round"],
        "phase": state["phase"],
        "players": list(state["players"]),
        "out": list(state["out"]),
        "awaits": list(awaits),
        "score_label": definition["scores"]["label"],
        "rounds": definition["rounds"],
        "first_to": definition["end"].get("first_to"),
        "history": _history(state),
        "form": _form(state),
        "secret_facts": [
            {"name": s["name"], "label": s["label"], "values": s["values"]} for s in definition["secrets"]
        ],
    }
    if is_public(state):
        public["scores"] = dict(state["scores"])
    if state["phase"] == "over":
        # Once the match is over nothing stays hidden (RULES.md house-9).
        public["final"] = {"scores": dict(state["scores"]), "secrets": kit.json_copy(state["secrets"])}
        if trade_log.has_trades(definition):  # the trades too (house-64)
            public["final"]["trades"] = kit.json_copy(state.get("trade_log") or [])
        public["outcome"] = state["outcome"]
    return public


def _own_moves(state: State, player: PlayerId) -> dict[str, Any]:
    """``player``'s submissions of every published round and of the round the dealer is tallying."""
    moves = {h["label"]: h["moves"][player] for h in state["history"] if player in h["moves"]}
    if state["phase"] in ("tally", "review") and player in state["pending"]:
        moves[round_label(state)] = state["pending"][player]
    return moves


def _dealer(state: State) -> dict[str, Any]:
    return {
        "scores": dict(state["scores"]),
        "secrets": kit.json_copy(state["secrets"]),
        "alive": alive(state),
        "pending": kit.json_copy(state["pending"]),
        "proposal": kit.json_copy(state["proposal"]),
        # How the current round resolves: the tally page shows the target a mechanic would compute.
        "resolve": kit.json_copy(plan_for(state, state["round"])["resolve"]),
        "moves": {h["label"]: h["moves"] for h in state["history"]},
        "private": {h["label"]: _private(h) for h in state["history"] if h["private"] or h.get("told")},
        "default": dealer_default(state) if state["phase"] in ("tally", "review", "open") else {},
        "next_named": state["phase"] != "over" and next_is_named(state),
    }


def _private(entry: Mapping[str, Any]) -> dict[str, str]:
    """A round's private lines by player: the round's own, then those its effects told (house-75)."""
    found = dict(entry["private"])
    for p, text in lines.private_by_player(entry.get("told", [])).items():
        found[p] = f"{found[p]}\n{text}" if found.get(p) else text
    return found


def _told(state: State, player: PlayerId) -> dict[str, str]:
    """The lines effects told ``player``, by round (house-75): theirs alone, never another's."""
    found = {h["label"]: lines.private_by_player(h.get("told", [])).get(player) for h in state["history"]}
    return {label: text for label, text in found.items() if text}


def view(state: State, viewer: PlayerId | None, turn: str, awaits: Sequence[PlayerId]) -> dict[str, Any]:
    """``{"turn", "public"}``; a player's ``you`` (awaited, private score, secrets, own moves); the dealer's
    ``dealer`` (every score, secret and submission, the mechanic's proposal)."""
    out: dict[str, Any] = {"turn": turn, "public": _public(state, awaits)}
    out["public"].update(present_holdings.public(state))
    if viewer == DEALER:
        out["dealer"] = _dealer(state)
        if faults := {h["label"]: h["faults"] for h in state["history"] if h.get("faults")}:
            out["dealer"]["faults"] = faults  # why a formula could not be computed; never public (house-40)
        out["dealer"].update(present_holdings.dealer(state))
        if trade_log.has_trades(state["definition"]):
            out["dealer"]["trades"] = kit.json_copy(state.get("trade_log") or [])
    elif viewer is not None and viewer in state["players"]:
        you: dict[str, Any] = {"awaited": viewer in awaits, "moves": _own_moves(state, viewer)}
        if not is_public(state):
            you["score"] = state["scores"][viewer]
        if state["definition"]["secrets"]:
            you["secrets"] = dict(state["secrets"][viewer])
        you.update(present_holdings.you(state, viewer))
        if allowed := _allowed(state, viewer):
            you["allowed"] = allowed  # the player's own state decides them: never public (house-82)
        if required := _required(state, viewer):
            you["required"] = required  # the same: never public (house-173)
        if trade_log.has_trades(state["definition"]):  # their own trades only (house-64)
            you["trades"] = trade_log.own(state, viewer)
        if told := _told(state, viewer):
            you["told"] = told
        out["you"] = you
    return out


def secrets(state: State, player: PlayerId) -> dict[str, Any]:
    """What only ``player`` knows: their secret facts, their private score, their submissions nobody else has
    seen (unrevealed rounds, the round being tallied); nothing once the match is over."""
    if state["phase"] == "over" or player not in state["players"]:
        return {}
    found: dict[str, Any] = {}
    if state["definition"]["secrets"]:
        found["secrets"] = dict(state["secrets"][player])
    if not is_public(state):
        found["score"] = state["scores"][player]
    hidden = {h["label"]: h["moves"][player] for h in state["history"] if not h["reveal"] and player in h["moves"]}
    if state["phase"] in ("tally", "review") and player in state["pending"]:
        hidden[round_label(state)] = state["pending"][player]
    if hidden:
        found["moves"] = hidden
    found.update(present_holdings.secrets(state, player))
    return found


def resample(state: State, player: PlayerId, rng: Random) -> State:
    """``state`` with ``player``'s hidden facts redrawn: secret values, a private score, unrevealed submissions
    (random legal moves of their round); everything public and everyone else's kept."""
    if state["phase"] == "over" or player not in state["players"]:
        return state
    new: State = kit.json_copy(state)
    for s in new["definition"]["secrets"]:
        new["secrets"][player][s["name"]] = rng.choice(s["values"])
    if not is_public(new):
        new["scores"][player] = new["definition"]["scores"]["start"] + rng.randint(-5, 5)
    for h in new["history"]:
        if not h["reveal"] and player in h["moves"]:
            plan = plan_for(new, h["round"])
            h["moves"][player] = random_fields(new, player, rng, plan=plan, living=h["alive"])
    if new["phase"] in ("tally", "review") and player in new["pending"]:
        living = [p for p in new["players"] if p not in new["out"]]
        new["pending"][player] = random_fields(new, player, rng, living=living)
    present_holdings.resample(new, player, rng)
    return new


def public_series(view: Mapping[str, Any]) -> PublicSeries:
    """The scores after each round, when the game's scores are public: ``{score label: {round: scores}}``."""
    public = view.get("public", {})
    if "scores" not in public:
        return {}
    columns = {
        h["label"]: {p: float(v) for p, v in h["scores"].items()} for h in public.get("history", []) if "scores" in h
    }
    return {str(public.get("score_label") or "Points"): columns} if columns else {}
