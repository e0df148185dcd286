"""A dealer's game definition (FORMAT.md, ``garnet-house/1``): read, checked, defaults filled in.

:func:`definition_clean` turns untrusted data (a designer form's dict, an imported YAML or JSON
file) into the cleaned definition the engine plays, or raises :class:`DefinitionError` whose
``errors`` name each problem by its path (``round_plan[0].fields[1].max: must be at least min (10)``).
Pure: no Django, no clock, no random; YAML is parsed with PyYAML's safe loader.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import yaml

from games.house.engine import (
    named,
    sections_ending,
    sections_formulas,
    sections_hands,
    sections_holdings,
    sections_lines,
    trade_log,
    trade_rules,
)
from games.house.engine.errors import DefinitionError
from games.house.engine.round_read import read_round
from games.house.engine.schema import definition_schema
from games.house.engine.sections import (
    Checker,
    read_end,
    read_outcome,
    read_players,
    read_scores,
    read_secrets,
)
from games.house.engine.state import plan_index, plan_spans

__all__ = [
    "SCHEMA",
    "SCHEMA1",
    "definition_clean",
    "definition_dump_text",
    "definition_errors",
    "definition_load_text",
    "definition_schema",
    "definition_upgrade",
]

from games.house.engine.constants import MAX_ROUNDS, SCHEMA, SCHEMA1

TOP_KEYS = (
    "schema",
    "title",
    "kind",
    "rules",
    "players",
    "turn_seconds",
    "tally_seconds",
    "rounds",
    "scores",
    "secrets",
    "round_plan",
    "end",
    "outcome",
)


def _check_reachable(
    c: Checker, rounds: int | None, plan: list[dict[str, Any]], end: Mapping[str, Any], scores: Mapping[str, Any]
) -> None:
    """Refuse an end rule that makes part of the definition dead: rounds of the plan that can never
    be played, or a `first_to` every player has reached before the first round (RULES.md house-23)."""
    written = sum(plan_spans({"round_plan": plan}))  # an entry with repeat stands for that many rounds
    if written > MAX_ROUNDS:
        c.fail("round_plan", f"stands for {written} rounds (counting each repeat); a match plays at most {MAX_ROUNDS}")
    elif rounds is not None and end["after_rounds"] and written > rounds:
        first_unplayed = plan_index({"round_plan": plan}, rounds + 1)
        c.fail(
            "rounds",
            f"the match ends after {rounds} round{'s' if rounds != 1 else ''}, but round_plan has {written}: "
            f"round_plan[{first_unplayed}] and after would never be played (raise rounds or remove them)",
        )
    first_to, start = end["first_to"], scores["start"]
    if first_to is not None and start >= first_to:
        c.fail(
            "end.first_to",
            f"every player starts with {start} (scores.start), which already reaches {first_to}: "
            "the match would end after its first round",
        )


def _collect(data: Any) -> tuple[dict[str, Any], list[str]]:
    c = Checker()
    top = c.mapping(data, "")
    if top is None:
        return {}, c.errors
    v2 = top.get("schema") == SCHEMA  # a /1 file is read as /1, then upgraded (definition_clean)
    c.unknown(top, TOP_KEYS + sections_holdings.TOP_KEYS2 if v2 else TOP_KEYS, "")
    if top.get("schema") not in (SCHEMA1, SCHEMA):
        c.fail("schema", f'must be "{SCHEMA1}" or "{SCHEMA}"')
    holdings = sections_holdings.read_holdings(c, top.get("holdings")) if v2 else []
    roles = sections_holdings.read_roles(c, top.get("roles")) if v2 else None
    v2_parts: dict[str, Any] = {}
    if v2:
        decks = sections_formulas.read_decks(c, top.get("decks"), 32)
        v2_parts = {
            "holdings": holdings,
            "roles": roles,
            "counters": sections_formulas.read_counters(c, top.get("counters")),
            "decks": decks,
            "piles": sections_formulas.read_piles(c, top.get("piles"), decks),
        }
        taken = [*sections_holdings.RESERVED, *sections_formulas.player_names(v2_parts)]
        if row_list := sections_hands.read_rows(c, top.get("rows"), decks, taken):
            v2_parts["rows"] = row_list  # a centre row (house-110); left out when none, as before
        if top.get("hands") is not None:
            v2_parts["hands"] = {"ends": "false"}  # declared: its names (hand_round) read by every formula
        if top.get("formulas"):  # named formulas: read before any formula that may use them
            known = sections_formulas.player_names(v2_parts)
            taken = [*sections_holdings.RESERVED, *known]
            v2_parts["formulas"] = named.read_named(c.fail, top["formulas"], taken, [*known, *trade_log.TRADE_NAMES])
            c.named = named.defs_of(v2_parts)
        if "hands" in v2_parts:
            v2_parts["hands"] = sections_hands.read_hands(c, top["hands"], v2_parts)
    title = c.text(top.get("title"), "title", max_length=80, required=True)
    kind = c.choice(top.get("kind"), "kind", ("main", "death"))
    rules = c.text(top.get("rules", "") or "", "rules", max_length=20_000, one_line=False)
    players = read_players(c, top.get("players"), kind)
    if v2:
        sections_formulas.check_card_count(c, v2_parts["decks"], players)
    turn_seconds = c.integer(top.get("turn_seconds", 86_400), "turn_seconds", 10, 604_800)
    tally_seconds = c.integer(top.get("tally_seconds", 86_400), "tally_seconds", 60, 604_800)
    rounds = top.get("rounds", 5)
    if rounds is not None:
        rounds = c.integer(rounds, "rounds", 1, MAX_ROUNDS)
    scores = read_scores(c, top.get("scores"))
    secrets = read_secrets(c, top.get("secrets"))
    plan_raw = top.get("round_plan")
    plan: list[dict[str, Any]] = []
    if not isinstance(plan_raw, list) or not 1 <= len(plan_raw) <= MAX_ROUNDS:
        c.fail("round_plan", f"must be a list of 1 to {MAX_ROUNDS} rounds")
    else:
        plan = [read_round(c, r, f"round_plan[{i}]", players["max"], roles, v2_parts) for i, r in enumerate(plan_raw)]
    end_raw = top.get("end")
    end_when = end_raw.get("when") if isinstance(end_raw, Mapping) else None
    end_any = end_raw.get("when_any") if isinstance(end_raw, Mapping) else None
    if v2 and isinstance(end_raw, Mapping):
        end_raw = {k: v for k, v in end_raw.items() if k not in ("when", *sections_ending.END_KEYS)}
    end = read_end(c, end_raw)
    if v2:
        end["when"] = sections_formulas.read_end_when(c, end_when, v2_parts)
        if end_any is not None:  # only when set: a definition without it is cleaned as before
            end["when_any"] = sections_ending.read_end_any(c, end_any, v2_parts)
    outcome_raw = top.get("outcome")
    if v2 and isinstance(outcome_raw, Mapping):
        outcome_raw = sections_holdings.outcome_v1_part(outcome_raw)
    outcome = read_outcome(c, outcome_raw)
    if v2:
        outcome = sections_holdings.read_outcome2(c, top.get("outcome"), outcome, [h["name"] for h in holdings])
        winners_raw = top["outcome"].get("winners") if isinstance(top.get("outcome"), Mapping) else None
        if isinstance(winners_raw, str) and winners_raw not in ("top", "one", "none"):
            outcome["winners"] = sections_formulas.read_winners(c, winners_raw, v2_parts) or "top"
        if order := sections_lines.read_candidate_order(c, top.get("outcome"), v2_parts):
            outcome["candidate_order"] = order  # left out: none (house-73 reads candidate_ties as one)
        outcome.update(sections_ending.read_outcome_ending(c, top.get("outcome"), v2_parts, outcome["winners"]))
    by_dealer = any(r["resolve"]["by"] == "dealer" or r["resolve"].get("review") for r in plan)
    if v2:
        sections_holdings.check_names(c, plan, v2_parts)
        trade_rules.check_definition(c, plan, v2_parts)
    by_dealer = by_dealer or bool(end.get("when") or end.get("when_any"))  # /2: a formula may end the match
    if top.get("rounds", 5) is None:
        if plan and not by_dealer and end["first_to"] is None and not end["last_standing"]:
            c.fail(
                "rounds",
                "null (until the dealer ends the match) needs a round the dealer resolves or reviews, "
                "or an end rule (end.first_to or end.last_standing)",
            )
    elif not end["after_rounds"] and end["first_to"] is None and not end["last_standing"] and plan and not by_dealer:
        c.fail("end", "nothing ends this match: keep after_rounds, or set first_to or last_standing")
    _check_reachable(c, rounds, plan, end, scores)
    cleaned = {
        "schema": SCHEMA if v2 else SCHEMA1,
        "title": title,
        "kind": kind,
        "rules": rules or "",
        "players": players,
        "turn_seconds": turn_seconds,
        "tally_seconds": tally_seconds,
        "rounds": rounds,
        "scores": scores,
        "secrets": secrets,
        "round_plan": plan,
        "end": end,
        "outcome": outcome,
    }
    if v2:
        repeat = c.choice(top.get("plan_repeat", "last"), "plan_repeat", ("last", "cycle"))
        cleaned.update(plan_repeat=repeat or "last", **v2_parts)
    return cleaned, c.errors


def definition_upgrade(definition: Mapping[str, Any]) -> dict[str, Any]:
    """A cleaned ``garnet-house/1`` definition as the ``garnet-house/2`` one that plays exactly like it: the
    same keys under the new schema, every ``/2`` key at its default (no holdings, roles, counters, decks or
    piles; rounds played together, dealt nothing, with no condition or effects; the outcome's ``/2`` rules
    off). A ``/2`` definition is returned as it is. Pure: the loader's one step from ``/1`` to ``/2``."""
    if definition.get("schema") != SCHEMA1:
        return dict(definition)
    data = {**definition, "schema": SCHEMA}
    if definition.get("kind") == "death":
        # /1 plays a Death Match by house-8 whatever its outcome rule says: the better ranked player wins, the
        # other is the candidate, no Tokens or prize unless the dealer gives them. /2 says it in its own words.
        data["outcome"] = {**dict(definition.get("outcome") or {}), "winners": "one", "tokens": 0, "garnets": {}}
    cleaned, errors = _collect(data)
    if errors:  # never: /2 reads everything /1 holds (the differential over every /1 definition checks it)
        raise DefinitionError(errors)
    return dict(json.loads(json.dumps(cleaned)))


