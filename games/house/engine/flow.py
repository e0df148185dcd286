"""How a round goes: a play turn's close (a mechanic's result, or the dealer's tally or review next), a result
published, the next round opened or the match ended (``ending``: its outcome) (FORMAT.md, RULES.md).

Pure: no Django, no clock; randomness comes in as ``rng``. Every function here changes the state it is given
(the engine hands it a copy).
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import Message, PlayerId
from games.house.engine import (
    effects,
    hands,
    happened,
    items,
    items_shared,
    lines,
    mechanics,
    move_rules,
    play,
    rounds,
    winning,
)
from games.house.engine.constants import MAX_ROUNDS
from games.house.engine.ending import finish
from games.house.engine.state import State, alive, plan_for, round_label, worst_first


def pays_total(fields: list[dict[str, Any]], move: Mapping[str, Any], kinds: tuple[str, ...]) -> int:
    """The sum of ``move``'s garnets fields whose ``pays`` is one of ``kinds``."""
    return sum(
        int(move.get(f["name"]) or 0) for f in fields if f["type"] == "garnets" and f.get("pays", "bid") in kinds
    )


def run_mechanic(state: State, moves: Mapping[PlayerId, dict[str, Any]], rng: Random) -> dict[str, Any]:
    """The round's mechanic over the closed round's ``moves``: its result as JSON, ``spent`` settled (RULES.md
    house-5: a ``bid`` field is spent whoever wins; the mechanic's own ``if_won`` field as the mechanic charges,
    never more than the bid; another ``if_won`` field in full by the round's winners only)."""
    plan = plan_for(state, state["round"])
    inp = mechanics.RoundInput(
        label=round_label(state),
        players=tuple(state["awaits"]),
        tiebreak=tuple(state["tiebreak"]),
        moves={p: dict(moves.get(p, {})) for p in state["awaits"]},
        fields=tuple(plan["fields"]),
        scores=dict(state["scores"]),
        params=dict(plan["resolve"]["params"]),
    )
    result = mechanics.mechanic_run(plan["resolve"]["mechanic"], inp, rng)
    members = set(state["players"])
    own = plan["resolve"]["params"].get("field")
    spent: dict[PlayerId, int] = {}
    for p in state["awaits"]:
        total = 0
        for f in plan["fields"]:
            value = int(moves.get(p, {}).get(f["name"]) or 0) if f["type"] == "garnets" else 0
            if f.get("pays") == "bid":
                total += value
            elif f.get("pays") == "if_won":
                total += min(value, int(result.spent.get(p, 0))) if f["name"] == own else value * (p in result.winners)
        if total > 0:
            spent[p] = total
    return {
        "announcement": str(result.announcement),
        "private": {p: str(t) for p, t in result.private.items() if p in members},
        "points": {p: int(n) for p, n in result.points.items() if p in members and n},
        "out": [p for p in result.out if p in members and p not in state["out"]],
        "winners": [p for p in result.winners if p in members],
        "spent": spent,
    }


def _bids_spent(state: State, plan: Mapping[str, Any], moves: Mapping[PlayerId, dict[str, Any]]) -> dict[str, int]:
    """What a round the dealer tallies spends: its ``bid`` fields in full (RULES.md house-5)."""
    return {p: n for p in state["awaits"] if (n := pays_total(plan["fields"], moves[p], ("bid",))) > 0}


def close_play(state: State, moves: Mapping[PlayerId, dict[str, Any]], rng: Random) -> list[Message]:
    """A play turn closes: the flags are charged, what changes hands changes hands, then the format resolves the
    round itself, or the dealer tallies it, or a mechanic's result is published or reviewed by the dealer."""
    plan = plan_for(state, state["round"])
    earlier: dict[PlayerId, dict[str, Any]] = {}
    played: list[Message] = []
    ordered = plan.get("order", "together") != "together"
    if ordered and state["awaits"]:
        mover = state["awaits"][0]
        played, move = items_shared.play_turn(state, mover, moves.get(mover, {}))  # at the mover's turn (house-91)
        move = rounds.merge_turn(state, mover, move)
        if rounds.again(state, mover, move):
            return played + [Message(f"{round_label(state)}: {mover} moves again.")]
        if hands.ends(state, {**state["so_far"], mover: move}):
            state["queue"], state["hand_over"] = [], True  # the hand ends at this move: nobody else moves (house-112)
        else:
            played += items_shared.refill(state, rng)  # the turn is over: a deck it emptied is made again (house-140)
        if (more := rounds.step(state, mover, move)) is not None:
            return played + more
        earlier = {p: m for p, m in state["so_far"].items() if p != mover}
        moves = {**state["so_far"]}
    else:
        moves = items_shared.draws_first(state, moves)
        if hands.ends(state, moves):
            state["hand_over"] = True  # read before the round's effects, as after a mover's turn (house-112)
    flags = play.charge(state, {p: moves.get(p, {}) for p in state["awaits"] if p not in earlier})
    exchanged = {p: dict(moves.get(p, {})) for p in state["awaits"]}
    if ordered:
        exchanged = {p: items_shared.unplayed(m, plan["fields"]) for p, m in exchanged.items()}
    messages = played + items.exchange(state, exchanged)
    if not ordered and not state.get("hand_over"):
        messages += items_shared.refill(state, rng)  # the round's draws and cards made: as after a turn (house-140)
    by = plan["resolve"]["by"]
    if by in ("pairs", "none", "best"):
        round_moves = {p: dict(moves.get(p, {})) for p in state["awaits"]}
        if by == "best":
            winners = effects.best(state, plan["resolve"], round_moves)
            result: dict[str, Any] = {"announcement": _best_words(state, winners), "winners": winners}
        else:
            result = play.resolve_round(state, plan, round_moves)
        state["spent"] = _bids_spent(state, plan, round_moves)
        _settle(state, flags, earlier)
        return messages + publish(state, result, round_moves) + advance(state, {"next": "continue"}, rng)
    return messages + _close_play(state, moves, rng, settle=flags, earlier=earlier)


