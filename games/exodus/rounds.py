"""Resolving a round (Year) of trades, and the end of the match.

Pure: works on a copy of the state and draws only from the ``rng`` it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import Message, PlayerId, RuleError, ec_order
from games.exodus import moves as mv
from games.exodus.scoring import score_cubes, score_gems
from games.exodus.state import ExodusState, sort_items
from games.exodus.tables import ROUNDS


def label(state: ExodusState, rnd: int | None = None) -> str:
    """'Round 3' / 'Year 3'."""
    return f"{'Round' if state.variant == 'cubes' else 'Year'} {rnd or state.round}"


def _offers(state: ExodusState, moves: Mapping[PlayerId, Any]) -> tuple[dict[str, list[dict[str, str]]], list[Message]]:
    """Each player's offers this round; a missing or invalid submission counts as no trades."""
    offers: dict[str, list[dict[str, str]]] = {}
    notes: list[Message] = []
    for p in state.players:
        move = moves.get(p)
        if move is None:
            move = mv.default_move(state, p)
        try:
            offers[p] = mv.validate(state, p, move)["trades"]
        except RuleError as err:
            offers[p] = []
            text = f"{label(state)}: your submission broke a rule ({err}) and counted as no trades."
            notes.append(Message(text, to=p))
    return offers, notes


Report = dict[str, list[dict[str, Any]]]


def _match(state: ExodusState, offers: Mapping[str, list[dict[str, str]]]) -> tuple[list[dict[str, str]], Report]:
    """The trades that go through (both name each other) and each player's report on their offers."""
    trades: list[dict[str, str]] = []
    report: Report = {p: [] for p in state.players}
    for i, a in enumerate(state.players):
        for offer in offers[a]:
            b = offer["with"]
            back = next((o for o in offers[b] if o["with"] == a), None)
            row: dict[str, Any] = {"with": b, "gave": offer["give"], "got": back["give"] if back else None}
            row["ok"], row["why"] = back is not None, "" if back else f"{b} did not offer you a trade"
            report[a].append(row)
            if back and state.players.index(b) > i:
                trades.append({"a": a, "b": b, "a_gave": offer["give"], "b_gave": back["give"]})
    return trades, report


def resolve_round(state: ExodusState, moves: Mapping[PlayerId, Any], rng: Random) -> tuple[ExodusState, list[Message]]:
    """Process this round's trades simultaneously, score them, tell everyone privately.

    Messages: a public line with the number of trades; to each player the fate of
    each of their offers, their inventory and their total ("at the start of the
    next round"); Diamond's private information to the Diamond's giver.
    """
    offers, messages = _offers(state, moves)
    trades, report = _match(state, offers)
    new = state.copy()
    rnd = state.round
    for tr in trades:
        for giver, recipient, item in ((tr["a"], tr["b"], tr["a_gave"]), (tr["b"], tr["a"], tr["b_gave"])):
            new.inventories[giver].remove(item)
            new.inventories[recipient].append(item)
            new.traded_with.setdefault(giver, {})
            new.traded_with[giver][recipient] = new.traded_with[giver].get(recipient, 0) + 1
    for p in new.players:
        new.inventories[p] = sort_items(new.items, new.inventories[p])
    new.last_partners = {p: sorted(r["with"] for r in report[p] if r["ok"]) for p in new.players}
    if new.variant == "cubes":
        sheets = score_cubes(rnd, new.players, trades, new.inventories)
    else:
        sheets = score_gems(rnd, new.players, trades, new.inventories, new.traded_with)
    for p in new.players:
        new.scores[p] += sheets[p]["total"]
        new.extra_garnets[p] = new.extra_garnets.get(p, 0) + sheets[p].get("garnets", 0)
    new.locked = {p: 0 for p in new.players}
    if new.variant == "gems" and rnd == 5:
        for tr in trades:
            for recipient, item in ((tr["b"], tr["a_gave"]), (tr["a"], tr["b_gave"])):
                if item == "diamond":
                    new.locked[recipient] += 1
    new.log.append(
        {
            "round": rnd,
            "offers": offers,
            "trades": trades,
            "report": report,
            "sheets": sheets,
            "totals": dict(new.scores),
        }
    )
    # Ruling 4: the public learns only that the round ended, never how many trades went through.
    messages.append(Message(f"{label(state)} is over."))
    messages.extend(Message(_results(new, rnd, report[p], sheets[p]["total"], p), to=p) for p in new.players)
    if new.variant == "gems":
        messages.extend(_diamond_intel(state, new, trades))
    new.round = rnd + 1
    if rnd >= ROUNDS:
        messages.extend(finish(new, rng))
    return new, messages


