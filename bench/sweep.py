"""Due turns closed by several sweeping workers at once, on PostgreSQL (production settings).

    python bench/sweep.py [turns] [workers]

Makes ``turns`` (default 1,000) ABC matches whose open turn is overdue, then starts ``workers``
(default 4) processes that each run one sweep (``turns_close_due``, what the Celery beat task
runs) at the same instant. Sweeps claim batches with ``FOR UPDATE SKIP LOCKED``, so they split
the work. Prints the wall time, each worker's share, and checks every turn closed exactly once
(one closed first turn and one open second turn per match, one close per turn in total).
Baseline, same run: one process sweeping a quarter as many due turns alone.
Goal: 1,000 due turns in under 10 s with 4 workers, exactly once each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import timedelta

from _setup import django_setup, machine


def worker(start_at: float) -> None:
    django_setup(fresh=False)
    from games.services import turns_close_due

    while time.time() < start_at:
        time.sleep(0.001)
    t0 = time.time()
    closed = turns_close_due()
    print(json.dumps({"closed": closed, "start": t0, "end": time.time()}))


def make_due(count: int, tag: str) -> list[int]:
    from django.utils import timezone

    from games.models import Turn
    from games.services.matches import match_start

    players = [f"w{i}" for i in range(5)]
    ids = [
        match_start(game="abc", players=players, options={"x_order": players}, seed=f"{tag}-{i}").pk
        for i in range(count)
    ]
    Turn.objects.filter(match_id__in=ids, status="open").update(deadline=timezone.now() - timedelta(seconds=1))
    return ids


def check(ids: list[int]) -> tuple[bool, str]:
    from django.db.models import Count

    from games.models import Turn

    per_match = Turn.objects.filter(match_id__in=ids).values("match_id").annotate(n=Count("id"))
    closed = Turn.objects.filter(match_id__in=ids, status="closed", number=1).count()
    opened = Turn.objects.filter(match_id__in=ids, status="open", number=2).count()
    ok = closed == len(ids) and opened == len(ids) and all(row["n"] == 2 for row in per_match)
    return ok, f"{closed} first turns closed, {opened} second turns open, for {len(ids)} matches"


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(float(sys.argv[2]))
        return
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    django_setup()
    from games.models import Match
    from games.services import turns_close_due
    from tests.factories import users

    users([f"w{i}" for i in range(5)])
    print(f"machine: {machine()} (shared with other work while measured)")
    # Baseline: one process alone on a quarter of the turns.
    base_ids = make_due(max(1, turns // 4), "base")
    t0 = time.perf_counter()
    n = turns_close_due()
    base = (time.perf_counter() - t0) / n
    print(f"baseline: one sweep alone, {n} due turns, {base * 1000:.2f} ms/turn")
    Match.objects.filter(pk__in=base_ids).update(status="finished")

    ids = make_due(turns, "split")
    start_at = time.time() + 3.0  # every worker imports Django first, then all start together
    env = {**os.environ}
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", str(start_at)], env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(workers)
    ]
    reports = [json.loads(p.communicate()[0].strip().splitlines()[-1]) for p in procs]
    wall = max(r["end"] for r in reports) - start_at
    total = sum(r["closed"] for r in reports)
    ok, detail = check(ids)
    shares = ", ".join(str(r["closed"]) for r in reports)
    print(
        f"{workers} workers: {total} closes in {wall:.2f} s ({wall / turns * 1000:.2f} ms/turn, "
        f"{base * turns / wall:.1f}x one process's rate); shares {shares}"
    )
    print(f"exactly once: {'OK' if ok and total == turns else 'MISSED'} ({detail}, {total} closes reported)")
    print(f"sweep: {turns} due turns, {workers} workers, {wall:.2f} s (goal < 10 s: {'OK' if wall < 10 else 'MISSED'})")


if __name__ == "__main__":
    main()
