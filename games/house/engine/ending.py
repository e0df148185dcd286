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
from games.house.engine import play2
from games.house.engine.state import State, alive, ranking


def derived_outcome(state: State, given: Mapping[str, Any] | None = None) -> Outcome:
    """The match's outcome: the dealer's (``given``, its gaps filled) or the definition's ``outcome`` rule
    (RULES.md house-7, house-8)."""
    definition = state["definition"]
    rule = definition["outcome"]
    order = ranking(state)
    scores = {p: float(state["scores"][p]) for p in state["players"]}
    if definition["kind"] == "death":
        winner = given["winners"][0] if given else order[0]
        loser = next(p for p in state["players"] if p != winner)
        tokens = dict((given or {}).get("tokens", {}))
        garnets = _net(state, dict((given or {}).get("garnets", {})))
        return Outcome(winners=(winner,), candidates=(loser,), tokens=tokens, garnets=garnets, scores=scores)
    if given is not None:
        winners = list(given["winners"])
    elif rule["winners"] == "top":
        living = alive(state) or order[:1]
        best = max(state["scores"][p] for p in living)
        winners = [p for p in order if p in living and state["scores"][p] == best]
        if len(winners) == len(state["players"]):
            winners = []  # everyone tied: nobody wins (RULES.md house-8)
    elif rule["winners"] == "one":
        winners = order[:1]  # the best ranked by house-7, ties by the tiebreak order (RULES.md house-26)
    else:
        winners = []
    if given is not None and "candidates" in given:
        candidates = list(given["candidates"])
    else:
        candidates = [p for p in reversed(order) if p not in winners]
    if given is not None and "tokens" in given:
        tokens = dict(given["tokens"])
    else:
        tokens = {w: rule["tokens"] for w in winners if rule["tokens"]}
    if given is not None and "garnets" in given:
        garnets = dict(given["garnets"])
    else:
        garnets = {w: rule["garnets"]["winner"] for w in winners if rule["garnets"].get("winner")}
    garnets = _net(state, garnets)
    return Outcome(winners=tuple(winners), candidates=tuple(candidates), tokens=tokens, garnets=garnets, scores=scores)


def _net(state: State, awarded: Mapping[PlayerId, int]) -> dict[PlayerId, int]:
    """``awarded`` plus what the match's own moves did to each balance (paid minus spent): an Outcome's garnets
    are net, and the season stops counting a match's charged holds once it is over (RULES.md house-42)."""
    if "garnets" in state:  # /2 keeps its totals per player
        change = {p: int(g["paid"]) - int(g["spent"]) for p, g in state["garnets"].items()}
    else:
        change = {p: -int(n) for p, n in state.get("spent_total", {}).items()}
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
    if play2.is_v2(state["definition"]) and given is None:
        found = play2.finish(state, None, rng or Random(0))
        if found is None:
            tied = ", ".join(state["ec"]["tied"])
            text = f"The rounds are over. {tied} are tied for last; {' and '.join(state['ec']['choosers'])} will choose the Elimination Candidate."
            return [Message(text, ruling="house-41")]
        return _finished(state, found, given)
    return _finished(state, derived_outcome(state, given), given)


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
