"""A trial's balance report in the dealer's words and on the site's own pages (RULES.md d-16): what the bots
never used (a field left empty in every match, a choice never made, a trade never done), whether a seat or a
choice dominates (with the figures), and the lab's tables and plots drawn inside the site's layout."""

from __future__ import annotations

import base64
from collections.abc import Iterator, Mapping
from typing import Any

from games.match.playtest.report import plots
from games.match.playtest.usage import dominates


def _pct(r: Mapping[str, Any]) -> str:
    return f"{100 * r['rate']:.0f} % (95 % interval {100 * r['low']:.0f}–{100 * r['high']:.0f} %)"


def _cell(r: Mapping[str, Any]) -> str:
    return f"{100 * r['rate']:.0f} % ({100 * r['low']:.0f}–{100 * r['high']:.0f})"


def _fields(definition: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """Every player's field the definition's rounds ask, once by name, in the order the rounds ask them."""
    seen: set[str] = set()
    for plan in definition.get("round_plan") or ():
        for decl in plan.get("fields") or ():
            if decl["name"] not in seen:
                seen.add(decl["name"])
                yield decl


def never_used(definition: Mapping[str, Any], usage: list[Mapping[str, Any]]) -> list[str]:
    """A sentence for each field the bots never filled, each choice never made and each trade never done."""
    counted = {u["key"]: u for u in usage}
    out: list[str] = []
    for decl in _fields(definition):
        name, label, kind = decl["name"], decl["label"], decl["type"]
        filled = counted.get(f"field:{name}")
        if kind == "trade":
            done = counted.get(f"trade:{name}")
            if filled is None:
                out.append(f"No bot ever offered a trade (“{label}”).")
            elif done is None:
                out.append(
                    f"No bot ever made a trade: {filled['times']} offers on “{label}”, none matched by the "
                    "player it named."
                )
        elif kind == "give" and filled is None:
            out.append(f"No bot ever gave anything (“{label}”).")
        elif kind == "garnets" and filled is None:
            out.append(f"No bot ever put a garnet on “{label}”.")
        elif kind == "flag" and f"choice:{name}=true" not in counted:
            out.append(f"No bot ever chose “{label}”.")
        elif kind == "choice":
            missing = [c for c in decl["choices"] if f"choice:{name}={c}" not in counted]
            if missing and filled is not None:
                out.append(f"No bot ever chose {_either(missing)} for “{label}”.")
            elif filled is None:
                out.append(f"No bot ever answered “{label}”.")
        elif filled is None and kind != "flag":
            out.append(f"No bot ever filled in “{label}”.")
    return out


def _either(choices: list[str]) -> str:
    quoted = [f"“{c}”" for c in choices]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def trades_made(definition: Mapping[str, Any], usage: list[Mapping[str, Any]], matches: int) -> list[str]:
    """A sentence for each trade field whose trades went through: how many, in how many matches."""
    counted = {u["key"]: u for u in usage}
    out = []
    for decl in _fields(definition):
        done = counted.get(f"trade:{decl['name']}")
        if decl["type"] == "trade" and done is not None:
            # Counted once per side: a trade between two players is two uses.
            out.append(
                f"“{decl['label']}”: {done['times'] // 2} trades went through, in {done['matches']} of {matches} matches."
            )
    return out


def dominance(definition: Mapping[str, Any], summary: Mapping[str, Any]) -> list[str]:
    """A sentence for each seat and each choice whose win rate stands far above the rest's, with the figures."""
    out = [
        f"Seat {s['handle']} dominates: it won {_pct(s['win'])} of its matches; the other seats {_pct(s['rest'])}."
        for s in summary.get("seat_dominance") or ()
        if s["dominant"]
    ]
    labels = {d["name"]: d["label"] for d in _fields(definition)}
    for u in summary.get("usage") or ():
        kind, _, rest = u["key"].partition(":")
        name, _, value = rest.partition("=")
        if not u["dominant"] or kind != "choice" or name not in labels:
            continue
        said = {"true": "yes", "false": "no"}.get(value, value)
        out.append(
            f"Choosing “{said}” for “{labels[name]}” dominates: the seats that chose it won {_pct(u['win'])}; "
            f"the others {_pct(u['rest'])}."
        )
    return out


def bots_compared(summary: Mapping[str, Any]) -> list[str]:
    """In a trial of greedy and random bots, how each kind did, and whether looking ahead clearly paid."""
    kinds = {s["strategy"]: s["win"] for s in summary.get("by_strategy") or ()}
    if set(kinds) != {"greedy", "random"}:
        return []
    greedy, rand = kinds["greedy"], kinds["random"]
    said = f"Greedy bots won {_pct(greedy)} of their seats; random bots {_pct(rand)}"
    if dominates(greedy, rand):
        return [f"{said}: looking a round ahead pays in this game."]
    if dominates(rand, greedy):
        return [f"{said}: the move that looks best after one round loses here; the game rewards a longer view."]
    return [f"{said}: looking a round ahead made no clear difference (luck, or choices that only pay later)."]


def _svg_image(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def trial_findings(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The report's findings in words: ``never`` (what the bots never used), ``trades`` (trades made),
    ``dominance`` (a seat or a choice far above the rest), ``compared`` (greedy against random bots); ``counted`` False for a trial run before the lab
    counted what bots used."""
    definition = (summary.get("plan") or {}).get("options", {}).get("definition") or {}
    usage = list(summary.get("usage") or ())
    counted = "usage" in summary
    return {
        "counted": counted,
        "never": never_used(definition, usage) if counted else [],
        "trades": trades_made(definition, usage, int(summary.get("matches") or 0)) if counted else [],
        "dominance": dominance(definition, summary),
        "compared": bots_compared(summary),
    }


def trial_report_context(summary: Mapping[str, Any]) -> dict[str, Any]:
    """What the report's template draws: the findings, the lab's rows as text and its plots as images (an
    image's own styles are its own: the page keeps the site's strict CSP)."""
    return {
        **trial_findings(summary),
        "seats": [{**s, "win_text": _cell(s["win"]), "ec_text": _cell(s["ec"])} for s in summary["by_seat"]],
        "strategies": [{**s, "win_text": _cell(s["win"]), "ec_text": _cell(s["ec"])} for s in summary["by_strategy"]],
        "rulings": [{**r, "share_text": f"{100 * r['share']:.0f} %"} for r in summary["rulings"]],
        "degenerate": [
            {"name": k, **v, "share_text": f"{100 * v['share']:.0f} %"} for k, v in summary["degenerate"].items()
        ],
        "plots": {name: _svg_image(svg) for name, svg in plots(dict(summary)).items()},
    }
