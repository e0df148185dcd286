"""CPU of the API submit in one process, against the bare view, with the submit's queries and a profile.

    python bench/profile_submit.py [--rounds 3] [--profile out.prof]

What ``bench/submit.py`` measures over HTTP, without the server and the client around it: Django's
handler with every middleware (bench/settings.py: PostgreSQL, Redis cache), driven by the test client.
Alternates the bare view (/bench/bare/<pk>/) and the API save (POST /api/matches/<pk>/submit/, a token
caller saving a move that does not close the turn) across 50 matches, and prints CPU milliseconds
(``time.process_time``) per request of each, their ratio, and the queries and cache calls of one save.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import time
from typing import Any

from _setup import django_setup, machine


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=1000, help="requests of each kind per round")
    parser.add_argument("--profile", default="", help="write a cProfile of the submits here")
    args = parser.parse_args()
    django_setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token

    from config.gc_tuning import gc_tune
    from tests.factories import abc_match

    gc_tune()
    bare: list[str] = []
    saves: list[tuple[str, str, str]] = []
    for i in range(50):
        roster = [f"p{i}_{k}" for k in range(5)]
        match = abc_match(roster, seed=f"profile-{i}")
        token = Token.objects.create(user=get_user_model().objects.get(username=roster[0]))
        bare.append(f"/bench/bare/{match.pk}/")
        others = roster[1:]
        for pairs in (
            [[others[0], others[1]], [others[2], others[3]]],
            [[others[0], others[2]], [others[1], others[3]]],
        ):
            saves.append((f"/api/matches/{match.pk}/submit/", json.dumps({"move": {"pairs": pairs}}), token.key))
    client = Client()

    def get(i: int) -> None:
        response = client.get(bare[i % len(bare)])
        assert response.status_code == 200, response.content

    def post(i: int) -> None:
        path, body, key = saves[i % len(saves)]
        response = client.post(path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {key}")
        assert response.status_code == 201, response.content

    def cpu_ms(call: Any, n: int) -> float:
        start = time.process_time()
        for i in range(n):
            call(i)
        return (time.process_time() - start) * 1000 / n

    for call in (get, post):  # warm up: compiled statements, template and URL caches, connections
        cpu_ms(call, 200)
    with CaptureQueriesContext(connection) as queries:
        post(1)
    print(f"machine: {machine()}")
    print(f"queries of one API save ({len(queries.captured_queries)}):")
    for q in queries.captured_queries:
        print(f"  {q['sql'][:160]}")
    ratios = []
    for r in range(args.rounds):
        b = cpu_ms(get, args.requests)
        profile = cProfile.Profile(time.process_time) if args.profile and r == args.rounds - 1 else None
        if profile:
            profile.enable()
        s = cpu_ms(post, args.requests)
        if profile:
            profile.disable()
            profile.dump_stats(args.profile)
        ratios.append(b / s)
        print(f"round {r + 1}: bare view {b:.2f} ms CPU, API save {s:.2f} ms CPU, bare/save {b / s:.2f}")
    print(
        f"median bare/save CPU ratio {sorted(ratios)[len(ratios) // 2]:.2f} (submit.py's goal of 0.5x throughput asks about this much)"
    )


if __name__ == "__main__":
    main()
