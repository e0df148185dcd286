"""What the bots used, and what dominates: the report's lines on fields and choices the bots never touched,
and on a seat or a choice whose win rate stands far above the rest.

"Far above" is a statistical claim, not a hunch: the 95 % Wilson interval of its win rate lies wholly above
the interval of the rest pooled, and its rate is at least half as high again as theirs. With a hundred
matches that takes a real gap (about 25 % against 10 %), so chance alone rarely raises the flag.
"""

from __future__ import annotations

from typing import Any

from games.match.playtest.stats import rate

FAR_ABOVE = 1.5
"""A win rate this many times the rest's (and clear of it at 95 %) dominates."""


def dominates(mine: dict[str, Any], rest: dict[str, Any]) -> bool:
    """Whether the rate ``mine`` stands far above ``rest`` (both as :func:`stats.rate` gives them)."""
    return bool(mine["n"] and rest["n"] and mine["low"] > rest["high"] and mine["rate"] >= FAR_ABOVE * rest["rate"])


def seat_dominance(results: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Each seat's win rate against every other seat's pooled, and whether it dominates."""
    wins = [0] * players
    for r in results:
        for s in r["winners"]:
            wins[s] += 1
    n = len(results)
    out = []
    for s in range(players):
        mine, rest = rate(wins[s], n), rate(sum(wins) - wins[s], n * (players - 1))
        out.append({"seat": s + 1, "handle": f"p{s + 1}", "win": mine, "rest": rest, "dominant": dominates(mine, rest)})
    return out


def usage_summary(results: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Each key the game's ``USAGE`` counted: times in all, matches it happened in, and the win rate of the
    seats that used it in a match against the seats that did not (``dominant`` when far above)."""
    keys = sorted({k for r in results for k in r.get("used", {})})
    n = len(results)
    out = []
    for key in keys:
        times = used_in = users = users_won = others_won = 0
        for r in results:
            counts = r.get("used", {}).get(key) or [0] * players
            times += sum(counts)
            used_in += any(counts)
            for s, c in enumerate(counts):
                won = s in r["winners"]
                users += bool(c)
                users_won += bool(c) and won
                others_won += (not c) and won
        mine, rest = rate(users_won, users), rate(others_won, n * players - users)
        out.append(
            {
                "key": key,
                "times": times,
                "matches": used_in,
                "win": mine,
                "rest": rest,
                "dominant": dominates(mine, rest),
            }
        )
    return out
