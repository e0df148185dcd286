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

from games.house.engine.mechanics import MECHANICS
from games.house.play.formula_words import Labels, effect_words, formula_words
from games.house.play.rules_html import rules_markdown_html
from games.rules_text import RulesText


def _seconds(n: int) -> str:
    if n % 3600 == 0:
        hours = n // 3600
        return f"{hours} hour{'s' if hours != 1 else ''}"
    return f"{n} seconds" if n < 120 or n % 60 else f"{n // 60} minutes"


def definition_summary(d: Mapping[str, Any], *, turn_seconds: int | None = None) -> list[str]:
    """The shape of a definition in a few sentences: who plays, how long, what each round asks. ``turn_seconds``:
    the match's own round length where it sets one (a season's), which its players' turns last (issue 44)."""
    players = d.get("players") or {}
    low, high = players.get("min", 2), players.get("max", 2)
    span = f"{low}" if low == high else f"{low}–{high}"
    kind = "A Death Match" if d.get("kind") == "death" else "A Main Match"
    rounds = d.get("rounds")
    length = _seconds(int(turn_seconds or d.get("turn_seconds") or 86400))
    scores = d.get("scores") or {}
    plans = [p for p in d.get("round_plan") or [] if isinstance(p, Mapping)]
    words = Labels.of(d)  # the round's effects said in words (issue 44)
    lines = [
        f"{kind} for {span} players.",
        (f"{rounds} round{'s' if rounds != 1 else ''}" if rounds else "Rounds")
        + _ending(d, plans, str(scores.get("label") or "Points"))
        + f", each open for {length}.",
    ]
    seen = (
        "everyone sees every score" if scores.get("visibility", "public") == "public" else "each player sees their own"
    )
    lines.append(f"{scores.get('label') or 'Points'} start at {scores.get('start', 0)}; {seen}.")
    lines += _summary2(d)
    spans = [int(p.get("repeat") or 1) for p in plans]  # an entry with repeat plays that many rounds in a row
    for i, plan in enumerate(plans):
        asks = ", ".join(str(f.get("label") or f.get("name")) for f in plan.get("fields") or [])
        first = 1 + sum(spans[:i])
        which = _which_rounds(plan, first, spans[i], i == len(plans) - 1 and len(plans) > 1, rounds)
        if len(plans) == 1:
            which = f"Each {str(plan.get('label') or 'Round')[:1].lower()}{str(plan.get('label') or 'Round')[1:]}"
        elif d.get("plan_repeat") == "cycle":
            where = f"round {first}" if spans[i] == 1 else f"rounds {first}–{first + spans[i] - 1}"
            which = f"{plan.get('label') or 'Round'} ({where}, then every {sum(spans)} rounds)"
        lines.append(f"{which}: {asks or 'nothing to send'}; {_resolved(plan)}.")
        if plan.get("when"):
            lines.append(f"{which} is played only when {formula_words(plan['when'], words)}.")
        lines += [f"{which}, then {effect_words(e, words)}." for e in plan.get("effects") or []]
    if (d.get("end") or {}).get("when"):
        lines.append(f"The match ends as soon as {formula_words(d['end']['when'], words)}.")
    return lines


def _summary2(d: Mapping[str, Any]) -> list[str]:
    """garnet-house/2's holdings, roles and cards in a sentence each."""
    seen = {
        "public": "everyone sees them",
        "holder": "each player sees their own",
        "dealer": "only the dealer sees them",
    }
    words = Labels.of(d)  # a start formula said in words: "the number of Gem cards in your hand" (issue 44)
    lines = [
        f"{h.get('label') or h.get('name')} start at {formula_words(h.get('start', 0), words)}; "
        f"{seen.get(str(h.get('visibility')), '')}."
        for h in d.get("holdings") or []
    ]
    for r in d.get("roles") or []:
        order = "in a random order" if r.get("order") == "random" else "in seat order"
        every = int(r.get("every") or 1)
        lines.append(
            f"{r.get('label') or r.get('name')} passes {order}, every {every} round{'s' if every != 1 else ''}."
        )
    for pile in d.get("piles") or []:
        lines.append(f"{pile.get('label') or pile.get('name')}: dealt from the {pile.get('deck')} deck.")
    return lines


def _dealer_decides(plans: list[Mapping[str, Any]]) -> bool:
    """Whether some round waits for the dealer (a tally or a review), who may end the match there."""
    return any(
        (p.get("resolve") or {}).get("by", "dealer") == "dealer" or (p.get("resolve") or {}).get("review")
        for p in plans
    )


def _ending(d: Mapping[str, Any], plans: list[Mapping[str, Any]], label: str) -> str:
    """What else ends the match, after "3 rounds" or "Rounds" (FORMAT.md ``end``): a score to reach, the
    last player in, the dealer. A match of open-ended rounds names every way it can end."""
    end = d.get("end") or {}
    ways = []
    if end.get("first_to") is not None:
        ways.append(f"a player reaches {end['first_to']} {label}")
    if end.get("last_standing"):
        ways.append("one player is left in the match")
    if _dealer_decides(plans) and (not d.get("rounds") or not ways):
        ways.append("the dealer ends the match")
    if not ways:
        return ""
    if not d.get("rounds"):
        return " until " + " or ".join(ways)
    return " (or until " + " or ".join(ways) + ")" if end.get("first_to") is not None else ""


def _which_rounds(plan: Mapping[str, Any], first: int, span: int, last: bool, rounds: Any) -> str:
    """The rounds a round plan entry serves, from round ``first``, ``span`` rounds in a row (its ``repeat``), the
    ``last`` entry repeating to the end: "Round 1", "Round 2–13", "Round 2 on"."""
    label = str(plan.get("label") or "Round")
    end = first + span - 1
    if last and rounds != end:
        return f"{label} {first}–{rounds}" if rounds else f"{label} {first} on"
    return f"{label} {first}" if span == 1 else f"{label} {first}–{end}"


_BY2 = {
    "none": "the game's own effects settle it",
    "pairs": "each pair plays the payoff table",
    "best": "the best by the game's own rule wins it",
}


def _resolved(plan: Mapping[str, Any]) -> str:
    resolve = plan.get("resolve") or {}
    if resolve.get("by") in _BY2:
        return _BY2[str(resolve["by"])]
    if resolve.get("by") != "mechanic":
        return "the dealer resolves it by hand"
    mechanic = MECHANICS.get(str(resolve.get("mechanic")))
    title = mechanic.title if mechanic is not None else str(resolve.get("mechanic", "")).replace("_", " ")
    return f"resolved by the mechanic “{title}”" + (", reviewed by the dealer" if resolve.get("review") else "")


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


def rules_for_options(options: Mapping[str, Any], *, turn_seconds: int | None = None) -> RulesText | None:
    """The rules of the definition a match plays (``options["definition"]``), or None without one; its rounds
    last ``turn_seconds`` where the match sets its own length."""
    d = options.get("definition")
    if not isinstance(d, Mapping):
        return None
    game, number = options.get("house_game"), options.get("house_version")
    url = reverse("house:rules", args=[game, number]) if isinstance(game, int) and isinstance(number, int) else ""
    return RulesText(
        name=str(d.get("title") or "Dealer's game"),
        variant="",
        summary=tuple(definition_summary(d, turn_seconds=turn_seconds)),
        default_move=definition_default_move(d),
        html=rules_markdown_html(str(d.get("rules") or "")),
        url=url,
    )
