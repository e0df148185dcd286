"""What a match holds beside its scores (FORMAT.md "garnet-house/2", RULES.md house-27 on): holdings, the rotating roles and who a round awaits, flags that cost garnets, pairings and the pair
resolution, garnets counted through the match, and the richer outcome with the winners' pick of the
Elimination Candidate among the tied for last.

The state's keys for them::

    holdings     player -> {holding -> whole number}
    roles        role -> the rotation (every player once, in the order the role passes)
    garnets      player -> {"start": brought in (option ``garnets``), "spent": total spent, "paid": total paid}
    pairs        the pairs the last pairing named
    ec           {"tied": [...], "choosers": [...]} while the winners pick the Elimination Candidate

Pure: no Django, no clock; randomness comes in as ``rng``. Functions that change a state change the one given
(the engine hands them a copy).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import Message, Outcome, PlayerId, RuleError, ec_order, seat_order
from games.house.engine import winning
from games.house.engine.candidates import candidate_keys, candidate_order
from games.house.engine.field_exchanges import flag_cost, seat_pairing
from games.house.engine.state import State, alive, balance, holder, plan_for, ranking, round_label

__all__ = ["balance", "holder"]


def setup(state: State, options: Mapping[str, Any], rng: Random) -> None:
    """The ``/2`` parts of a new match: holdings at their start, each role's rotation (``random``: drawn with
    ``rng``, in the order the roles are declared), the garnets each player brings in (option ``garnets``)."""
    definition, seats = state["definition"], state["players"]
    state["holdings"] = {
        p: {h["name"]: h["start"] if isinstance(h["start"], int) else 0 for h in definition["holdings"]} for p in seats
    }
    state["roles"] = {
        r["name"]: seat_order(seats, rng) if r["order"] == "random" else list(seats) for r in definition["roles"]
    }
    brought = options.get("garnets") or {}
    if not isinstance(brought, Mapping):
        raise RuleError('option "garnets" must map players to garnet balances')
    start: dict[str, dict[str, int]] = {}
    for p in seats:
        value = brought.get(p, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleError(f'option "garnets": {p} must have a whole number of garnets, 0 or more')
        start[p] = {"start": value, "spent": 0, "paid": 0}
    state["garnets"] = start
    state["pairs"] = []
    state["ec"] = None


def round_awaits(state: State, plan: Mapping[str, Any]) -> list[PlayerId] | None:
    """The players a ``role:``/``others:`` round awaits (None for ``all`` and ``named``): the role's holder if
    still in (nobody else stands in), or everyone still in but the holder."""
    kind, _, role = str(plan["awaits"]).partition(":")
    if kind not in ("role", "others"):
        return None
    who = holder(state, role)
    living = alive(state)
    return [who] if kind == "role" and who in living else [p for p in living if p != who and kind == "others"]


def _uses(state: Mapping[str, Any], player: PlayerId, decl: Mapping[str, Any]) -> int:
    counter = (decl.get("cost") or {}).get("counter")
    return int(state["holdings"][player].get(counter, 0)) if counter else 0


def move_cost(state: Mapping[str, Any], player: PlayerId, move: Mapping[str, Any]) -> int:
    """What the flags ``move`` sets cost (RULES.md house-29)."""
    fields = plan_for(state, state["round"])["fields"]
    return sum(flag_cost(f, _uses(state, player, f)) for f in fields if f["type"] == "flag" and move.get(f["name"]))


def check_move(state: Mapping[str, Any], player: PlayerId, move: Mapping[str, Any]) -> None:
    """Refuse a move whose flags and paying garnets fields cost more than ``player`` holds (house-29): a bid
    alone too, in a test match or a bot trial as in a season (house-46)."""
    fields = plan_for(state, state["round"])["fields"]
    flags = move_cost(state, player, move)
    cost = flags + sum(int(move.get(f["name"]) or 0) for f in fields if f["type"] == "garnets" and f["pays"] != "none")
    have = balance(state, player)
    if cost <= have:
        return
    if flags:
        flag = next(f for f in fields if f["type"] == "flag" and move.get(f["name"]))
        raise RuleError(f"{flag['label']}: costs {cost} garnets; you have {have}")
    bid = next(f for f in fields if f["type"] == "garnets" and f["pays"] != "none" and move.get(f["name"]))
    raise RuleError(f"{bid['label']}: a bid of {cost} garnets is more than you have ({have})")


def affordable(state: Mapping[str, Any], player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
    """``move`` with each paying garnets bid cut to what ``player`` has left after its flags (below the field's
    ``min``: null, no bid), so a bot's or a dealer's random move is one the engine accepts (house-46)."""
    left = balance(state, player) - move_cost(state, player, move)
    out = dict(move)
    for f in plan_for(state, state["round"])["fields"]:
        bid = out.get(f["name"])
        if f["type"] != "garnets" or f["pays"] == "none" or not bid:
            continue
        if int(bid) > left:
            out[f["name"]] = left if left >= int(f["min"]) else None
        left -= int(out[f["name"]] or 0)
    return out


def charge(state: State, moves: Mapping[PlayerId, Mapping[str, Any]]) -> dict[PlayerId, int]:
    """The closed round's flags charged (their cost at the close) and counted in their counters."""
    fields = plan_for(state, state["round"])["fields"]
    spent: dict[PlayerId, int] = {}
    for p, move in moves.items():
        for f in fields:
            if f["type"] != "flag" or not move.get(f["name"]):
                continue
            cost = flag_cost(f, _uses(state, p, f))
            if cost:
                spent[p] = spent.get(p, 0) + cost
            counter = (f.get("cost") or {}).get("counter")
            if counter:
                state["holdings"][p][counter] = state["holdings"][p].get(counter, 0) + 1
    return spent


