"""A formula checked as it is typed (issue 44 #4, RULES.md d-19): the names the formula's place may read, and
the definition check's own verdict on the text (``sections_formulas.formula``: syntax, unknown names, picks no
evaluation can make), for the designer's input named ``name``.

The draft is the designer's whole form read back (``inputs.definition_from_post``), so the names are those
the dealer has typed so far (a holding added a moment ago is offered). Pure: no Django.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.house.engine import named
from games.house.engine.move_rules import rule_names
from games.house.engine.sections import Checker
from games.house.engine.sections_formulas import formula, match_names, player_names
from games.house.engine.trade_log import TRADE_NAMES

_ROUND = r"round_plan\[(\d+)\]"
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
MAX_SUGGESTIONS = 8


@dataclass(frozen=True)
class Check:
    """What the designer shows under a formula: its error (blank: none), every name its place reads, and the
    names that complete the word being typed (the suggestions)."""

    path: str
    error: str = ""
    names: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()
    partial: str = ""
    blank: bool = False


def _named(rows: Any) -> list[dict[str, Any]]:
    """The rows of a draft's list that have a name (what the format's name readers see)."""
    out = []
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, Mapping) and isinstance(row.get("name"), str) and row["name"].strip():
            out.append({**row, "name": row["name"].strip()})
    return out


def _definition(draft: Mapping[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {key: _named(draft.get(key)) for key in ("holdings", "counters", "roles", "piles", "rows")}
    if isinstance(draft.get("hands"), Mapping):
        found["hands"] = draft["hands"]  # every formula then reads hand_round (house-112)
    return found


def _round(draft: Mapping[str, Any], i: int) -> Mapping[str, Any]:
    plan = draft.get("round_plan")
    rnd = plan[i] if isinstance(plan, list) and i < len(plan) else {}
    return rnd if isinstance(rnd, Mapping) else {}


def place_of(draft: Mapping[str, Any], name: str) -> tuple[str, list[str]] | None:
    """The error path and the names of the formula input ``name`` (``round_plan[0].effects[1].amount``), or
    None when ``name`` is not a formula input of the designer."""
    d = _definition(draft)
    if name == "end.when" or re.fullmatch(_ROUND + r"\.when", name):
        return name, match_names(d)
    if name == "outcome.winners_formula":
        return "outcome.winners", player_names(d)
    if name in ("end.when_any", "outcome.winners_by"):
        return name, player_names(d)
    if name == "outcome.single_pick":
        return name, [*player_names(d), "winners_best"]
    if name == "hands.ends":
        return name, [*match_names(d), "sent"]
    if name == "hands.out" or re.fullmatch(r"hands\.effects\[\d+\]\.(amount|when)", name):
        return name, player_names(d)
    if re.fullmatch(r"rows\[\d+\]\.face_up", name):
        return name, ["round", "hand_round"]
    if re.fullmatch(r"decks\[\d+\]\.cards\[\d+\]\.copies", name):
        return name, ["players"]
    if re.fullmatch(r"holdings\[\d+\]\.start", name):
        return name, ["players", *(p["name"] for p in d["piles"])]
    if m := re.fullmatch(r"formulas\[(\d+)\]\.formula", name):
        rows = draft.get("formulas")
        i = int(m.group(1))
        row = rows[i] if isinstance(rows, list) and i < len(rows) and isinstance(rows[i], Mapping) else {}
        args = [str(a) for a in row.get("args") or [] if str(a).strip()]
        return name, [*player_names(d), *TRADE_NAMES, *args]  # a named formula reads what its uses may
    m = re.fullmatch(
        _ROUND + r"\.(order_formula|again|resolve\.key|resolve\.among|effects\[(\d+)\]\.(amount|when|text|tell)"
        r"|fields\[(\d+)\]\.(allowed|required_if|barred\.players))",
        name,
    )
    if m is None:
        return None
    rnd = _round(draft, int(m.group(1)))
    fields = _named(rnd.get("fields"))
    path = name.replace(".order_formula", ".order")
    if m.group(6) in ("allowed", "required_if"):
        return path, rule_names(d, fields)  # the player's state, the move's fields and value (house-80)
    if m.group(3) is not None:
        effects = rnd.get("effects")
        j = int(m.group(3))
        effect = effects[j] if isinstance(effects, list) and j < len(effects) else {}
        if isinstance(effect, Mapping) and effect.get("who") == "match":
            return path, [*match_names(d), "sent", "winners"]
        if isinstance(effect, Mapping) and effect.get("per") == "trade":
            return path, [*player_names(d, fields), *TRADE_NAMES]  # once per trade, reading it (house-61)
    return path, player_names(d, fields)


def formula_check(draft: Mapping[str, Any], name: str, text: str) -> Check | None:
    """The check of ``text`` typed into the formula input ``name`` of ``draft`` (None: not a formula input)."""
    place = place_of(draft, name)
    if place is None:
        return None
    path, names = place
    shown = tuple(dict.fromkeys(names))
    typed = text.strip()
    if not typed:
        return Check(path=path, names=shown, blank=True)
    if re.fullmatch(r"-?\d+", typed):
        return Check(path=path, names=shown)  # a number is a formula too, and always a good one
    checker = Checker()
    checker.named = _named_formulas(draft, names)  # a use of the dealer's named formulas reads as its text
    formula(checker, typed, path, names)
    error = "; ".join(e.split(": ", 1)[1] if e.startswith(f"{path}: ") else e for e in checker.errors)
    return Check(path=path, error=error, names=shown, **_completions(typed, shown))


def _completions(text: str, names: Sequence[str]) -> dict[str, Any]:
    """The names that complete, or put right, the word at the end of ``text`` (none when it is already a name):
    those it begins, else those it is part of, else those it is a slip of (``plaers`` → ``players``)."""
    m = _IDENT.search(text)
    if m is None or m.group(0) in names:
        return {}
    word = m.group(0)
    found = (
        [n for n in names if n.startswith(word)]
        or [n for n in names if word in n]
        or difflib.get_close_matches(word, names, n=MAX_SUGGESTIONS, cutoff=0.6)
    )
    return {"partial": word, "suggestions": tuple(found[:MAX_SUGGESTIONS])}


def _named_formulas(draft: Mapping[str, Any], names: Sequence[str]) -> named.Defs:
    """The draft's named formulas as the definition check reads them (those it cannot read yet: left out, so the
    formula that uses one says which name it does not know)."""
    rows = draft.get("formulas")
    if not isinstance(rows, list) or not rows:
        return ()
    cleaned = named.read_named(lambda *_: None, rows, [], [*names, *TRADE_NAMES])
    return named.defs_of({"formulas": cleaned})
