"""The house engine's state: a JSON dict, and the small reads every part of the engine shares.

The state (``dump`` is the dict itself)::

    definition   the cleaned definition (FORMAT.md; always garnet-house/2: a /1 one is upgraded when loaded)
    players      the seats, as the match gave them
    tiebreak     every player once; earlier wins ties
    scores       player -> whole number
    secrets      player -> {secret name -> value}
    out          players out of the match, in the order they went out (a batch worst first)
    round        the current round (1-based)
    phase        play | tally | review | open | over
    awaits       the round's players (play; kept through the dealer's turn that follows)
    pending      the closed round's moves, while the dealer tallies or reviews it
    proposal     the mechanic's result, while the dealer reviews it
    history      every published round: label, announcement, moves, reveal, points, scores, private, alive
    spent        garnets the last close of a play turn spent (Engine.round_spent)
    outcome      the Outcome as JSON once the match is over

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import PlayerId

State = dict[str, Any]

PHASE_SUFFIX = {"tally": " · dealer's tally", "review": " · dealer's review", "open": " · dealer opens"}
EC_LABEL = "Elimination Candidate"
"""The turn in which a ``/2`` game's winners pick the Elimination Candidate among the tied for last."""


def plan_spans(definition: Mapping[str, Any]) -> list[int]:
    """How many rounds each round plan entry stands for, in order: its ``repeat`` (``/2``; left out: 1)."""
    return [int(r.get("repeat", 1)) for r in definition["round_plan"]]


def plan_index(definition: Mapping[str, Any], number: int) -> int:
    """The round plan entry that plays round ``number``. Each entry stands for ``repeat`` rounds in a row (the plan
    written out: an entry with ``repeat: 12`` is twelve entries); past the plan the last entry repeats (``/2``'s
    ``plan_repeat: cycle``: the plan is played again from its start)."""
    spans = plan_spans(definition)
    total = sum(spans)
    n = (number - 1) % total + 1 if definition.get("plan_repeat") == "cycle" else min(number, total)
    for index, span in enumerate(spans):
        if n <= span:
            return index
        n -= span
    return len(spans) - 1


def plan_for(state: Mapping[str, Any], number: int) -> dict[str, Any]:
    """The round plan entry of round ``number`` (:func:`plan_index`)."""
    definition = state["definition"]
    return dict(definition["round_plan"][plan_index(definition, number)])


def plan_path(state: Mapping[str, Any], number: int | None = None) -> str:
    """The definition path of round ``number``'s plan entry ("round_plan[1]"), for errors that name it."""
    n = state["round"] if number is None else number
    return f"round_plan[{plan_index(state['definition'], n)}]"


def round_label(state: Mapping[str, Any], number: int | None = None) -> str:
    """ "Round 3": the plan entry's label and the round's number."""
    n = state["round"] if number is None else number
    return f"{plan_for(state, n)['label']} {n}"


def alive(state: Mapping[str, Any]) -> list[PlayerId]:
    """The players still in the match, in seat order."""
    return [p for p in state["players"] if p not in state["out"]]


def tiebreak_key(state: Mapping[str, Any]) -> Any:
    """A sort key: a player's place in the tiebreak order (earlier = better)."""
    index = {p: i for i, p in enumerate(state["tiebreak"])}
    return lambda p: index.get(p, len(index))


def ranking(state: Mapping[str, Any]) -> list[PlayerId]:
    """Every player, best first: players still in by score (ties: earlier in the tiebreak first), then the
    players out of the match, the last to go out first (RULES.md house-7)."""
    key = tiebreak_key(state)
    standing = sorted(alive(state), key=lambda p: (-state["scores"][p], key(p)))
    return standing + list(reversed(state["out"]))


def worst_first(state: Mapping[str, Any], players: Sequence[PlayerId]) -> list[PlayerId]:
    """``players`` worst first: lowest score first, ties: the later in the tiebreak first."""
    key = tiebreak_key(state)
    return sorted(players, key=lambda p: (state["scores"][p], -key(p)))


def is_public(state: Mapping[str, Any]) -> bool:
    """Whether the game's scores are public."""
    return bool(state["definition"]["scores"]["visibility"] == "public")


def holder(state: Mapping[str, Any], role: str, number: int | None = None) -> PlayerId:
    """Who holds ``role`` in round ``number`` (the current round): the rotation's next player every
    ``every`` rounds, round after round around the table."""
    n = state["round"] if number is None else number
    decl = next(r for r in state["definition"]["roles"] if r["name"] == role)
    order = state["roles"][role]
    return str(order[((n - 1) // decl["every"]) % len(order)])


def asks(state: Mapping[str, Any], decl: Mapping[str, Any], player: PlayerId | None) -> bool:
    """Whether ``player``'s form asks field ``decl`` (``/2``'s ``for``: ``role:x`` only the holder of x,
    ``others:x`` everyone but them; None, the public form: every field)."""
    turn = state.get("again") or {}
    if player is not None and player == turn.get("mover") and decl["name"] in state["so_far"].get(player, {}):
        return False  # answered at an earlier step of this turn (a round's ``again``, house-93)
    who = decl.get("for", "all")
    if who == "all" or player is None:
        return True
    if not str(who).startswith(("role:", "others:")):  # a per-player formula of the player's state (house-96)
        from games.house.engine.effects import asks_by_formula  # effects reads this module: imported late

        return asks_by_formula(state, decl, player)
    kind, _, role = str(who).partition(":")
    return (player == holder(state, role)) == (kind == "role")


_GARNETS = re.compile(r"\bgarnets\b")


def uses_garnets(definition: Mapping[str, Any]) -> bool:
    """Whether the game speaks of garnets (a garnets field, a flag that costs, an effect or a formula naming
    them, a prize, garnets among the candidate ties): only then does a player's view show their balance."""
    outcome = definition["outcome"]
    if outcome["garnets"] or "garnets" in outcome.get("candidate_ties", []):
        return True
    if any(f.get("cost") for r in definition["round_plan"] for f in r["fields"]):
        return True
    words = json.dumps([definition["round_plan"], definition["end"], outcome["winners"]])
    return _GARNETS.search(words) is not None


def balance(state: Mapping[str, Any], player: PlayerId) -> int:
    """``player``'s garnets now: brought in, minus spent, plus paid during the match."""
    g = state["garnets"][player]
    return int(g["start"]) - int(g["spent"]) + int(g["paid"])