def settle_spent(state: State, extra: Mapping[PlayerId, int]) -> None:
    """The close's ``spent`` (Engine.round_spent) with the flags added, and every player's total kept."""
    for p, n in extra.items():
        state["spent"][p] = state["spent"].get(p, 0) + n
    for p, n in state["spent"].items():
        state["garnets"][p]["spent"] += int(n)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def resolve_round(state: State, plan: Mapping[str, Any], moves: Mapping[PlayerId, dict[str, Any]]) -> dict[str, Any]:
    """A round resolved by the format itself: ``none`` (a pairing is announced, nothing scores) or ``pairs``
    (each pair the last pairing named plays the matrix; the role holder scores the third entries)."""
    label = round_label(state)
    resolve = plan["resolve"]
    pairing = next((f for f in plan["fields"] if f["type"] == "pairing"), None)
    private: dict[PlayerId, str] = {}
    if pairing is not None:
        for p in state["awaits"]:
            chosen = moves.get(p, {}).get(pairing["name"])
            others = [q for q in alive(state) if q != p]
            state["pairs"] = [list(x) for x in chosen] if chosen else seat_pairing(others)
        if not state["pairs"]:
            return {"announcement": f"{label}: nobody named a pairing.", "private": {}, "points": {}, "out": []}
        who = " and ".join(state["awaits"])
        text = f"{label}: {who} pairs " + ", and ".join(f"{a} with {b}" for a, b in state["pairs"]) + "."
        for a, b in state["pairs"]:
            private[a], private[b] = f"{label}: your pair is {b}.", f"{label}: your pair is {a}."
        return {"announcement": text, "private": private, "points": {}, "out": [], "winners": []}
    if resolve["by"] == "none":
        return {"announcement": "", "private": {}, "points": {}, "out": [], "winners": []}
    return _pairs_result(state, resolve, moves, label)


def _pairs_result(
    state: State, resolve: Mapping[str, Any], moves: Mapping[PlayerId, dict[str, Any]], label: str
) -> dict[str, Any]:
    field, matrix, double = resolve["field"], resolve["matrix"], resolve.get("double")
    role = resolve.get("role")
    third = holder(state, role) if role else None
    points: dict[PlayerId, int] = {}
    lines = [f"{label} results" + (f" ({third} holds the role)" if third else "") + ":"]
    third_points = 0
    for a, b in state["pairs"]:
        if a not in moves or b not in moves or field not in moves[a] or field not in moves[b]:
            continue
        pa, pb, px = matrix[moves[a][field]][moves[b][field]]
        third_points += px
        parts = []
        for p, n in ((a, pa), (b, pb)):
            doubled = bool(double and moves[p].get(double))
            points[p] = n * 2 if doubled else n
            parts.append(f"{p} ({moves[p][field]}{', doubled' if doubled else ''}) {_signed(points[p])}")
        lines.append(" · ".join(parts))
    if third is not None:
        earlier = state["history"][-1]["moves"].get(third, {}) if state["history"] else {}
        doubled = bool(resolve.get("role_double") and earlier.get(resolve["role_double"]))
        points[third] = points.get(third, 0) + third_points * (2 if doubled else 1)
        lines.append(f"{third} (the role{', doubled' if doubled else ''}) {_signed(points[third])}")
    state["pairs"] = []
    best = max(points.values(), default=0)
    winners = [p for p, n in points.items() if n == best and best > 0]
    return {"announcement": "\n".join(lines), "private": {}, "points": points, "out": [], "winners": winners}


