"""CPU of one match page GET in one process, against the bare one-row view in the same run.

    python bench/page_get.py [--gets 50] [--rounds 3]

A seated player (signed in, not awaited: no form) opens an ABC match's page through Django's test
client on the production settings (bench/settings.py: PostgreSQL with the pool, Redis cache, all
middleware): the full page a player or spectator loads (the nav, the live part, the rules panel, the
log). The baseline is the bare view (``/bench/bare/<pk>/``: one row as JSON), through the same
middleware. Rounds alternate bare and page; the CPU is ``time.process_time`` per GET, robust to a
busy machine. Prints each round, the medians, the ratio, and the queries of one page GET.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from _setup import django_setup, machine


def _cpu_per_call(fn: Callable[[], Any], count: int) -> float:
    start = time.process_time()
    for _ in range(count):
        fn()
    return (time.process_time() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gets", type=int, default=50, help="GETs of each kind per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    django_setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tests.factories import abc_match, users

    match = abc_match([f"g{k}" for k in range(5)], seed="page-get")
    client = Client()
    client.force_login(users(["g1"])[0])
    page, bare = f"/matches/{match.pk}/", f"/bench/bare/{match.pk}/"
    for url in (page, page, bare):  # warm: the first requests build the middleware, load templates, compile reads
        assert client.get(url).status_code == 200, url
    pages, bares = [], []
    for _ in range(args.rounds):
        bares.append(_cpu_per_call(lambda: client.get(bare), args.gets))
        pages.append(_cpu_per_call(lambda: client.get(page), args.gets))
    with CaptureQueriesContext(connection) as queries:
        size = len(client.get(page).content)
    print(machine())
    for n, (b, p) in enumerate(zip(bares, pages, strict=True), start=1):
        print(f"round {n}: bare view {b * 1000:.2f} ms CPU, match page {p * 1000:.2f} ms CPU per GET")
    b, p = statistics.median(bares), statistics.median(pages)
    print(f"median: bare view {b * 1000:.2f} ms, match page {p * 1000:.2f} ms ({p / b:.1f}x the bare view)")
    print(f"match page: {size} bytes, {len(queries.captured_queries)} queries")
    for q in queries.captured_queries:
        print("   ", q["sql"][:120])


if __name__ == "__main__":
    main()
