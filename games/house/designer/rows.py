"""What the designer template draws: the draft definition as rows of inputs, each with its errors.

``definition_clean``'s errors read ``<path>: <message>``; each input is named by its path, so an error
is put beside the input it names, or, when no input has that exact path (``round_plan[0].fields: at
least one field``), beside the nearest enclosing part of the form (the round, the field, the page).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.house.designer.inputs import HAS_DEFAULT, TYPE_KEYS, choices_for
from games.house.designer.labels import (
    END_RULES,
    FIELD_TYPES,
    PARAM_SHOWN_WHEN,
    TALLY_CHOICES,
    TURN_CHOICES,
    end_rule_of,
    param_help,
    param_options,
)
from games.house.designer.parts import parts
from games.house.designer.rows_sections import field_context, round_context, top_context
from games.house.engine.mechanics import MECHANICS

_PATH = re.compile(r"^([a-z_][a-z0-9_]*(?:\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*): (.*)$", re.S)
_PARENT = re.compile(r"^(.*)(\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])$")


def dom_id(path: str) -> str:
    """An HTML id for the input named ``path`` (``round_plan[0].label`` → ``d-round_plan-0-label``)."""
    return "d-" + re.sub(r"[^A-Za-z0-9_-]+", "-", path).strip("-")


class Errors:
    """``definition_clean``'s messages by path; each part of the form takes its own as it is drawn."""

    def __init__(self, messages: Iterable[str]) -> None:
        self.by_path: dict[str, list[str]] = defaultdict(list)
        for text in messages:
            m = _PATH.match(str(text))
            path, message = (m.group(1), m.group(2)) if m else ("", str(text))
            sub = re.match(r"^([a-z_][a-z0-9_]*): (.*)$", message, re.S)
            if path.endswith(".resolve.params") and sub:  # a mechanic's "param: message" under its params
                path, message = f"{path}.{sub.group(1)}", sub.group(2)
            self.by_path[path].append(message)
        self.taken: set[str] = set()
        self.containers: dict[str, list[str]] = {"": []}
        self.count = sum(len(v) for v in self.by_path.values())

    def at(self, path: str) -> list[str]:
        """The messages naming exactly ``path``."""
        self.taken.add(path)
        return list(self.by_path.get(path, []))

    def container(self, path: str) -> list[str]:
        """The messages of the form part ``path`` (its own, and later those of paths inside it no input took)."""
        found = self.at(path)
        self.containers[path] = found
        return found

    def place_leftovers(self) -> None:
        """Put every message no input took beside the nearest enclosing part, naming what it is about."""
        for path, messages in self.by_path.items():
            if path in self.taken:
                continue
            parent = path
            while parent not in self.containers:
                m = _PARENT.match(parent)
                parent = m.group(1) if m else ""
            rest = path[len(parent) :].lstrip(".")
            self.containers[parent].extend(f"{rest}: {msg}" if rest else msg for msg in messages)

    def paths(self) -> list[tuple[str, str]]:
        """Every message as (its path, its text)."""
        return [(path, msg) for path, msgs in self.by_path.items() for msg in msgs]

    def summary(self) -> list[tuple[str, str, str]]:
        """Every message as (where, in words; anchor; text), for the list at the top of the page."""
        return [
            (path_words(path), dom_id(path) if path else "design", msg)
            for path, msgs in self.by_path.items()
            for msg in msgs
        ]


def path_words(path: str) -> str:
    """A field path as a dealer reads it: ``round_plan[0].fields[1].max`` → "round 1 › field 2 › max",
    ``round_plan[0].resolve.params`` → "round 1 › how it resolves › the mechanic's settings"."""
    singular = {"round_plan": "round", "fields": "field", "secrets": "secret", **ROW_WORDS}
    words = re.sub(
        r"([a-z_]+)\[(\d+)\]", lambda m: f"{singular.get(m.group(1), m.group(1))} {int(m.group(2)) + 1}", path
    )
    return " › ".join(PATH_WORDS.get(part, part.replace("_", " ")) for part in words.split("."))


ROW_WORDS = {
    "holdings": "holding",
    "counters": "counter",
    "roles": "role",
    "decks": "deck",
    "cards": "card",
    "piles": "pile",
    "deal": "deal",
    "effects": "effect",
    "formulas": "named formula",
    "rows": "centre row",
}
PATH_WORDS = {
    "resolve": "how it resolves",
    "amount": "by (amount)",
    "when": "only when",
    "to": "change",
    "who": "for",
    "key": "the best has the highest",
    "among": "among",
    "copies": "copies",
    "params": "the mechanic's settings",
    "by": "resolved by",
    "review": "the dealer reviews it",
    "min_players": "fewest players",
    "max_players": "most players",
}
"""The parts of a field path that are the file format's keys, in the designer's own words (issue 38:
no "resolve › params" without words)."""


