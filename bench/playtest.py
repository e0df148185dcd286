"""The playtest lab's throughput: random-bot matches per second over a process pool, and the report.

    python bench/playtest.py [abc-matches] [other-matches] [processes]

Defaults: 10,000 ABC matches, 1,000 of each other game, 2 processes (the goals: ABC under 30 s,
each other game under 60 s, the report under 5 s more). Baseline, same run: 200 matches of each
game on one process, so each figure is also given as the pool's speed-up over one core. Needs no
database (the lab never touches one).

Wall-clock figures need a quiet machine; the CPU figures (``1 core m/CPU-s``: matches per
CPU-second of the one-process baseline; ``pool CPU s``: the workers' CPU time from getrusage)
barely move with other load, so compare those across runs on a shared machine.
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from _setup import machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from games.match.playtest.options import default_players
    from games.match.playtest.report import report_write
    from games.match.playtest.runner import Plan, run
    from games.match.playtest.stats import summarise
    from games.registry import engines

    abc_n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    other_n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000
    procs = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    print(f"machine: {machine()}; processes: {procs}")
    print(
        f"{'game':10} {'matches':>8} {'1 core m/s':>11} {'m/CPU-s':>8} {'pool s':>8} {'pool CPU s':>10} "
        f"{'pool m/s':>9} {'speed-up':>9} {'report s':>9} {'goal':>12}"
    )
    for engine in engines():
        n = abc_n if engine.slug == "abc" else other_n
        goal = 30.0 if engine.slug == "abc" else 60.0
        base_plan = Plan(game=engine.slug, matches=200, players=default_players(engine, {}), seed="bench-base")
        t0, c0 = time.perf_counter(), time.process_time()
        run(base_plan, processes=1)
        one = 200 / (time.perf_counter() - t0)
        per_cpu = 200 / (time.process_time() - c0)
        plan = Plan(game=engine.slug, matches=n, players=default_players(engine, {}), seed="bench")
        t0, k0 = time.perf_counter(), _children_cpu()
        results = run(plan, processes=procs)
        played = time.perf_counter() - t0
        pool_cpu = _children_cpu() - k0
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory() as out:
            report_write(summarise(plan, results), Path(out))
        reported = time.perf_counter() - t0
        ok = "OK" if played < goal and reported < 5 else "MISSED"
        print(
            f"{engine.slug:10} {n:>8} {one:>11.1f} {per_cpu:>8.1f} {played:>8.1f} {pool_cpu:>10.1f} {n / played:>9.1f} "
            f"{n / played / one:>8.2f}x {reported:>9.2f} {f'<{goal:.0f}s {ok}':>12}"
        )


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
