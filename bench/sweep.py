"""Due turns closed by several sweeping workers at once, on PostgreSQL (production settings).

    python bench/sweep.py [turns] [workers]

Makes ``turns`` (default 1,000) ABC matches whose open turn is overdue, then starts ``workers``
(default 4) processes that each run one sweep (``turns_close_due``, what the Celery beat task
runs) at the same instant, once each has imported Django and connected (as a running worker has). Sweeps claim batches with ``FOR UPDATE SKIP LOCKED``, so they split
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


def worker() -> None:
    """Set up Django, say "ready", wait for "go" on stdin, sweep once, report as JSON."""
    django_setup(fresh=False)
    from channels.layers import get_channel_layer
    from django.db import connection

    from config.gc_tuning import gc_tune
    from games.match.services import turns_close_due

    gc_tune()  # what config.celery does in each worker process
    connection.ensure_connection()  # what a long-lived Celery worker already has
    get_channel_layer()
    print("ready", flush=True)
    sys.stdin.readline()
    t0, c0 = time.time(), time.process_time()
    closed = turns_close_due()
    print(json.dumps({"closed": closed, "start": t0, "end": time.time(), "cpu": time.process_time() - c0}))


def make_due(count: int, tag: str) -> list[int]:
    """``count`` ABC matches whose first turn is overdue, made in bulk (a few inserts, not per-match round trips)."""
    from django.utils import timezone

    from tests.factories import abc_matches

    due = timezone.now() - timedelta(seconds=1)
    return [m.pk for m in abc_matches(count, [f"w{i}" for i in range(5)], seed=tag, deadline=due)]


def check(ids: list[int]) -> tuple[bool, str]:
    from django.db.models import Count

    from games.models import Turn

    per_match = Turn.objects.filter(match_id__in=ids).values("match_id").annotate(n=Count("id"))
    closed = Turn.objects.filter(match_id__in=ids, status="closed", number=1).count()
    opened = Turn.objects.filter(match_id__in=ids, status="open", number=2).count()
    ok = closed == len(ids) and opened == len(ids) and all(row["n"] == 2 for row in per_match)
    return ok, f"{closed} first turns closed, {opened} second turns open, for {len(ids)} matches"


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker()
        return
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    django_setup()
    from config.gc_tuning import gc_tune
    from games.match.services import turns_close_due
    from games.models import Match

    gc_tune()  # the baseline sweeps as a worker process would
    print(f"machine: {machine()} (shared with other work while measured); load {os.getloadavg()[0]:.1f}")
    # Baseline: one process alone on a quarter of the turns.
    base_ids = make_due(max(1, turns // 4), "base")
    t0, c0 = time.perf_counter(), time.process_time()
    n = turns_close_due()
    base = (time.perf_counter() - t0) / n
    print(
        f"baseline: one sweep alone, {n} due turns, {base * 1000:.2f} ms/turn "
        f"({(time.process_time() - c0) / n * 1000:.2f} ms CPU/turn in the sweeping process)"
    )
    Match.objects.filter(pk__in=base_ids).update(status="finished")

    ids = make_due(turns, "split")
    # Every worker imports Django and connects first (a Celery worker is long-lived), then all start together.
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for _ in range(workers)
    ]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    start_at = time.time()
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    reports = [json.loads(p.communicate()[0].strip().splitlines()[-1]) for p in procs]
    wall = max(r["end"] for r in reports) - start_at
    total = sum(r["closed"] for r in reports)
    ok, detail = check(ids)
    shares = ", ".join(str(r["closed"]) for r in reports)
    cpu = sum(r["cpu"] for r in reports)
    print(
        f"{workers} workers: {total} closes in {wall:.2f} s ({wall / turns * 1000:.2f} ms/turn, "
        f"{base * turns / wall:.1f}x one process's rate); shares {shares}; "
        f"workers' CPU {cpu:.2f} s ({cpu / max(1, total) * 1000:.2f} ms/turn); load {os.getloadavg()[0]:.1f}"
    )
    print(f"exactly once: {'OK' if ok and total == turns else 'MISSED'} ({detail}, {total} closes reported)")
    print(f"sweep: {turns} due turns, {workers} workers, {wall:.2f} s (goal < 10 s: {'OK' if wall < 10 else 'MISSED'})")


if __name__ == "__main__":
    main()
