"""The rules a match of a dealer's game shows: its own definition's, from the match's options.

The match page's rules panel asks ``games.rules_text.rules_for_match``, which asks this game's
``rules_text.rules_for_options``: a match that carries a definition shows its title, the dealer's
Markdown (sanitised), the game's shape in a few sentences and what a missing submission becomes,
and links to that version's public rules page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.urls import reverse

from games.house.rules_html import rules_markdown_html
from games.rules_text import RulesText


def _seconds(n: int) -> str:
    if n % 3600 == 0:
        hours = n // 3600
        return f"{hours} hour{'s' if hours != 1 else ''}"
    return f"{n} seconds" if n < 120 or n % 60 else f"{n // 60} minutes"


def definition_summary(d: Mapping[str, Any]) -> list[str]:
    """The shape of a definition in a few sentences: who plays, how long, what each round asks."""
    players = d.get("players") or {}
    low, high = players.get("min", 2), players.get("max", 2)
    span = f"{low}" if low == high else f"{low}–{high}"
    kind = "A Death Match" if d.get("kind") == "death" else "A Main Match"
    rounds = d.get("rounds")
    length = _seconds(int(d.get("turn_seconds") or 86400))
    lines = [
        f"{kind} for {span} players.",
        (f"{rounds} round{'s' if rounds != 1 else ''}" if rounds else "Rounds until the dealer ends the match")
        + f", each open for {length}.",
    ]
    scores = d.get("scores") or {}
    seen = (
        "everyone sees every score" if scores.get("visibility", "public") == "public" else "each player sees their own"
    )
    lines.append(f"{scores.get('label') or 'Points'} start at {scores.get('start', 0)}; {seen}.")
    for plan in d.get("round_plan") or []:
        asks = ", ".join(str(f.get("label") or f.get("name")) for f in plan.get("fields") or [])
        resolve = plan.get("resolve") or {}
        how = "the dealer" if resolve.get("by") != "mechanic" else str(resolve.get("mechanic", "")).replace("_", " ")
        lines.append(f"{plan.get('label') or 'Round'}: {asks or 'nothing to send'}; resolved by {how}.")
    return lines


def definition_default_move(d: Mapping[str, Any]) -> str:
    """What a missing submission becomes, field by field, for every kind of round the game has."""
    parts = []
    seen: set[str] = set()
    for plan in d.get("round_plan") or []:
        for f in plan.get("fields") or []:
            label = str(f.get("label") or f.get("name"))
            if label in seen:
                continue
            seen.add(label)
            default = f.get("default")
            parts.append(f"{label}: {default}" if default is not None else f"{label}: left out (you abstain)")
    return "; ".join(parts) + "." if parts else "Nothing is sent."


def rules_for_options(options: Mapping[str, Any]) -> RulesText | None:
    """The rules of the definition a match plays (``options["definition"]``), or None without one."""
    d = options.get("definition")
    if not isinstance(d, Mapping):
        return None
    game, number = options.get("house_game"), options.get("house_version")
    url = reverse("house:rules", args=[game, number]) if isinstance(game, int) and isinstance(number, int) else ""
    return RulesText(
        name=str(d.get("title") or "Dealer's game"),
        variant="",
        summary=tuple(definition_summary(d)),
        default_move=definition_default_move(d),
        html=rules_markdown_html(str(d.get("rules") or "")),
        url=url,
    )
