"""What the designer template draws for the ``garnet-house/2`` parts (``designer2``): list sections as rows of
inputs (each with its errors), a round's when/order/deal/effects and /2 resolution, a field's /2 keys, and
the /2 outcome. Errors are taken from ``design_form.Errors`` by the exact path each input is named by.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from games.house.designer.inputs_sections import BUTTON, BY2, FORMULA_HELP, NESTED, ORDER_CHOICES, SECTIONS

SECTION_WORDS = {
    "holdings": ("Holding", "Add a holding"),
    "counters": ("Counter", "Add a counter"),
    "roles": ("Role", "Add a role"),
    "decks": ("Deck", "Add a deck"),
    "cards": ("Card", "Add a card"),
    "piles": ("Pile", "Add a pile"),
    "deal": ("Deal", "Deal cards before the round"),
    "effects": ("Effect", "Add an effect"),
    "formulas": ("Named formula", "Add a named formula"),
    "rows": ("Centre row", "Add a centre row"),
}


class ErrorsLike(Protocol):
    def at(self, path: str) -> list[str]: ...
    def container(self, path: str) -> list[str]: ...


def _dom(path: str) -> str:
    """``design_form.dom_id``'s rule (``round_plan[0].label`` → ``d-round_plan-0-label``)."""
    return "d-" + re.sub(r"[^A-Za-z0-9_-]+", "-", path).strip("-")


def _shown(value: Any) -> str:
    return "" if value is None else str(value)


def section(errors: ErrorsLike, prefix: str, name: str, items: Any) -> dict[str, Any]:
    """A list section (``holdings``, ``round_plan[0].effects``...) as rows of cells, each with its errors."""
    item_word, add_words = SECTION_WORDS[name]
    own = errors.container(prefix)
    rows = []
    for i, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, Mapping):
            continue
        p = f"{prefix}[{i}]"
        cells = []
        for col in SECTIONS[name]:
            value = item.get(col.key)
            cells.append(
                {
                    "col": col,
                    "name": f"{p}.{col.key}",
                    "id": _dom(f"{p}.{col.key}"),
                    "value": ", ".join(value) if isinstance(value, list) else _shown(value),
                    "checked": value is not False and value is not None if col.kind == "bool" else False,
                    "numeric": col.kind in ("int", "intnull"),
                    "errors": errors.at(f"{p}.{col.key}"),
                }
            )
        title = item.get("label") or item.get("name") or item.get("to") or item.get("pile") or ""
        row: dict[str, Any] = {
            "p": p,
            "id": _dom(p),
            "n": i + 1,
            "title": title,
            "cells": cells,
            "errors": errors.container(p),
        }
        if name in NESTED:
            row["sub"] = section(errors, f"{p}.{NESTED[name]}", NESTED[name], item.get(NESTED[name]))
        rows.append(row)
    return {"prefix": prefix, "id": _dom(prefix), "item": item_word, "add": add_words, "rows": rows, "errors": own}


def names_of(draft: Mapping[str, Any]) -> dict[str, list[str]]:
    """The names a datalist offers: holdings, piles, decks, roles, and the targets of an effect."""

    def names(key: str) -> list[str]:
        return [str(x.get("name")) for x in draft.get(key) or [] if isinstance(x, Mapping) and x.get("name")]

    return {
        "holdings": names("holdings"),
        "piles": names("piles"),
        "decks": names("decks"),
        "roles": names("roles"),
        "targets": ["score", "garnets", *names("holdings"), *names("counters"), "private", "public"],
    }


def _hands(errors: ErrorsLike, raw: Any) -> dict[str, Any]:
    """The inputs of ``hands`` (house-112): its end, who goes out, the button, and its effects (once it ends)."""
    hands = raw if isinstance(raw, Mapping) else {}
    return {
        "ends": _shown(hands.get("ends")),
        "out": _shown(hands.get("out")),
        "button": _shown(hands.get("button")),
        "on": bool(hands),
        "effects": section(errors, "hands.effects", "effects", hands.get("effects")),
        "errors": {k.replace(".", "_"): errors.at(k) for k in ("hands", "hands.ends", "hands.out", "hands.button")},
    }


def top_context(errors: ErrorsLike, draft: Mapping[str, Any]) -> dict[str, Any]:
    """The /2 top-level sections of the page, the outcome's /2 inputs and ``end.when``."""
    outcome = draft.get("outcome") if isinstance(draft.get("outcome"), Mapping) else {}
    assert isinstance(outcome, Mapping)
    winners = outcome.get("winners")
    tokens = outcome.get("tokens")
    garnets = outcome.get("garnets") if isinstance(outcome.get("garnets"), Mapping) else {}
    end = draft.get("end") if isinstance(draft.get("end"), Mapping) else {}
    assert isinstance(end, Mapping) and isinstance(garnets, Mapping)
    return {
        "v2_sections": [
            section(errors, key, key, draft.get(key))
            for key in ("holdings", "counters", "roles", "decks", "piles", "rows", "formulas")
        ],
        "hands": _hands(errors, draft.get("hands")),
        "names": names_of(draft),
        "plan_repeat": draft.get("plan_repeat") or "last",
        "formula_help": FORMULA_HELP,
        "hands_button_choices": BUTTON,
        "e2": {
            k.replace(".", "_"): errors.at(k)
            for k in (
                "plan_repeat",
                "end.when",
                "outcome.max_winners",
                "outcome.garnets.per_points",
                "outcome.last_tie",
                "outcome.candidate_ties",
                "outcome.candidate_order",
                "outcome.silent_pick",
                "end.when_any",
                "outcome.winners_by",
                "outcome.over_max",
                "outcome.single_pick",
            )
        },
        "end_when": end.get("when") or "",
        "winners_formula": winners if winners not in (None, "top", "one", "none") else "",
        "tokens_text": ", ".join(str(t) for t in tokens) if isinstance(tokens, list) else _shown(tokens),
        "max_winners": _shown(outcome.get("max_winners")),
        "per_points": _shown(garnets.get("per_points")),
        "last_tie": outcome.get("last_tie") or "order",
        "candidate_ties": ", ".join(str(t) for t in outcome.get("candidate_ties") or []),
        "candidate_order": "; ".join(str(t) for t in outcome.get("candidate_order") or []),
        "silent_pick": outcome.get("silent_pick") or "",
        "end_when_any": end.get("when_any") or "",
        "winners_by": outcome.get("winners_by") or "",
        "over_max": outcome.get("over_max") or "",
        "single_pick": outcome.get("single_pick") or "",
    }


