"""``manage.py playtest <game>``: play N seeded bot matches in parallel and write a balance report.

    python manage.py playtest abc --matches 10000 --bots random,tit-for-tat --seed s1 --out /tmp/abc

The last line reads ``playtest: <n> matches in <s> s (<r> matches/s), report <path>``.
``--replay I`` plays match I of the same plan alone and prints its log instead.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import RuleError
from games.match.playtest import strategies
from games.match.playtest.options import default_players, options_coerce, options_parse
from games.match.playtest.report import report_prepare_in_background, report_write
from games.match.playtest.runner import Plan, play_match, run, run_celery
from games.match.playtest.stats import summarise
from games.registry import get_engine, slugs


class Command(BaseCommand):
    help = "Play N bot matches of a game over every core and write report.html and report.json."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="the game's slug")
        parser.add_argument("--variant", default=None, help="shorthand for --options variant=<v>")
        parser.add_argument("--options", default="", help="key=value,... or a JSON object (the declared options)")
        parser.add_argument("--matches", type=int, default=1000)
        parser.add_argument("--players", type=int, default=None, help="seats (default: the fewest the options allow)")
        parser.add_argument("--bots", default="random", help="strategies, comma-separated, rotated over the seats")
        parser.add_argument("--seed", default="playtest")
        parser.add_argument("--out", default=None, help="report directory (default: playtest-<game>)")
        parser.add_argument("--processes", type=int, default=None, help="worker processes (default: every core)")
        parser.add_argument("--celery", action="store_true", help="play the chunks as Celery tasks")
        parser.add_argument(
            "--absent",
            type=float,
            default=0.0,
            metavar="P",
            help="chance a bot misses a turn (0-1): the game's default move plays, its ruling is counted",
        )
        parser.add_argument("--max-turns", type=int, default=2000, help="stop a match that has not ended (stalemate)")
        parser.add_argument(
            "--replay", type=int, default=None, metavar="I", help="play match I alone and print its log"
        )
        parser.add_argument("--list-bots", action="store_true", help="print the game's strategies and stop")

    def handle(self, *args: Any, **opts: Any) -> None:
        game = opts["game"]
        if game not in slugs():
            raise CommandError(f"no game {game!r}; choose from: {', '.join(slugs())}")
        if opts["list_bots"]:
            self.stdout.write(", ".join(strategies.names(game)))
            return
        plan = self._plan(game, opts)
        if opts["replay"] is not None:
            self._replay(plan, opts["replay"])
            return
        out = Path(opts["out"] or f"playtest-{game}")
        started = time.perf_counter()
        bar = _Bar(self.stderr if sys.stderr.isatty() else None)
        preparing = report_prepare_in_background()
        results = (
            run_celery(plan, progress=bar) if opts["celery"] else run(plan, processes=opts["processes"], progress=bar)
        )
        played = time.perf_counter() - started
        bar.finish()
        summary = summarise(plan, results)
        summary["elapsed"] = round(played, 3)
        preparing.join()
        page = report_write(summary, out)
        self.stdout.write(_findings(summary))
        self.stdout.write(
            f"playtest: {len(results)} matches in {played:.1f} s "
            f"({len(results) / max(played, 1e-9):.1f} matches/s), report {page}"
        )

    def _plan(self, game: str, opts: dict[str, Any]) -> Plan:
        engine = get_engine(game)
        bots = tuple(b.strip() for b in opts["bots"].split(",") if b.strip()) or ("random",)
        for name in bots:
            try:
                strategies.strategy(game, name)
            except KeyError as exc:
                raise CommandError(exc.args[0]) from exc
        try:
            raw = options_parse(opts["options"])
            if opts["variant"]:
                raw["variant"] = opts["variant"]
        except RuleError as exc:
            raise CommandError(f"--options: {exc}") from exc
        players = opts["players"] or default_players(engine, raw)
        if not engine.min_players <= players <= engine.max_players:
            raise CommandError(f"{engine.title} takes {engine.min_players}–{engine.max_players} players")
        try:
            options = options_coerce(engine, raw, [f"p{i + 1}" for i in range(players)])
        except RuleError as exc:
            raise CommandError(f"--options: {exc}") from exc
        if opts["matches"] < 1:
            raise CommandError("--matches must be at least 1")
        if not 0 <= opts["absent"] <= 1:
            raise CommandError("--absent is a chance, from 0 to 1")
        return Plan(
            game=game,
            matches=opts["matches"],
            players=players,
            bots=bots,
            options=options,
            seed=opts["seed"],
            max_turns=opts["max_turns"],
            absent=opts["absent"],
        )

    def _replay(self, plan: Plan, index: int) -> None:
        log: list[Any] = []
        result = play_match(plan, index, log=log)
        self.stdout.write(f"match {index}, seed {result['seed']} (start a real match with this seed to replay it)")
        for seat, name in enumerate(result["seats"]):
            self.stdout.write(f"  p{seat + 1}: {name}")
        for message in log:
            if not message.text:
                continue
            to = f"[to {message.to}] " if message.to else ""
            ruling = f"  ⟨{message.ruling}⟩" if message.ruling else ""
            self.stdout.write(f"{to}{message.text}{ruling}")
        self.stdout.write(
            f"winners {_seats(result['winners'])}, EC {_seats(result['ec'])}, "
            f"{result['turns']} turns, rulings {result['rulings'] or 'none'}"
        )


def _seats(seats: list[int]) -> str:
    return ", ".join(f"p{s + 1}" for s in seats) or "none"


def _findings(summary: dict[str, Any]) -> str:
    lines = []
    for row in summary["by_strategy"]:
        w, e = row["win"], row["ec"]
        lines.append(
            f"  {row['strategy']:>14}: win {100 * w['rate']:5.1f} % "
            f"[{100 * w['low']:.1f}, {100 * w['high']:.1f}]"
            f"  EC {100 * e['rate']:5.1f} % [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"
            f"  score {row['score'].get('mean', 0):.2f}"
        )
    bad = ", ".join(f"{k} {v['matches']}" for k, v in summary["degenerate"].items() if v["matches"])
    lines.append(
        f"  degenerate: {bad or 'none'}; rulings: "
        + (
            ", ".join(
                f"{r['ruling']}×{r['fired']}" + (f" ({r['missed']} from missed turns)" if r.get("missed") else "")
                for r in summary["rulings"]
            )
            or "none"
        )
    )
    return "\n".join(lines)


class _Bar:
    """A one-line progress bar on a terminal (silent otherwise)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.started = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if self.stream is None:
            return
        width = 30
        filled = int(width * done / max(total, 1))
        rate = done / max(time.perf_counter() - self.started, 1e-9)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {rate:.0f}/s", ending="")
        self.stream.flush()

    def finish(self) -> None:
        if self.stream is not None:
            self.stream.write("")
