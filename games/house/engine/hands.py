"""The end of a hand (FORMAT.md "A centre row and hands in /2", RULES.md house-112..115): ``hands.ends`` read
after each mover's turn of a round in turn order (and at a round's close), the hand's effects, the players its
``out`` formula puts out, then the new hand dealt (``rows.redeal``).

Pure: no Django, no clock; randomness comes in as ``rng``. Functions that change a state change the one given.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import Message, PlayerId
from games.house.engine import effects, rows
from games.house.engine.formula import FormulaError, formula_bool
from games.house.engine.named import compile_named, defs_of
from games.house.engine.sections_formulas import match_names, player_names
from games.house.engine.state import State, alive, plan_for, worst_first


def ends(state: Mapping[str, Any], moves: Mapping[PlayerId, Mapping[str, Any]]) -> bool:
    """Whether ``hands.ends`` holds with ``moves`` the round's moves so far (``sent``), before the round's
    effects; one that cannot be computed does not end the hand (house-40)."""
    hands = state["definition"].get("hands")
    if not hands:
        return False
    definition = state["definition"]
    rule = compile_named(
        hands["ends"], path="hands.ends", names=[*match_names(definition), "sent"], defs=defs_of(definition)
    )
    fields = plan_for(state, state["round"])["fields"]
    try:
        return formula_bool(rule, {**effects.match_env(state), "sent": effects.sent_of(moves, fields)})
    except FormulaError:
        return False


def score_hand(state: State) -> list[Message]:
    """The hand's effects, in order (score changes added to the round just published), then the players its
    ``out`` formula holds for go out of the match, worst first (house-114)."""
    hands = state["definition"]["hands"]
    before = dict(state["scores"])
    points = effects.apply_listed(state, hands.get("effects", []), "hands.effects")
    for p, n in points.items():
        state["scores"][p] += n
    gone = [p for p in alive(state) if hands.get("out") and _holds(state, hands["out"], p)]
    state["out"].extend(worst_first(state, gone))
    state["hands_played"] = int(state.get("hands_played", 0)) + 1
    if state["history"]:
        last = state["history"][-1]
        last["points"] = {
            p: n for p in state["players"] if (n := state["scores"][p] - before[p] + last["points"].get(p, 0))
        }
        last["scores"], last["out"] = dict(state["scores"]), [*last["out"], *gone]
    changes = "; ".join(
        f"{p} {state['scores'][p] - before[p]:+d}" for p in state["players"] if state["scores"][p] != before[p]
    )
    words = f"Hand {state['hands_played']} ends in its round {rows.hand_round(state)}" + (
        f": {changes}." if changes else "."
    )
    messages = [Message(words)]
    if gone:
        messages.append(Message(f"Out of the match: {', '.join(gone)}."))
    if errors := state.pop("formula_errors", []):  # said as a round's are: the path only, the reason to the dealer
        if state["history"]:
            state["history"][-1]["faults"] = [*state["history"][-1].get("faults", []), *errors]
        messages.extend(
            Message(
                f"Hand {state['hands_played']}: a formula could not be computed, so it did nothing "
                f"({e.partition(': ')[0]})",
                ruling="house-40",
            )
            for e in errors
        )
    return messages


def _holds(state: State, text: str, player: PlayerId) -> bool:
    rule = compile_named(
        text, path="hands.out", names=player_names(state["definition"]), defs=defs_of(state["definition"])
    )
    try:
        return formula_bool(rule, effects.player_env(state, player, effects.match_env(state), {}, ()))
    except FormulaError:
        return False


def new_hand(state: State, rng: Random) -> list[Message]:
    """The next hand: every card dealt again, the button moved on; ``state["round"]`` is its round 1."""
    rows.redeal(state, rng)
    state["hand_start"] = state["round"]
    dealer = state["players"][state["button"]]
    return [Message(f"Hand {state['hands_played'] + 1}: every card is dealt again; {dealer} holds the button.")]