def _best_words(state: State, winners: list[PlayerId]) -> str:
    label = round_label(state)
    return (
        f"{label}: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}."
        if winners
        else f"{label}: nobody wins."
    )


def _settle(state: State, settle: Mapping[PlayerId, int], earlier: Mapping[PlayerId, Any]) -> None:
    """The flags added to the close's spending and every total kept (the outcome's garnets are net: house-42);
    the movers of a round in turn order who moved before the last were charged at their own turns."""
    for p in earlier:
        state["spent"].pop(p, None)
    play.settle_spent(state, settle)


def _close_play(
    state: State,
    moves: Mapping[PlayerId, dict[str, Any]],
    rng: Random,
    settle: Mapping[PlayerId, int],
    earlier: Mapping[PlayerId, Any],
) -> list[Message]:
    plan = plan_for(state, state["round"])
    label = round_label(state)
    round_moves = {p: dict(moves.get(p, {})) for p in state["awaits"]}
    if plan["resolve"]["by"] == "dealer":
        state["phase"], state["pending"] = "tally", round_moves
        state["spent"] = _bids_spent(state, plan, round_moves)
        _settle(state, settle, earlier)
        return [Message(f"{label} is closed: the dealer is tallying the submissions.")]
    try:
        result = run_mechanic(state, round_moves, rng)
    except (ValueError, TypeError, KeyError, IndexError, ArithmeticError):
        # A mechanic that cannot make sense of the round never blocks the match: the dealer tallies it.
        state["phase"], state["pending"] = "tally", round_moves
        state["spent"] = _bids_spent(state, plan, round_moves)
        _settle(state, settle, earlier)
        text = f"{label} is closed: the mechanic could not resolve it, so the dealer tallies the submissions."
        return [Message(text, ruling="house-16")]
    state["spent"] = result.pop("spent")
    _settle(state, settle, earlier)
    if plan["resolve"].get("review"):
        state["phase"], state["pending"], state["proposal"] = "review", round_moves, result
        return [Message(f"{label} is closed: the dealer is reviewing the result.")]
    messages = publish(state, result, round_moves)
    return messages + advance(state, {"next": "continue"}, rng)


def close_dealer(
    state: State, move: Mapping[str, Any], result: dict[str, Any], rng: Random | None = None
) -> list[Message]:
    """The dealer's tally or review is in: its result published, then the match goes on or ends."""
    messages = publish(state, result, state["pending"])
    state["pending"], state["proposal"] = {}, None
    return messages + advance(state, move, rng)


def publish(state: State, result: Mapping[str, Any], moves: Mapping[PlayerId, dict[str, Any]]) -> list[Message]:
    """A round's result made public: the announcement, the private lines, the scores, the players out, and
    (``reveal: all``) everyone's submissions, or what the round ``shows`` of each (house-83)."""
    plan = plan_for(state, state["round"])
    label = round_label(state)
    points = {p: n for p, n in result.get("points", {}).items() if n}
    if plan.get("effects"):
        for p, n in effects.apply_effects(state, moves, list(result.get("winners", []))).items():
            points[p] = points.get(p, 0) + n
        points = {p: n for p, n in points.items() if n}
    shows = move_rules.shown(state, plan, moves)  # after the effects: it may read what they set (house-83)
    for p, n in points.items():
        state["scores"][p] += n
    if plan.get("effects"):
        lines.apply_lines(state, moves, list(result.get("winners", [])))
    errors = state.pop("formula_errors", [])
    gone = [p for p in result.get("out", []) if p not in state["out"]]
    state["out"].extend(worst_first(state, gone))
    messages: list[Message] = []
    if text := str(result.get("announcement", "")).strip():
        messages.append(Message(text))
    reveal = plan["reveal"] == "all"
    if reveal and moves:
        shown = "; ".join(f"{p}: {_move_words(state, plan, moves[p])}" for p in moves)
        messages.append(Message(f"{label} submissions: {shown}."))
    if shows:
        messages.append(move_rules.shown_message(label, plan, shows))
    if gone:
        messages.append(Message(f"Out of the match: {', '.join(gone)}."))
    # The public line names the formula's path only: why it failed may quote hidden values ("gives a list
    # ([3, 0, 7])"), so the reason goes to the dealer's view of the round (house-40).
    messages.extend(
        Message(
            f"{label}: a formula could not be computed, so it did nothing ({e.partition(': ')[0]})", ruling="house-40"
        )
        for e in errors
    )
    private = dict(result.get("private", {}))
    messages.extend(Message(t, to=p) for p, t in private.items() if t)
    said, told = lines.published(state)  # the effects' lines, after the round's own (house-74)
    messages.extend(said)
    announcement = str(result.get("announcement", ""))
    if said_aloud := [t["text"] for t in told if t["to"] is None]:
        announcement = "\n".join([announcement, *said_aloud]).strip("\n")
    state["history"].append(
        {
            "round": state["round"],
            "label": label,
            "announcement": announcement,
            "moves": {p: dict(m) for p, m in moves.items()},
            "reveal": reveal,
            **({"shown": shows} if shows else {}),
            "points": points,
            "scores": dict(state["scores"]),
            "private": private,
            **({"told": [t for t in told if t["to"] is not None]} if told else {}),
            "out": gone,
            "alive": alive(state) + gone,
            **({"faults": errors} if errors else {}),
        }
    )
    return messages