def _results(new: ExodusState, rnd: int, rows: list[dict[str, Any]], change: int, p: PlayerId) -> str:
    """A player's private round report: each offer's fate, the change, the total and the inventory."""
    unit = "points" if new.variant == "cubes" else "Favor"
    lines = [f"{label(new, rnd)} results:"]
    for r in rows:
        if r["ok"]:
            lines.append(f"trade with {r['with']} went through: you gave {r['gave']} and received {r['got']}.")
        else:
            lines.append(f"trade with {r['with']} failed ({r['why']}); you keep your {r['gave']}.")
    if not rows:
        lines.append("you offered no trades.")
    word = "round" if new.variant == "cubes" else "year"
    lines.append(f"{change:+d} {unit} this {word}; total {new.scores[p]} {unit}.")
    lines.append(f"Inventory: {', '.join(new.inventories[p]) or 'nothing'}.")
    if new.locked.get(p):
        n = new.locked[p]
        lines.append(f"{n} Diamond{'s' if n > 1 else ''} you received cannot be traded away next year.")
    return " ".join(lines)


def _diamond_intel(before: ExodusState, new: ExodusState, trades: list[dict[str, str]]) -> list[Message]:
    """Years 1-4: the Diamond's giver learns something about its recipient, privately, at the start of next year."""
    year = before.round
    out: list[Message] = []
    for tr in trades:
        for giver, recipient, item in ((tr["a"], tr["b"], tr["a_gave"]), (tr["b"], tr["a"], tr["b_gave"])):
            if item != "diamond":
                continue
            if year == 1:
                hand = ", ".join(new.inventories[recipient])
                text = f"Diamond: {recipient}'s inventory at the start of Year 2 is {hand}."
            elif year == 2:
                first = new.log[0]["report"][recipient] if new.log else []
                names = sorted(r["with"] for r in first if r["ok"])
                text = f"Diamond: in Year 1 {recipient} traded with {', '.join(names) if names else 'nobody'}."
            elif year == 3:
                place = 1 + sum(1 for q in new.players if new.scores[q] > new.scores[recipient])
                tied = sum(1 for q in new.players if new.scores[q] == new.scores[recipient]) > 1
                where = f"{place} of {len(new.players)}{' (tied)' if tied else ''}"
                text = f"Diamond: at the start of Year 4 {recipient} is ranked {where}."
            elif year == 4:
                text = f"Diamond: at the start of Year 5 {recipient} has {new.scores[recipient]} Favor."
            else:
                continue
            out.append(Message(text, to=giver))
    return out


