"""The designer's sections at phone size (issue 44 #4, RULES.md d-18): each section of the form is a
``<details>`` whose summary says in one line what it holds ("2 holdings: Chips, Gems · 1 deck of 3 cards"), so a
game of many parts is a few screens; a shape button (add or remove a row) redraws only its own section.

Which sections are open: the ones the dealer had open (posted back as ``open``), the one a shape button just
redrew, every one with an error, and for a new game its first. Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.house.designer.labels import END_RULES, end_rule_of

PARTS = (
    ("game", "The game"),
    ("time", "Time and rounds"),
    ("scores", "Scores"),
    ("v2", "Holdings, cards and roles"),
    ("secrets", "Secrets"),
    ("rounds", "The rounds"),
    ("outcome", "The outcome"),
)
PART_NAMES = tuple(name for name, _ in PARTS)

# The first key of an error's path → the section that draws its input.
_BY_KEY = {
    "title": "game",
    "kind": "game",
    "rules": "game",
    "players": "game",
    "turn_seconds": "time",
    "tally_seconds": "time",
    "rounds": "time",
    "end": "time",
    "scores": "scores",
    "holdings": "v2",
    "counters": "v2",
    "roles": "v2",
    "decks": "v2",
    "piles": "v2",
    "plan_repeat": "v2",
    "secrets": "secrets",
    "round_plan": "rounds",
    "outcome": "outcome",
}


def part_of_path(path: str) -> str:
    """The section drawing the input of an error's ``path`` (``round_plan[0].label`` → ``rounds``)."""
    key = path.split(".", 1)[0].split("[", 1)[0]
    return _BY_KEY.get(key, "game")


def part_of_action(action: str) -> str | None:
    """The section a shape button redraws (``add:holdings`` → ``v2``; ``add_field:0`` → ``rounds``), or None
    for a button that is not a shape button (save, preview)."""
    verb, _, rest = action.partition(":")
    if verb in ("add", "remove"):
        return part_of_path(rest)
    if verb in ("add_secret", "remove_secret"):
        return "secrets"
    if verb in ("add_round", "remove_round", "up_round", "add_field", "remove_field", "refresh"):
        return "rounds"
    return None


def rows_added(draft: Mapping[str, Any], action: str) -> list[str]:
    """The folded rows a shape button just added, to be drawn open (``add_field:0`` → the round's last field)."""
    verb, _, rest = action.partition(":")
    plan = draft.get("round_plan")
    if verb != "add_field" or not rest.isdigit() or not isinstance(plan, list) or int(rest) >= len(plan):
        return []
    fields = plan[int(rest)].get("fields") if isinstance(plan[int(rest)], Mapping) else None
    return [f"round_plan[{rest}].fields[{len(fields) - 1}]"] if isinstance(fields, list) and fields else []


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _rows(draft: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    rows = draft.get(key)
    return [r for r in rows if isinstance(r, Mapping)] if isinstance(rows, list) else []


def _names(rows: Iterable[Mapping[str, Any]]) -> str:
    return ", ".join(str(r.get("label") or r.get("name") or "?") for r in rows)


def _seconds(value: Any) -> str:
    words = {86400: "24 hours", 3600: "1 hour", 60: "60 seconds"}
    return words.get(value, f"{value} seconds") if isinstance(value, int) else "a length to fix"


def summaries(draft: Mapping[str, Any]) -> dict[str, str]:
    """One line per section saying what it holds, in the dealer's words."""
    players = draft.get("players") if isinstance(draft.get("players"), Mapping) else {}
    assert isinstance(players, Mapping)
    kind = "Death Match" if draft.get("kind") == "death" else "Main Match"
    title = str(draft.get("title") or "").strip() or "No title yet"
    lo, hi = players.get("min"), players.get("max")
    seats = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
    rule = end_rule_of(draft)
    ends = dict(END_RULES).get(rule, "")
    if rule == "rounds":
        ends = f"after {draft.get('rounds')} rounds"
    elif rule == "first_to":
        ends = f"first to {(draft.get('end') or {}).get('first_to')} points"
    scores = draft.get("scores") if isinstance(draft.get("scores"), Mapping) else {}
    assert isinstance(scores, Mapping)
    seen = "everyone sees them" if scores.get("visibility", "public") == "public" else "each sees their own"
    held = []
    for key, word in (("holdings", "holding"), ("counters", "counter"), ("roles", "role"), ("piles", "pile")):
        rows = _rows(draft, key)
        if rows:
            held.append(f"{_count(len(rows), word)}: {_names(rows)}")
    for deck in _rows(draft, "decks"):
        cards = len(_rows(deck, "cards"))
        held.append(f"deck {deck.get('label') or deck.get('name')} of {_count(cards, 'kind')} of card")
    secrets = _rows(draft, "secrets")
    plan = _rows(draft, "round_plan")
    fields = sum(len(_rows(r, "fields")) for r in plan)
    outcome = draft.get("outcome") if isinstance(draft.get("outcome"), Mapping) else {}
    assert isinstance(outcome, Mapping)
    winners = {"top": "the highest score wins", "one": "one winner, the best ranked", "none": "the dealer names"}
    return {
        "game": f"{title} · {kind} · {seats}",
        "time": f"Each round open {_seconds(draft.get('turn_seconds'))} · ends {ends.lower() if ends else '?'}",
        "scores": f"{scores.get('label') or 'Points'} from {scores.get('start') or 0}, {seen}",
        "v2": " · ".join(held) or "None yet",
        "secrets": f"{_count(len(secrets), 'secret')}: {_names(secrets)}" if secrets else "None",
        "rounds": f"A plan of {_count(len(plan), 'round')} ({_count(fields, 'field')}): {_names(plan)}",
        "outcome": "A winner and a loser"
        if draft.get("kind") == "death"
        else str(winners.get(str(outcome.get("winners")), "those a formula names")).capitalize(),
    }


def parts(
    draft: Mapping[str, Any],
    *,
    opened: Iterable[str] = (),
    error_paths: Iterable[str] = (),
    new: bool = False,
) -> list[dict[str, Any]]:
    """The sections in page order, each ``{name, title, summary, open, template}``."""
    shown = {p for p in opened if p in PART_NAMES} | {part_of_path(p) for p in error_paths}
    if new:
        shown.add("game")
    lines = summaries(draft)
    return [
        {
            "name": name,
            "title": title,
            "summary": lines[name],
            "open": name in shown,
            "template": f"house/design/_{name}.html",
        }
        for name, title in PARTS
    ]