def _keys(errors: Errors, prefix: str, keys: Iterable[str]) -> dict[str, list[str]]:
    """The errors of each of ``keys`` under ``prefix``, keyed with "_" for "." (``resolve.by`` → ``resolve_by``)
    so a template can look them up."""
    return {k.replace(".", "_"): errors.at(f"{prefix}.{k}" if prefix else k) for k in keys}


def _param_rows(
    errors: Errors,
    prefix: str,
    mechanic: Any,
    values: Mapping[str, Any],
    fields: Sequence[Mapping[str, Any]],
    chosen: bool,
) -> list[dict[str, Any]]:
    rows = []
    for param in mechanic.params:
        name = f"{prefix}.{mechanic.name}.{param.name}"
        value = values.get(param.name, param.default) if chosen else param.default
        row: dict[str, Any] = {
            "param": param,
            "name": name,
            "id": dom_id(f"{prefix}.{param.name}" if chosen else name),  # the chosen one's is the errors' anchor
            "value": "" if value is None else value,
            "errors": errors.at(f"{prefix}.{param.name}") if chosen else [],
        }
        when = PARAM_SHOWN_WHEN.get((mechanic.name, param.name))
        row["when"] = (when[0], " ".join(when[1])) if when else None
        if param.kind == "field":
            row["options"] = [str(f.get("name")) for f in fields if f.get("type") in param.field_types]
        elif param.kind == "choice":
            row["options"] = param_options(mechanic.name, param.name, tuple(param.choices))
            row["help"] = param_help(mechanic.name, param.name, param.help)
        elif param.kind in ("matrix", "relation"):
            of = values.get(param.of) if chosen else None
            choices = choices_for(of, fields)
            given = value if isinstance(value, Mapping) else {}
            if param.kind == "matrix":
                row["head"] = choices
                row["grid"] = [
                    (a, [(f"{name}.{i}.{j}", _cell(given, a, b), b) for j, b in enumerate(choices)])
                    for i, a in enumerate(choices)
                ]
            else:
                row["grid"] = [
                    (a, f"{name}.{i}", [(j, b, b in (given.get(a) or [])) for j, b in enumerate(choices) if b != a])
                    for i, a in enumerate(choices)
                ]
        rows.append(row)
    return rows


def _cell(matrix: Mapping[str, Any], a: str, b: str) -> Any:
    cell = (matrix.get(a) or {}).get(b) if isinstance(matrix.get(a), Mapping) else None
    return cell[0] if isinstance(cell, list | tuple) and cell else ""


def _field_row(
    errors: Errors, prefix: str, j: int, field: Mapping[str, Any], roles: list[str], opened: frozenset[str]
) -> dict[str, Any]:
    p = f"{prefix}.fields[{j}]"
    kind = str(field.get("type") or "number")
    # Folded to its type and name unless open (RULES.md d-22): a round of many fields stays a screen or two.
    shown = p in opened or "*" in opened or any(k == p or k.startswith((f"{p}.", f"{p}[")) for k in errors.by_path)
    all_keys = {k for keys in TYPE_KEYS.values() for k in keys}
    return {
        "p": p,
        "id": dom_id(p),
        "j": j,
        "data": field,
        "type": kind,
        "choices_text": "\n".join(str(c) for c in field.get("choices") or []),
        "default_text": "" if field.get("default") is None else field.get("default"),
        "has_default": kind in HAS_DEFAULT,
        "open": shown,
        "type_label": dict(FIELD_TYPES).get(kind, kind),
        "errors": errors.container(p),
        "e": _keys(errors, p, ["name", "label", "type", "help", "required", "default", *sorted(all_keys)]),
        "v2": field_context(errors, p, field, roles),
    }