def finish(state: ExodusState, rng: Random) -> list[Message]:
    """After the last round: winners and the Elimination Candidate (or the winners' pick). Mutates ``state``."""
    top = max(state.scores.values())
    first = [p for p in state.players if state.scores[p] == top]
    # "If more than three players tie for first place, there will be no winners" (gems); the
    # cube text only negates the Tokens, and we read it the same way (RULES.md ruling 5).
    state.winners = [] if len(first) > 3 else first
    hoard = "black" if state.variant == "cubes" else "onyx"
    others = [p for p in state.players if p not in state.winners]
    held = {p: state.inventories[p].count(hoard) for p in others}
    most = max(held.values(), default=0)
    pool = [p for p in others if held[p] == most] if most > 0 else others
    low = min(state.scores[p] for p in pool)
    state.ec_tied = [p for p in pool if state.scores[p] == low]
    msgs = [Message(f"{label(state, ROUNDS)} is the last: trading is over.")]
    if most == 0 and len(others) > 1:
        # Nobody outside the winners holds a Black cube / Onyx: ruling 7 picks among all of them,
        # silently (an empty line carries the tag; the framework does not store it).
        msgs.append(Message("", ruling="exodus-7"))
    if state.winners:
        msgs.append(Message(f"Winner{'s' if len(state.winners) > 1 else ''}: {', '.join(state.winners)}."))
    else:
        msgs.append(
            Message(
                "More than three players tied for first place: no winners and no Tokens of Life.", ruling="exodus-5"
            )
        )
    if len(state.ec_tied) == 1:
        state.ec, state.phase = state.ec_tied[0], "over"
        msgs.append(Message(f"The Elimination Candidate is {state.ec}."))
        msgs.append(_standings(state))
    elif state.winners:
        state.phase = "ec"
        msgs.append(Message(f"{', '.join(state.ec_tied)} are tied; the winners choose the Elimination Candidate."))
    else:
        # No winners to choose (gems, more than three tied for first): drawn by lot.
        msgs.append(
            Message(f"{', '.join(state.ec_tied)} are tied and there are no winners to choose.", ruling="exodus-12")
        )
        msgs.extend(_settle(state, Counter(), rng)[1])
    return msgs


def ec_candidates(state: ExodusState) -> tuple[str, ...]:
    """The whole order of Elimination Candidates by the game's own rule (ruling 18): the EC first,
    then the other non-winners by most Black cubes (Onyx), then fewest points (Favor), then the
    season's gamewide order."""
    hoard = "black" if state.variant == "cubes" else "onyx"
    pool = [p for p in state.players if p not in state.winners]
    first = (state.ec,) if state.ec else ()
    return ec_order(first, pool, lambda p: (-state.inventories[p].count(hoard), state.scores[p]), state.gamewide)


def resolve_ec(state: ExodusState, moves: Mapping[PlayerId, Any], rng: Random) -> tuple[ExodusState, list[Message]]:
    """The winners' pick: the tied player named most; a tie (or no choices) is drawn by lot."""
    new = state.copy()
    votes: Counter[str] = Counter()
    for p in new.winners:
        try:
            choice = mv.validate(state, p, moves.get(p, {"ec": None}))["ec"]
        except RuleError:
            choice = None
        if choice:
            votes[choice] += 1
    return _settle(new, votes, rng)


def _settle(new: ExodusState, votes: Counter[str], rng: Random) -> tuple[ExodusState, list[Message]]:
    """Name the Elimination Candidate from the votes (lot among the best-voted or all tied)."""
    best = max(votes.values(), default=0)
    pool = sorted(p for p in new.ec_tied if votes[p] == best) if best else sorted(new.ec_tied)
    new.ec = pool[0] if len(pool) == 1 else pool[rng.randrange(len(pool))]
    new.phase = "over"
    how = "chosen by the winners" if best and len(pool) == 1 else "drawn by lot"
    ruling = "exodus-11" if new.winners and how == "drawn by lot" else None
    return new, [Message(f"The Elimination Candidate is {new.ec} ({how}).", ruling=ruling), _standings(new)]


def _standings(state: ExodusState) -> Message:
    """The public announcement of every final total, once the match is over."""
    unit = "points" if state.variant == "cubes" else "Favor"
    order = sorted(state.players, key=lambda q: -state.scores[q])
    return Message(f"The match is over. Final {unit}: {', '.join(f'{p} {state.scores[p]}' for p in order)}.")