def definition_errors(data: Any) -> list[str]:
    """Every problem of ``data`` as a definition, each naming its field path; [] when it is playable."""
    return _collect(data)[1]


def definition_clean(data: Any) -> dict[str, Any]:
    """``data`` checked, with every default filled in (FORMAT.md); :class:`DefinitionError` if it has errors.

    Always a ``garnet-house/2`` definition: a ``/1`` one is checked as ``/1`` (a ``/2`` key in it is an error
    naming its path), then upgraded (:func:`definition_upgrade`), so the engine plays ``/2`` only."""
    cleaned, errors = _collect(data)
    if errors:
        raise DefinitionError(errors)
    return definition_upgrade(json.loads(json.dumps(cleaned)))


# What a loaded file may hold before anything walks it: the format's deepest path is about 8
# levels (round_plan[0].resolve.params.matrix.A.B[0]); YAML aliases can repeat one list a billion
# times in a few bytes, so the values are counted as a walk would meet them (RULES.md house-22).
MAX_FILE_DEPTH = 32
MAX_FILE_VALUES = 100_000


def _file_shape_problem(data: Any) -> str | None:
    """Why ``data`` is too deep or too large to check, or None; iterative and bounded by the limits."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > MAX_FILE_VALUES:
            return f"file: holds more than {MAX_FILE_VALUES} values (YAML aliases count each time they are used)"
        if depth > MAX_FILE_DEPTH:
            return f"file: is nested more than {MAX_FILE_DEPTH} levels deep"
        if isinstance(item, Mapping):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list | tuple):
            stack.extend((v, depth + 1) for v in item)
    return None


def definition_load_text(text: str) -> dict[str, Any]:
    """The definition a YAML or JSON file holds (not yet cleaned: pass it to :func:`definition_clean`).

    :class:`DefinitionError` when the text is not YAML/JSON, does not hold an object, or is nested
    too deeply or holds too many values to be checked (never a RecursionError)."""
    if len(text) > 256_000:
        raise DefinitionError(["file: is larger than 256 KB"])
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)
    except RecursionError:
        raise DefinitionError([f"file: is nested more than {MAX_FILE_DEPTH} levels deep"]) from None
    except (ValueError, yaml.YAMLError) as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" (line {where.line + 1})" if where is not None else ""
        raise DefinitionError([f"file: is neither YAML nor JSON{at}: {str(exc).splitlines()[0]}"]) from exc
    if not isinstance(data, Mapping):
        raise DefinitionError(["file: must hold one definition (key: value pairs), starting with schema: " + SCHEMA])
    problem = _file_shape_problem(data)
    if problem is not None:
        raise DefinitionError([problem])
    return dict(data)


def definition_dump_text(definition: Mapping[str, Any], *, fmt: str = "yaml") -> str:
    """``definition`` as the text of an exported file: ``yaml`` (keys in the format's order) or ``json``."""
    if fmt == "json":
        return json.dumps(definition, indent=2, ensure_ascii=False) + "\n"
    ordered = {k: definition[k] for k in (*TOP_KEYS, *sections_holdings.TOP_KEYS2) if k in definition}
    return str(yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, width=100))