def _move_words(state: State, plan: Mapping[str, Any], move: Mapping[str, Any]) -> str:
    parts = []
    for f in plan["fields"]:
        value = move.get(f["name"])
        if value is None:
            continue
        if f["type"] == "trade" and isinstance(value, dict):
            words = happened.trade_words(
                happened.labels(state), value
            )  # "give 3 chips for 1 gem with bob", not "give chips 3"
        elif f["type"] == "give" and isinstance(value, dict) and not f.get("pile"):
            words = happened.gift_words(happened.labels(state), f["holding"], value)
        else:
            words = _words(value)
        parts.append(words if len(plan["fields"]) == 1 else f"{f['label']} {words}")
    return ", ".join(parts) or "nothing"


def _words(value: Any) -> str:
    """A submitted value in words: a list joined, a pairing "a & b; c & d", a gift or trade by its parts."""
    if isinstance(value, list) and any(isinstance(v, list) for v in value):
        return "; ".join(" & ".join(map(str, v)) if isinstance(v, list) else str(v) for v in value)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return " ".join(f"{k} {_words(v)}" for k, v in value.items())
    return str(value)


def ends_now(state: State) -> bool:
    """Whether the definition's end rules end the match after the round just published (RULES.md house-6)."""
    end, total = state["definition"]["end"], state["definition"]["rounds"]
    living = alive(state)
    if not living or state["round"] >= MAX_ROUNDS:
        return True
    if total is not None and end["after_rounds"] and state["round"] >= total:
        return True
    if end["first_to"] is not None and any(state["scores"][p] >= end["first_to"] for p in living):
        return True
    if end.get("when_any") and winning.end_any(state):  # a player's own end (house-150)
        return True
    if end.get("when") and effects.end_now(state):
        return True
    return len(living) <= 1 and (end["last_standing"] or state["definition"]["kind"] == "death")


def advance(state: State, move: Mapping[str, Any], rng: Random | None = None) -> list[Message]:
    """After a published round: end the match (the dealer's "end" or an end rule), or open the next round."""
    ended = state.pop("hand_over", False)
    said = hands.score_hand(state) if ended else []  # the hand's effects, then its end rules (house-114)
    if move.get("next") == "end" or ends_now(state):
        return said + finish(state, move.get("outcome"), rng)
    state["round"] += 1
    if ended:
        said += hands.new_hand(state, rng or Random(f"{state['round']}:{','.join(state['players'])}"))
    return said + _next_round(state, move, rng)


def _next_round(state: State, move: Mapping[str, Any], rng: Random | None) -> list[Message]:
    """Round ``state["round"]`` opened: at once, or once the dealer names its players."""
    plan = plan_for(state, state["round"])
    if plan["awaits"] != "named" or move.get("next_awaits"):
        named = [p for p in move.get("next_awaits") or [] if p not in state["out"]] or None
        return _open(state, named, rng)
    state["phase"], state["awaits"] = "open", []  # the dealer names the round's players first
    return []


def open_round(state: State, move: Mapping[str, Any], rng: Random | None = None) -> list[Message]:
    """The dealer's opening move names the round's players (left out: everyone still in)."""
    named = [p for p in move.get("next_awaits", []) if p not in state["out"]] or alive(state)
    return _open(state, named, rng) + [Message(f"{round_label(state)} awaits {', '.join(state['awaits'])}.")]


def _open(state: State, named: list[PlayerId] | None, rng: Random | None) -> list[Message]:
    """A round opened (skipped while its ``when`` is false, dealt, its players and order found); the match
    ends if every round left was skipped."""
    skipped = rounds.open_round(state, named)
    if state["phase"] != "play":
        return skipped + finish(state, None, rng)
    return skipped
