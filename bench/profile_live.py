"""CPU per submission of the live path in one process, with a profile of where it goes.

    python bench/profile_live.py [--matches 4] [--players 5] [--profile out.prof] [--socket]

Plays ABC matches to the end through the production request path (bench/settings.py: PostgreSQL,
Redis cache and channel layer, all middleware) with Django's test client, doing per submission
what a browser does: the htmx "Save and lock in" POST. Every player has the page open (its seat's
group listens, as ``games.match.presence`` counts it), so a close draws every seat's new live part and pushes it (inside the closing POST, as in production), so no page fetches; ``--fetch`` adds the
GET per other page that pages made after each close before that. ``--socket`` sends each move as the
page does while its socket is open: the work of a ``submit`` frame (``games.web.submitting.socket_submit``,
what the consumer calls in its thread), without the HTTP request around it.
Prints CPU milliseconds (``time.process_time``, robust to a loaded machine) per submission and
per request kind, and the queries of one submission and of one that closes its turn; ``--profile`` writes a cProfile of the run.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import json
import random
import time
from collections import defaultdict
from typing import Any

from _setup import django_setup, machine


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--profile", default="")
    parser.add_argument("--socket", action="store_true", help="send the moves as submit frames, not htmx posts")
    parser.add_argument("--profile-kind", default="", help='profile only this kind of request, e.g. "POST"')
    parser.add_argument(
        "--fetch", action="store_true", help="also fetch every other page after each close (as pages did before pushes)"
    )
    args = parser.parse_args()
    django_setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from config.gc_tuning import gc_tune
    from games.match import broadcast
    from games.match.presence import presence_join
    from games.models import Match, Turn
    from games.registry import get_engine
    from games.web.submitting import socket_submit
    from tests.factories import abc_match, users

    gc_tune()  # what config/asgi.py does in the web process
    rnd = random.Random(1)
    matches = []
    handler: Any = None
    for m in range(args.matches):
        roster = [f"p{m}_{k}" for k in range(args.players)]
        match = abc_match(roster, seed=f"profile-{m}")
        clients = {}
        for u in users(roster):
            c = Client(HTTP_HX_REQUEST="true")
            if handler is not None:  # one middleware stack, as one server process has (whitenoise scans at start)
                c.handler = handler
            handler = c.handler
            c.force_login(u)
            clients[u.username] = c
        # Every player has the match page open, as in bench/load.py: its socket is in its seat's group, so a close
        # draws and pushes every seat's page (the closing POST answers with its player's).
        presence_join(
            match_id=match.pk,
            groups=[broadcast.group_public(match.pk), *(broadcast.group_player(match.pk, h) for h in roster)],
        )
        matches.append((match.pk, clients))
    # One untimed request first: the process's first request builds the middleware (whitenoise scans the static
    # files), a start-up cost that belongs to no submission.
    first_id, first_clients = matches[0]
    next(iter(first_clients.values())).get(reverse("games:match_live", args=[first_id]))
    cpu: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    submissions = 0
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    queries: list[str] = []
    closing_queries: list[str] = []

    def timed(kind: str, fn: Any) -> Any:
        t = time.process_time()
        on = profiler is not None and args.profile_kind in ("", kind)
        if on:
            profiler.enable()
        out = fn()
        if on:
            profiler.disable()
        cpu[kind] += time.process_time() - t
        count[kind] += 1
        return out

    def over_socket(client: Any, match_id: int, data: dict[str, str]) -> Any:
        """A submit frame's work, answered as the HTTP post would be (its status, for the check below)."""
        user = client.session.get("_auth_user_id")
        answer = socket_submit(
            user=users_by_pk[int(user)],
            match_id=match_id,
            fields=list(data.items()),
            session_key=client.session.session_key,
        )
        return type("Answer", (), {"status_code": answer["status"], "content": str(answer)[:300].encode()})

    users_by_pk = {u.pk: u for u in get_user_model().objects.all()}
    via = "submit frame" if args.socket else "POST"
    for match_id, clients in matches:
        engine = get_engine("abc")
        while True:
            match = Match.objects.get(pk=match_id)
            if match.is_over:
                break
            turn = Turn.objects.get(match_id=match_id, status=Turn.Status.OPEN)
            state = engine.load(turn.state_before)
            awaiting = list(turn.awaiting)
            for handle in awaiting:
                move = json.dumps(dict(engine.random_move(state, handle, rnd)))
                data = {"move_json": move, "lock": "1", "turn": str(turn.number)}
                url = reverse("games:match_submit", args=[match_id])
                post = (
                    functools.partial(over_socket, clients[handle], match_id, data)
                    if args.socket
                    else functools.partial(clients[handle].post, url, data)
                )
                if not queries and handle != awaiting[-1]:
                    with CaptureQueriesContext(connection) as q:
                        r = timed(via, post)
                    queries = [x["sql"] for x in q.captured_queries]
                elif not closing_queries and handle == awaiting[-1]:
                    with CaptureQueriesContext(connection) as q:
                        r = timed(f"{via} closing the turn", post)
                    closing_queries = [x["sql"] for x in q.captured_queries]
                else:
                    r = timed(f"{via} closing the turn" if handle == awaiting[-1] else via, post)
                assert r.status_code == 200, r.content[:300]
                submissions += 1
            if args.fetch:  # the page design before pushed pages: every other page fetched after each close
                live = reverse("games:match_live", args=[match_id])
                for handle, c in clients.items():
                    if handle != awaiting[-1]:
                        timed("GET live", functools.partial(c.get, live))
    total = sum(cpu.values())
    print(machine())
    for kind in cpu:
        print(f"{kind}: {count[kind]} requests, {cpu[kind] / count[kind] * 1000:.2f} ms CPU each")
    print(f"{via} (not closing) made {len(queries)} queries")
    for sql in queries:
        print("   ", sql[:140])
    print(f"{via} closing the turn made {len(closing_queries)} queries")
    for sql in closing_queries:
        print("   ", sql[:140])
    print(f"live: {submissions} submissions, {total / submissions * 1000:.1f} ms CPU per submission")
    if profiler:
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    main()
