"""The numbers of a playtest report, from the per-match results of :mod:`games.match.playtest.runner`."""

from __future__ import annotations

import json
import math
import shlex
from collections import Counter, defaultdict
from typing import Any

from games.match.playtest.runner import Plan
from games.match.playtest.strategies import round_cap_rulings

Z95 = 1.959963984540054
FLAGS = ("round cap", "no winner", "no EC", "stalemate", "all tied")


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for ``k`` successes in ``n`` trials; (0, 1) for n = 0."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(k: int, n: int) -> dict[str, Any]:
    """``k`` of ``n`` as a rate with its 95 % Wilson interval."""
    low, high = wilson(k, n)
    return {"k": k, "n": n, "rate": k / n if n else 0.0, "low": low, "high": high}


def spread(values: list[float]) -> dict[str, float]:
    """Mean, standard deviation and quantiles of ``values``."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def q(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1) + 0.5))]

    mean = math.fsum(ordered) / len(ordered)
    # Population standard deviation in floats (statistics.pstdev works in exact fractions: slow).
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in ordered) / len(ordered))
    return {
        "n": len(values),
        "mean": mean,
        "sd": sd,
        "min": ordered[0],
        "p5": q(0.05),
        "median": q(0.5),
        "p95": q(0.95),
        "max": ordered[-1],
    }


def flags(result: dict[str, Any], cap_rulings: frozenset[str]) -> list[str]:
    """The degenerate traits of one match (see ``FLAGS``)."""
    out = []
    if cap_rulings & set(result["rulings"]):
        out.append("round cap")
    if not result["stalemate"]:
        if not result["winners"]:
            out.append("no winner")
        if not result["ec"]:
            out.append("no EC")
        if len(set(result["scores"])) == 1 and len(result["scores"]) > 1:
            out.append("all tied")
    else:
        out.append("stalemate")
    return out


def replay_command(plan: Plan, index: int) -> str:
    """The command that plays match ``index`` of ``plan`` alone and prints its log."""
    parts = [
        "python",
        "manage.py",
        "playtest",
        plan.game,
        "--players",
        str(plan.players),
        "--bots",
        ",".join(plan.bots),
        "--seed",
        plan.seed,
        "--replay",
        str(index),
    ]
    if plan.absent:
        parts += ["--absent", f"{plan.absent:g}"]
    if plan.options:
        parts += ["--options", json.dumps(plan.options, sort_keys=True, separators=(",", ":"))]
    return shlex.join(parts)


def summarise(plan: Plan, results: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything report.json holds, worked out from ``results`` (ordered or not)."""
    from games.match.playtest.usage import seat_dominance, usage_summary  # it builds on this module's rates

    results = sorted(results, key=lambda r: r["index"])
    n = len(results)
    cap = round_cap_rulings(plan.game)
    seat_win, seat_ec = Counter[int](), Counter[int]()
    strat: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # seats, wins, ECs
    invalid = missed = 0
    scores: dict[str, list[float]] = defaultdict(list)
    garnets: dict[str, list[float]] = defaultdict(list)
    fired, fired_in, by_default = Counter[str](), Counter[str](), Counter[str]()
    flagged: dict[str, list[int]] = {f: [] for f in FLAGS}
    per_match_flags: dict[int, list[str]] = {}
    for r in results:
        for s, name in enumerate(r["seats"]):
            won, ec = s in r["winners"], s in r["ec"]
            seat_win[s] += won
            seat_ec[s] += ec
            tally = strat[name]
            tally[0] += 1
            tally[1] += won
            tally[2] += ec
            scores[name].append(r["scores"][s])
            garnets[name].append(r["garnets"][s])
        invalid += r.get("invalid", 0)
        missed += r.get("missed", 0)
        fired.update(r["rulings"])
        by_default.update(r.get("defaults", {}))
        fired_in.update(r["rulings"].keys())
        f = flags(r, cap)
        per_match_flags[r["index"]] = f
        for name in f:
            flagged[name].append(r["index"])
    lengths = [r["turns"] for r in results]
    length = spread([float(x) for x in lengths])
    strangest = _strangest(results, per_match_flags, fired_in, length)
    return {
        "game": plan.game,
        "plan": plan.to_json(),
        "matches": n,
        "by_seat": [
            {"seat": s + 1, "handle": f"p{s + 1}", "win": rate(seat_win[s], n), "ec": rate(seat_ec[s], n)}
            for s in range(plan.players)
        ],
        "by_strategy": [
            {
                "strategy": name,
                "win": rate(won, seats),
                "ec": rate(ec, seats),
                "score": spread(scores[name]),
                "garnets": spread(garnets[name]),
            }
            for name, (seats, won, ec) in sorted(strat.items())
        ],
        "invalid_moves": invalid,
        "missed_turns": missed,
        "scores": {name: _histogram(v) for name, v in sorted(scores.items())},
        "garnets": {name: _histogram(v) for name, v in sorted(garnets.items())},
        "length": {**length, "histogram": dict(sorted(Counter(lengths).items()))},
        "rulings": [
            {
                "ruling": rid,
                "fired": fired[rid],
                "missed": by_default[rid],
                "matches": fired_in[rid],
                "share": fired_in[rid] / n,
            }
            for rid in sorted(fired, key=_ruling_key)
        ],
        "degenerate": {
            name: {"matches": len(ix), "share": len(ix) / n if n else 0.0, "first": ix[:10]}
            for name, ix in flagged.items()
        },
        "strangest": [{**s, "replay": replay_command(plan, s["index"])} for s in strangest],
        "seat_dominance": seat_dominance(results, plan.players),
        "usage": usage_summary(results, plan.players),
    }


def _histogram(values: list[float]) -> dict[str, int]:
    """Value → how many times, keyed by the value as text (whole numbers without ".0")."""
    return {f"{v:g}": k for v, k in sorted(Counter(values).items())}


def _ruling_key(rid: str) -> tuple[str, int]:
    game, _, num = rid.rpartition("-")
    return (game, int(num)) if num.isdigit() else (rid, 0)


def _strangest(
    results: list[dict[str, Any]],
    per_match_flags: dict[int, list[str]],
    fired_in: Counter[str],
    length: dict[str, float],
    top: int = 10,
) -> list[dict[str, Any]]:
    """The matches a designer should look at first: degenerate endings, rare rulings, odd lengths."""
    n = max(1, len(results))
    sd = length.get("sd") or 1.0
    scored = []
    for r in results:
        why = list(per_match_flags[r["index"]])
        rare = [rid for rid in r["rulings"] if fired_in[rid] / n <= 0.01]
        why += [f"rare ruling {rid}" for rid in rare]
        z = (r["turns"] - length.get("mean", 0.0)) / sd
        if abs(z) > 2:
            why.append(f"{r['turns']} turns ({z:+.1f} sd from the mean)")
        strangeness = 3 * len(per_match_flags[r["index"]]) + 2 * len(rare) + max(0.0, abs(z) - 2)
        if strangeness > 0:
            scored.append((-strangeness, r["index"], why, r))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [
        {
            "index": r["index"],
            "seed": r["seed"],
            "strangeness": round(-neg, 2),
            "why": why,
            "seats": r["seats"],
            "turns": r["turns"],
        }
        for neg, _, why, r in scored[:top]
    ]