def _cell(matrix: Mapping[str, Any], a: str, b: str) -> str:
    row = matrix.get(a)
    cell = row.get(b) if isinstance(row, Mapping) else None
    return ", ".join(str(n) for n in cell) if isinstance(cell, list) else _shown(cell)


def round_context(errors: ErrorsLike, p: str, rnd: Mapping[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    """A round's /2 inputs: whom it awaits, ``when``, ``order``, its deal and effects, a /2 resolution."""
    resolve = rnd.get("resolve") if isinstance(rnd.get("resolve"), Mapping) else {}
    assert isinstance(resolve, Mapping)
    order = str(rnd.get("order") or "together")
    awaits = [("all", "Everyone still in"), ("named", "Players the dealer names"), ("leaders", "The leaders")]
    awaits += [("nobody", "Nobody (a break)")]
    for role in roles:
        awaits += [(f"role:{role}", f"The holder of {role}"), (f"others:{role}", f"All but {role}'s holder")]
    current = str(rnd.get("awaits") or "all")
    if current not in dict(awaits):
        awaits.append((current, current))
    fields = [f for f in rnd.get("fields") or [] if isinstance(f, Mapping)]
    pair_field = str(resolve.get("field") or "")
    choices = next(([str(c) for c in f.get("choices") or []] for f in fields if f.get("name") == pair_field), [])
    matrix = resolve.get("matrix") if isinstance(resolve.get("matrix"), Mapping) else {}
    assert isinstance(matrix, Mapping)
    shows = rnd.get("shows") if isinstance(rnd.get("shows"), Mapping) else {}
    assert isinstance(shows, Mapping)
    return {
        "awaits_choices": awaits,
        "shows_text": "\n".join(f"{k}: {v}" for k, v in shows.items()),
        "shows_errors": errors.container(f"{p}.shows"),
        "when": rnd.get("when") or "",
        "order_choice": order if order in ("together", "seat") else "formula",
        "order_formula": "" if order in ("together", "seat") else order,
        "again": rnd.get("again") or "",
        "repeat": rnd.get("repeat") or 1,
        "order_choices": ORDER_CHOICES,
        "deal": section(errors, f"{p}.deal", "deal", rnd.get("deal")),
        "effects": section(errors, f"{p}.effects", "effects", rnd.get("effects")),
        "by2": BY2,
        "matrix_errors": errors.container(f"{p}.resolve.matrix"),
        "pairs": {
            "field": pair_field,
            "choice_fields": [str(f.get("name")) for f in fields if f.get("type") == "choice"],
            "flag_fields": [str(f.get("name")) for f in fields if f.get("type") == "flag"],
            "role": resolve.get("role") or "",
            "double": resolve.get("double") or "",
            "role_double": resolve.get("role_double") or "",
            "head": choices,
            "grid": [
                (a, [(f"{p}.resolve.matrix.{i}.{j}", _cell(matrix, a, b), b) for j, b in enumerate(choices)])
                for i, a in enumerate(choices)
            ],
        },
        "key": resolve.get("key") or "",
        "among": resolve.get("among") or "",
        "ties": resolve.get("ties") or "all",
        "e2": {
            k.replace(".", "_"): errors.at(f"{p}.{k}")
            for k in (
                "when",
                "order",
                "again",
                "repeat",
                "resolve.key",
                "resolve.among",
                "resolve.ties",
                "resolve.field",
                "resolve.role",
                "resolve.double",
                "resolve.role_double",
            )
        },
    }


def field_context(errors: ErrorsLike, p: str, field: Mapping[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    """A field's /2 inputs: whose form asks it, a flag's cost, a gift's holding, a trade's holdings, a card's pile."""
    cost = field.get("cost")
    whose = [("all", "Everyone it awaits")]
    for role in roles:
        whose += [(f"role:{role}", f"Only {role}'s holder"), (f"others:{role}", f"All but {role}'s holder")]
    current = str(field.get("for") or "all")
    if current not in dict(whose):
        whose.append((current, current))
    return {
        "for": current,
        "for_choices": whose,
        "cost_start": _shown(cost.get("start") if isinstance(cost, Mapping) else cost),
        "cost_step": _shown(cost.get("step")) if isinstance(cost, Mapping) else "",
        "cost_counter": _shown(cost.get("counter")) if isinstance(cost, Mapping) else "",
        "holdings_text": ", ".join(str(h) for h in field.get("holdings") or []),
        "public": field.get("public") is not False,
        "rules": {k: _shown(field.get(k)) for k in ("allowed", "refusal", "required_if")},
        "e2": {
            k.replace(".", "_"): errors.at(f"{p}.{k}")
            for k in (
                "for",
                "cost",
                "holding",
                "holdings",
                "public",
                "pile",
                "to",
                "player",
                "from",
                "allowed",
                "refusal",
                "required_if",
                "one_for_one",
                "barred",
                "barred.players",
            )
        },
    }
