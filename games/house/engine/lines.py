"""Lines an effect sends (FORMAT.md "Lines"): ``to: private`` tells the players ``tell`` names a text computed
by a formula, ``to: public`` announces one. A private line is a hidden fact: only the players it names read it
(their private messages) and the dealer (the dealer's view, ``dealer.private``), and only once it is sent
(RULES.md house-74 to house-76).

State: ``told`` holds the lines of the close under way (``{"to": [players] | None, "text": ...}``, None: the
public), which ``flow.publish`` turns into messages and keeps in the round's history.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.engine import Message, PlayerId
from games.house.engine import effects, trade_log
from games.house.engine.formula import Formula, FormulaError, formula_bool
from games.house.engine.named import compile_named, defs_of
from games.house.engine.sections_formulas import match_names, player_names
from games.house.engine.state import State, plan_for, plan_path

MAX_LINE = 1000


def _text(rule: Formula, env: Mapping[str, Any]) -> str:
    value = rule.evaluate(env)
    if not isinstance(value, str):
        raise FormulaError(rule.path, f"gives {type(value).__name__} ({value!r}), not a text")
    return value.strip()[:MAX_LINE]


def _tell_to(
    rule: Formula | None, env: Mapping[str, Any], players: Sequence[PlayerId], me: PlayerId | None
) -> list[str]:
    """The players a private line goes to: ``tell``'s handles of the match (a handle or a list of them), in seat
    order; left out: the player it was computed for."""
    if rule is None:
        return [me] if me is not None else []
    found = rule.evaluate(env)
    named = {found} if isinstance(found, str) else set(found) if isinstance(found, list) else None
    if named is None:
        raise FormulaError(rule.path, "gives neither a player nor a list of players")
    return [p for p in players if p in named]


def tell(
    state: dict[str, Any],
    effect: Mapping[str, Any],
    path: str,
    names: Sequence[str],
    envs: Sequence[tuple[PlayerId | None, Callable[[], dict[str, Any]]]],
) -> None:
    """The line ``effect`` sends, computed once per ``(player, env)`` of ``envs`` (``None``: match-wide), added
    to ``state["told"]`` once every run is computed (one that cannot be: none is, house-40); an empty text sends
    nothing."""
    defs = defs_of(state["definition"])  # the definition's named formulas, written out where used
    text = compile_named(effect["text"], path=f"{path}.text", names=names, defs=defs)
    when = compile_named(effect["when"], path=f"{path}.when", names=names, defs=defs) if effect["when"] else None
    to = compile_named(effect["tell"], path=f"{path}.tell", names=names, defs=defs) if effect.get("tell") else None
    told: list[dict[str, Any]] = []
    for me, make in envs:
        env = make()
        if when is not None and not formula_bool(when, env):
            continue
        line = _text(text, env)
        if not line:
            continue
        if effect["to"] == "public":
            told.append({"to": None, "text": line})
        elif heard := _tell_to(to, env, state["players"], me):
            told.append({"to": heard, "text": line})
    if told:
        state.setdefault("told", []).extend(told)


def published(state: dict[str, Any]) -> tuple[list[Message], list[dict[str, Any]]]:
    """The close's lines as messages (a private line: one message to each player it names) and as kept in
    the round's history; ``state["told"]`` emptied."""
    told: list[dict[str, Any]] = state.pop("told", [])
    messages: list[Message] = []
    for line in told:
        if line["to"] is None:
            messages.append(Message(line["text"]))
        else:
            messages += [Message(line["text"], to=p) for p in line["to"]]
    return messages, told


def private_by_player(told: Sequence[Mapping[str, Any]]) -> dict[PlayerId, str]:
    """The private lines of a round by player (several joined by line breaks), as the dealer reads them."""
    found: dict[PlayerId, list[str]] = {}
    for line in told:
        for p in line["to"] or ():
            found.setdefault(p, []).append(line["text"])
    return {p: "\n".join(texts) for p, texts in found.items()}


def apply_lines(state: State, moves: Mapping[PlayerId, Mapping[str, Any]], winners: Sequence[PlayerId]) -> None:
    """The round's lines (effects ``to: private`` or ``public``), in order, computed once every other effect is
    made and the round's points are counted (house-74): a line says the values the players start the next
    round with. A line that cannot be computed is not sent, and said (house-40)."""
    plan = plan_for(state, state["round"])
    told = [(i, e) for i, e in enumerate(plan.get("effects", [])) if e["to"] in ("private", "public")]
    if not told:
        return  # a round without lines costs its close nothing more
    names = player_names(state["definition"], plan["fields"])
    base = effects.match_env(state)
    for i, effect in told:
        try:
            _tell(state, effect, f"{plan_path(state)}.effects[{i}]", moves, winners, names, base)
        except FormulaError as exc:
            state.setdefault("formula_errors", []).append(str(exc))


def _tell(
    state: State,
    effect: Mapping[str, Any],
    path: str,
    moves: Mapping[PlayerId, Mapping[str, Any]],
    winners: Sequence[PlayerId],
    names: Sequence[str],
    base: Mapping[str, Any],
) -> None:
    plan = plan_for(state, state["round"])
    if effect["who"] == "match":
        env = {**base, "sent": effects.sent_of(moves, plan["fields"]), "winners": list(winners)}
        mnames = [*match_names(state["definition"]), "sent", "winners"]
        tell(state, effect, path, mnames, [(None, lambda: env)])
        return
    # per: trade (house-67): once for each of the player's trades this round, in the order they went through,
    # each run reading that trade's given, received and partner; a player without a trade is told nothing.
    per_trade = effect.get("per") == "trade"
    envs: list[tuple[PlayerId | None, Callable[[], dict[str, Any]]]] = []
    for p in effects.who_of(state, effect["who"], winners):
        runs: list[dict[str, Any]] = trade_log.this_round(state, p) if per_trade else [{}]
        # The player's names, built when a run asks for them and once for all their runs.
        own = functools.cache(functools.partial(effects.player_env, state, p, base, moves, plan["fields"], winners))
        envs += [(p, _run(own, one)) for one in runs]
    tell(state, effect, path, [*names, *trade_log.TRADE_NAMES] if per_trade else names, envs)


def _run(own: Callable[[], dict[str, Any]], trade: Mapping[str, Any]) -> Callable[[], dict[str, Any]]:
    """What one run of a line reads: the player's names, then its trade's (none for a line not ``per: trade``)."""
    return lambda: {**own(), **trade}