def _round_row(
    errors: Errors, i: int, rnd: Mapping[str, Any], roles: list[str], opened: frozenset[str]
) -> dict[str, Any]:
    p = f"round_plan[{i}]"
    own = errors.container(p)
    fields = [f for f in rnd.get("fields") or [] if isinstance(f, Mapping)]
    given = rnd.get("resolve")
    resolve: Mapping[str, Any] = given if isinstance(given, Mapping) else {"by": "dealer"}
    chosen = str(resolve.get("mechanic") or "") if resolve.get("by") == "mechanic" else ""
    given_params = resolve.get("params")
    params: Mapping[str, Any] = given_params if isinstance(given_params, Mapping) else {}
    errors.container(f"{p}.fields")
    v2 = round_context(errors, p, rnd, roles)
    resolve_errors = errors.container(f"{p}.resolve")
    errors.container(f"{p}.resolve.params")
    return {
        "p": p,
        "id": dom_id(p),
        "i": i,
        "n": i + 1,
        "data": rnd,
        "errors": own,
        "e": _keys(
            errors, p, ["label", "awaits", "seconds", "reveal", "resolve.by", "resolve.mechanic", "resolve.review"]
        ),
        "fields_errors": errors.containers[f"{p}.fields"],
        "fields": [_field_row(errors, p, j, f, roles, opened) for j, f in enumerate(fields)],
        "v2": v2,
        "by": resolve.get("by") or "dealer",
        "mechanic": chosen,
        "review": bool(resolve.get("review")),
        "resolve_errors": resolve_errors,
        "params_errors": errors.containers[f"{p}.resolve.params"],
        "mechanics": [
            {
                "name": m.name,
                "title": m.title,
                "summary": m.summary,
                "chosen": m.name == chosen,
                "params": _param_rows(errors, f"{p}.resolve.params", m, params, fields, m.name == chosen),
            }
            for m in MECHANICS.values()
        ],
    }


def designer_context(
    draft: Mapping[str, Any], messages: Iterable[str] = (), *, opened: Iterable[str] = (), new: bool = False
) -> dict[str, Any]:
    """The template context of the designer for ``draft`` (a definition, maybe invalid) and its errors; its
    sections (``parts``) open as ``designer.parts.parts`` says (``opened``, those with errors, a new game's first)."""
    messages = [str(m) for m in messages]
    errors = Errors(messages)
    errors.container("")
    top = [
        "title", "kind", "rules", "players.min", "players.max", "turn_seconds", "tally_seconds",
        "rounds", "scores.label", "scores.start", "scores.visibility",
        "end.after_rounds", "end.first_to", "end.last_standing", "outcome.winners", "outcome.tokens",
        "outcome.candidates", "outcome.garnets",
    ]  # fmt: skip
    e = _keys(errors, "", top)
    for name in ("players", "scores", "end", "outcome", "secrets", "round_plan"):
        errors.container(name)
    secrets = [
        {
            "p": f"secrets[{i}]",
            "id": dom_id(f"secrets[{i}]"),
            "i": i,
            "data": s,
            "values_text": "\n".join(str(v) for v in s.get("values") or []),
            "errors": errors.container(f"secrets[{i}]"),
            "e": _keys(errors, f"secrets[{i}]", ["name", "label", "values"]),
        }
        for i, s in enumerate(draft.get("secrets") or [])
        if isinstance(s, Mapping)
    ]
    v2 = top_context(errors, draft)
    roles = v2["names"]["roles"]
    shown = frozenset(opened) | ({"*"} if new else set())  # a new game's starter fields are open
    rounds = [
        _round_row(errors, i, r, roles, shown)
        for i, r in enumerate(draft.get("round_plan") or [])
        if isinstance(r, Mapping)
    ]
    errors.place_leftovers()
    turn = draft.get("turn_seconds")
    tally = draft.get("tally_seconds") or 86400
    tally_choices = list(TALLY_CHOICES)
    if tally not in dict(tally_choices):
        tally_choices.append((tally, f"{tally} seconds"))
    return {
        "d": draft,
        "e": e,
        "page_errors": errors.containers[""],
        "part_errors": {
            k: errors.containers[k] for k in ("players", "scores", "end", "outcome", "secrets", "round_plan")
        },
        "error_count": errors.count,
        "error_summary": errors.summary(),
        "turn_choice": str(turn) if str(turn) in ("86400", "60") else "custom",
        "turn_choices": TURN_CHOICES,
        "tally_choices": tally_choices,
        "tally": tally,
        "end_rule": end_rule_of(draft),
        "end_rules": END_RULES,
        "death": draft.get("kind") == "death",
        "secrets": secrets,
        "rounds": rounds,
        "field_types": FIELD_TYPES,
        "type_keys": TYPE_KEYS,
        "garnets_each": (draft.get("outcome") or {}).get("garnets", {}).get("winner", ""),
        "parts": parts(draft, opened=opened, error_paths=[path for path, _ in errors.paths()], new=new),
        **v2,
    }
