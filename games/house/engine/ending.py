"""How a match of a dealer's game ends (RULES.md house-6 to house-8, house-41, house-42): its outcome, the
dealer's or the definition's rule, with every garnet balance netted, and the closing announcement with the
final scores and every secret.

Pure: no Django, no clock; randomness comes in as ``rng``. Every function here changes the state it is given
(the engine hands it a copy).
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import Message, Outcome, PlayerId
from games.house.engine import play
from games.house.engine.state import State, ranking


def dealer_outcome(state: State, given: Mapping[str, Any]) -> Outcome:
    """The dealer's outcome (``given``, with ``"next": "end"``), its gaps filled by the definition's rule
    (RULES.md house-8): left-out candidates every other player worst first, left-out tokens and garnets as the
    ``outcome`` rule gives them; a Death Match's other player is the candidate, no Tokens unless given."""
    rule = state["definition"]["outcome"]
    scores = {p: float(state["scores"][p]) for p in state["players"]}
    winners = list(given["winners"])
    if state["definition"]["kind"] == "death":
        loser = next(p for p in state["players"] if p != winners[0])
        tokens = dict(given.get("tokens", {}))
        garnets = _net(state, dict(given.get("garnets", {})))
        return Outcome(winners=tuple(winners[:1]), candidates=(loser,), tokens=tokens, garnets=garnets, scores=scores)
    if "candidates" in given:
        candidates = list(given["candidates"])
    else:
        candidates = [p for p in reversed(ranking(state)) if p not in winners]
    tokens = dict(given["tokens"]) if "tokens" in given else play.tokens_for(state, winners)
    if "garnets" in given:
        garnets = dict(given["garnets"])
    else:
        garnets = {w: rule["garnets"]["winner"] for w in winners if rule["garnets"].get("winner")}
    garnets = _net(state, garnets)
    return Outcome(winners=tuple(winners), candidates=tuple(candidates), tokens=tokens, garnets=garnets, scores=scores)


def _net(state: State, awarded: Mapping[PlayerId, int]) -> dict[PlayerId, int]:
    """``awarded`` plus what the match's own moves did to each balance (paid minus spent): an Outcome's garnets
    are net, and the season stops counting a match's charged holds once it is over (RULES.md house-42)."""
    change = {p: int(g["paid"]) - int(g["spent"]) for p, g in state["garnets"].items()}
    net = {p: int(n) for p, n in awarded.items()}
    for p, n in change.items():
        net[p] = net.get(p, 0) + n
    return {p: n for p, n in net.items() if n}


def _with_tokens(player: PlayerId, tokens: int) -> str:
    """ "ann (2 Tokens of Life)", or "ann" without any."""
    return f"{player} ({tokens} Token{'s' if tokens != 1 else ''} of Life)" if tokens else player


def finish(state: State, given: Mapping[str, Any] | None, rng: Random | None = None) -> list[Message]:
    """The match is over: its outcome kept, and announced with the final scores and every secret (``/2``
    without a dealer's outcome: its own rule, which may first ask the winners to pick the candidate)."""
    if given is None:
        found = play.finish(state, None, rng or Random(0))
        if found is None:
            tied = ", ".join(state["ec"]["tied"])
            if state["ec"].get("single"):  # a single winner's own pick (house-153)
                (winner,) = state["ec"]["choosers"]
                text = f"{winner} wins and will choose the Elimination Candidate among {tied}."
                return [Message(text, ruling="house-153")]
            text = f"The rounds are over. {tied} are tied for last; {' and '.join(state['ec']['choosers'])} will choose the Elimination Candidate."
            return [Message(text, ruling="house-41")]
        return _finished(state, found, given)
    return _finished(state, dealer_outcome(state, given), given)


def _finished(state: State, outcome: Outcome, given: Mapping[str, Any] | None) -> list[Message]:
    state["phase"], state["awaits"], state["outcome"] = "over", [], outcome.to_json()
    label = state["definition"]["scores"]["label"]
    lines = []
    if outcome.winners:
        lines.append(f"Winners: {', '.join(_with_tokens(w, outcome.tokens.get(w, 0)) for w in outcome.winners)}.")
    else:
        lines.append("Nobody wins.")
    first, rest = outcome.candidates[:1], outcome.candidates[1:]
    if first and state["definition"]["kind"] == "death":
        lines.append(f"Loser: {first[0]}.")  # a Death Match's candidate is the one who lost it
    elif first:
        # house-8 lines up every non-winner worst first: the first is the Elimination Candidate (RULES.md p-7).
        order = f" (order: {', '.join(outcome.candidates)})" if rest else ""
        lines.append(f"Elimination Candidate: {first[0]}{order}.")
    final = ", ".join(f"{p} {state['scores'][p]}" for p in ranking(state))
    lines.append(f"Final {label.lower()}: {final}.")
    # A derived outcome applies the outcome rule's rulings (ranking, ties, everyone tied: house-7, house-8).
    messages = [Message("The match is over. " + " ".join(lines), ruling=None if given else "house-8")]
    secrets = state["definition"]["secrets"]
    if secrets:
        dealt = "; ".join(
            f"{p}: " + ", ".join(f"{s['label']} {state['secrets'][p][s['name']]}" for s in secrets)
            for p in state["players"]
        )
        messages.append(Message(f"The secrets were: {dealt}."))
    return messages
