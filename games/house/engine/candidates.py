"""The candidate order by formulas (FORMAT.md ``outcome.candidate_order``): each non-winner's keys, one per-player
formula each, compared in turn, smallest first; the first is the Elimination Candidate (RULES.md house-72, house-73).
Without ``candidate_order``, ``candidate_ties`` and ``last_tie: winners_pick`` are read as ``candidate_order:
[score]``, so one code path orders every candidate; ``candidate_ties`` (holdings, or garnets) then order the
players those keys leave tied, after the first place is settled.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import PlayerId
from games.house.engine.formula import FormulaError, formula_int
from games.house.engine.named import compile_named, defs_of
from games.house.engine.sections_formulas import player_names


def candidate_order(outcome: Mapping[str, Any]) -> list[str]:
    """The keys that decide the first place: ``candidate_order``, else ``[score]`` when the definition breaks
    ties for last (``candidate_ties`` or ``winners_pick``), else none (house-8's ranking)."""
    if outcome.get("candidate_order"):
        return list(outcome["candidate_order"])
    if outcome.get("candidate_ties") or outcome.get("last_tie") == "winners_pick":
        return ["score"]
    return []


def candidate_keys(
    state: Mapping[str, Any], pool: Sequence[PlayerId], balances: Mapping[PlayerId, int]
) -> dict[PlayerId, tuple[int, ...]]:
    """Each of ``pool``'s keys: the candidate order's, then ``candidate_ties``'s, the formulas read at the end of
    the match (``garnets``: the balance with the end's garnets paid, ``balances``). A key that cannot be computed
    counts 0 (house-40)."""
    from games.house.engine.effects import match_env, player_env

    outcome = state["definition"]["outcome"]
    texts = [*candidate_order(outcome), *outcome.get("candidate_ties", [])]
    holdings = {h["name"] for h in state["definition"].get("holdings", [])}
    if all(_plain(t, holdings) for t in texts):  # score, garnets, a holding, or minus one: no formula to read
        return {p: tuple(_read(t, state, p, balances) for t in texts) for p in pool}
    names = player_names(state["definition"])
    defs = defs_of(state["definition"])
    rules = [
        compile_named(t, path=f"outcome.candidate_order[{i}]", names=names, defs=defs) for i, t in enumerate(texts)
    ]
    base = match_env(state)
    keys: dict[PlayerId, tuple[int, ...]] = {}
    for p in pool:
        env = {**player_env(state, p, base, {}, ()), "garnets": balances[p]}
        found = []
        for rule in rules:
            try:
                found.append(formula_int(rule, env))
            except FormulaError:
                found.append(0)
        keys[p] = tuple(found)
    return keys


def _plain(text: str, holdings: set[str]) -> bool:
    """Whether a key is a name read as it stands (``score``, ``garnets``, a holding) or minus one."""
    return text.strip().removeprefix("-").strip() in {"score", "garnets", *holdings}


def _read(text: str, state: Mapping[str, Any], player: PlayerId, balances: Mapping[PlayerId, int]) -> int:
    """A plain key's value for ``player``, as its formula would read it (the close reads no formula for it)."""
    name = text.strip().removeprefix("-").strip()
    if name == "score":
        value = int(state["scores"][player])
    elif name == "garnets":
        value = int(balances[player])
    else:
        value = int(state["holdings"][player][name])
    return -value if text.strip().startswith("-") else value