# --- the outcome --------------------------------------------------------------------------------------------


def _earned(state: State) -> dict[PlayerId, int]:
    """Garnets the end pays by points (``outcome.garnets.per_points``: 1 per full N points, none below 1)."""
    per = state["definition"]["outcome"]["garnets"].get("per_points")
    return {p: max(0, state["scores"][p]) // per if per else 0 for p in state["players"]}


def _winners(state: State) -> list[PlayerId]:
    rule = state["definition"]["outcome"]
    if rule["winners"] == "one":
        return ranking(state)[:1]  # the best ranked (RULES.md house-26)
    if rule["winners"] not in ("top", "none"):
        from games.house.engine.effects import formula_winners

        found = winning.best(state, formula_winners(state))  # the best of them (house-151, house-152)
        return [] if len(found) == len(state["players"]) else found
    if rule["winners"] != "top":
        return []
    order = ranking(state)
    living = alive(state) or order[:1]
    best = max(state["scores"][p] for p in living)
    winners = [p for p in order if p in living and state["scores"][p] == best]  # tied: house-7's order
    if len(winners) == len(state["players"]) or (rule["max_winners"] and len(winners) > rule["max_winners"]):
        return []  # everyone tied, or more tied than the game rewards: nobody wins (house-39)
    return winners


def tokens_for(state: State, winners: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Each winner's Tokens of Life by the ``outcome.tokens`` rule (a list: by the number of winners)."""
    tokens = state["definition"]["outcome"]["tokens"]
    if isinstance(tokens, list):
        each = tokens[len(winners) - 1] if 0 < len(winners) <= len(tokens) else 0
    else:
        each = int(tokens)
    return {w: each for w in winners if each}


def _final_balance(state: State, earned: Mapping[PlayerId, int]) -> dict[PlayerId, int]:
    return {p: balance(state, p) + earned[p] for p in state["players"]}


def _fewest(players: Sequence[PlayerId], balances: Mapping[PlayerId, int], rng: Random) -> tuple[PlayerId, bool]:
    low = min(balances[p] for p in players)
    fewest = [p for p in players if balances[p] == low]
    return (fewest[0], False) if len(fewest) == 1 else (rng.choice(fewest), True)


def finish(state: State, given: Mapping[str, Any] | None, rng: Random) -> Outcome | None:
    """The ``/2`` outcome, or None when the winners must first pick the Elimination Candidate (the state then
    awaits them: house-41). A dealer's ``given`` outcome is ``ending.dealer_outcome``'s business."""
    rule = state["definition"]["outcome"]
    winners = _winners(state)
    if state["definition"]["kind"] == "death":
        # Exactly one winner; a level end goes to the better ranked, the DMO first (house-1, house-8, house-44).
        return outcome(state, winners if len(winners) == 1 else ranking(state)[:1], [])
    earned = _earned(state)
    # The candidate is never a winner: the tie for last is among the non-winners only (house-45).
    pool = [p for p in state["players"] if p not in winners]
    picks = winning.pick_pool(state, winners, pool)  # a single winner's own pick among them (house-153)
    if picks:
        state["phase"], state["awaits"] = "ec", list(winners)
        state["ec"] = {"tied": picks, "choosers": list(winners), "single": True}
        return None
    first = len(candidate_order(rule))  # the keys that decide the first place (house-72, house-73)
    keys = candidate_keys(state, pool, _final_balance(state, earned)) if first else {}
    low = min((keys.get(p, (state["scores"][p],))[: first or 1] for p in pool), default=(0,))
    last = [p for p in pool if keys.get(p, (state["scores"][p],))[: first or 1] == low]
    if len(last) > 1 and rule["last_tie"] == "winners_pick" and winners:
        state["phase"], state["awaits"] = "ec", list(winners)
        state["ec"] = {"tied": last, "choosers": list(winners)}
        return None
    ec: list[PlayerId] = []
    if len(last) == 1:
        ec = last
    elif last and first:
        ec = [_fewest(last, _final_balance(state, earned), rng)[0]]
    return outcome(state, winners, ec)


def outcome(state: State, winners: Sequence[PlayerId], ec: Sequence[PlayerId]) -> Outcome:
    """Winners, tokens, net garnets (earned and paid minus spent: house-36) and the candidates: ``ec`` first,
    then the other non-winners fewest points first, ties by ``candidate_ties`` then the tiebreak order."""
    rule = state["definition"]["outcome"]
    earned = _earned(state)
    balances = _final_balance(state, earned)
    pool = [p for p in state["players"] if p not in winners]
    if candidate_order(rule):
        keys = candidate_keys(state, pool, balances)
        candidates = ec_order(tuple(ec), pool, keys.__getitem__, state["tiebreak"])
    else:
        candidates = tuple(p for p in reversed(ranking(state)) if p not in winners)
    prize = rule["garnets"].get("winner", 0)
    garnets = {
        p: earned[p] + state["garnets"][p]["paid"] - state["garnets"][p]["spent"] + (prize if p in winners else 0)
        for p in state["players"]
    }
    scores = {p: float(state["scores"][p]) for p in state["players"]}
    return Outcome(
        winners=tuple(winners), candidates=candidates, tokens=tokens_for(state, winners), garnets=garnets, scores=scores
    )


def ec_default(state: State) -> dict[str, Any]:
    """A winner's missing pick (house-78): with ``silent_pick: garnets`` (the default) the tied player with the
    fewest garnets (the earlier seat on a tie); with ``lot``, nobody (the others' picks decide)."""
    if state["definition"]["outcome"].get("silent_pick") == "lot":
        return {"ec": None}
    balances = _final_balance(state, _earned(state))
    tied = state["ec"]["tied"]
    if state["definition"]["outcome"].get("silent_pick") == "order":  # the candidate order's first (house-154)
        keys = candidate_keys(state, tied, balances)
        return {"ec": min(tied, key=lambda p: (keys[p], list(state["tiebreak"]).index(p)))}
    return {"ec": min(tied, key=lambda p: (balances[p], state["players"].index(p)))}


def ec_validate(state: State, move: Mapping[str, Any]) -> dict[str, Any]:
    """A winner's pick: ``{"ec": <a player tied for last>}``, or ``{"ec": null}`` (nobody: what silence is)."""
    if set(move) != {"ec"} or (move["ec"] is not None and move["ec"] not in state["ec"]["tied"]):
        raise RuleError(f"Elimination Candidate: must be one of {', '.join(state['ec']['tied'])}")
    return {"ec": move["ec"]}


def ec_resolve(state: State, moves: Mapping[PlayerId, Mapping[str, Any]], rng: Random) -> list[Message]:
    """The winners' picks: the one named by the most winners (house-78), else the fewest garnets among those
    named most, by lot if equal (``silent_pick: lot``: by lot); nobody named: every tied player stands."""
    given = [(moves.get(w) or ec_default(state))["ec"] for w in state["ec"]["choosers"]]
    picks = [str(p) for p in given if p in state["ec"]["tied"]]
    most = max((picks.count(p) for p in picks), default=0)
    # nobody named: every tied player stands, the fewest garnets first, then by lot (house-78)
    named = [p for p in state["ec"]["tied"] if picks.count(p) == most]
    winners = list(state["ec"]["choosers"])
    if len(named) == 1:
        ec = named[0]
        if not picks:
            why = "the winners named nobody"
        elif len(set(picks)) == 1 and len(picks) == len(given):
            why = f"{' and '.join(winners)} chose {ec}"
        else:
            why = f"most of the winners chose {ec}"
    else:
        by_lot = state["definition"]["outcome"].get("silent_pick") == "lot"  # no garnets counted (house-78)
        balances = dict.fromkeys(named, 0) if by_lot else _final_balance(state, _earned(state))
        ec, drawn = _fewest(named, balances, rng)
        who = f"the winners named {' and '.join(named)}" if picks else "the winners named nobody"
        why = f"{who}; {ec} {'was drawn by lot' if drawn else 'has the fewest garnets'}"
    found = outcome(state, winners, [ec])
    state["phase"], state["awaits"], state["outcome"], state["ec"] = "over", [], found.to_json(), None
    return [Message(f"The Elimination Candidate is {ec}: {why}.", ruling="house-41")]
