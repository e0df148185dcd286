"""Play deadline-closed turns for many players on the embedded default (a SQLite file in WAL mode).

Run as a script by test_embedded.py (it needs its own database file and settings):
a sweeper thread closes due turns while request threads read pages and submit
moves through the API, each thread on its own connection. Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
from datetime import timedelta

import django

MATCHES = int(os.environ.get("LOAD_MATCHES", "20"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "20"))
THREADS = int(os.environ.get("LOAD_THREADS", "6"))


def main() -> None:
    django.setup()
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # setup speed only
    from django.core.management import call_command
    from django.db import connection, connections
    from django.test import Client

    from games.match.services import turns_close_due
    from games.match.services.matches import match_start
    from games.models import Match, Turn
    from games.registry import get_engine
    from tests.factories import users

    call_command("migrate", verbosity=0)
    journal = connection.cursor().execute("PRAGMA journal_mode").fetchone()[0]
    handles = [f"u{i:03d}" for i in range(MATCHES * 5)]
    accounts = {u.username: u for u in users(handles)}
    match_ids = []
    for m in range(MATCHES):
        roster = handles[m * 5 : (m + 1) * 5]
        match = match_start(game="abc", players=roster, options={"x_order": roster}, seed=f"load-{m}", turn_seconds=1)
        match_ids.append(match.pk)
    engine = get_engine("abc")
    stop = threading.Event()
    failures: list[str] = []
    requests = [0]
    sweeps = [0]
    closed = [0]

    def sweeper() -> None:
        while not stop.is_set():
            try:
                closed[0] += turns_close_due()
                sweeps[0] += 1
            except Exception as exc:  # noqa: BLE001
                failures.append(f"sweep: {exc!r}")
            time.sleep(0.2)
        connections.close_all()

    def player(seed: int) -> None:
        rnd = random.Random(seed)
        clients: dict[str, Client] = {}
        while not stop.is_set():
            match = Match.objects.get(pk=rnd.choice(match_ids))
            try:
                turn = Turn.objects.filter(match=match, status="open").first()
                who = rnd.choice(match.players)
                if who not in clients:
                    clients[who] = Client()
                    clients[who].force_login(accounts[who])
                c = clients[who]
                for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/log/?after=0", f"/api/matches/{match.pk}/"):
                    r = c.get(url)
                    requests[0] += 1
                    if r.status_code >= 500:
                        failures.append(f"GET {url}: {r.status_code}")
                if turn and turn.awaiting and match.status == "running":
                    p = rnd.choice(turn.awaiting)
                    if p not in clients:
                        clients[p] = Client()
                        clients[p].force_login(accounts[p])
                    move = engine.random_move(engine.load(turn.state_before), p, rnd)
                    r = clients[p].post(
                        f"/api/matches/{match.pk}/submit/",
                        {"move": move, "turn": turn.number},
                        content_type="application/json",
                    )
                    requests[0] += 1
                    if r.status_code >= 500 or r.status_code not in (201, 409):
                        failures.append(f"POST submit: {r.status_code} {r.content[:200]!r}")
            except Exception as exc:  # noqa: BLE001
                failures.append(f"request: {exc!r}")
            time.sleep(0.02)  # a player's think time between page loads
        connections.close_all()

    workers = [threading.Thread(target=sweeper)] + [threading.Thread(target=player, args=(i,)) for i in range(THREADS)]
    for w in workers:
        w.start()
    time.sleep(SECONDS)
    from django.utils import timezone

    # Overdue is judged against when the sweeper stopped, not when the slowest player thread finished its last
    # request: a turn that fell due while the threads were joined was never the sweeper's to close.
    stopped = timezone.now()
    stop.set()
    for w in workers:
        w.join(60)
    end = Turn.objects.order_by("-opened_at").first().opened_at
    cutoff = stopped - timedelta(seconds=3)
    overdue_open = Turn.objects.filter(
        status="open", deadline__lt=cutoff, paused_remaining__isnull=True, match__status="running"
    ).count()
    lateness = [
        (t.closed_at - t.deadline).total_seconds()
        for t in Turn.objects.filter(status="closed")
        if t.closed_at >= t.deadline
    ]
    print(
        json.dumps(
            {
                "journal": journal,
                "matches": MATCHES,
                "players": MATCHES * 5,
                "requests": requests[0],
                "sweeps": sweeps[0],
                "closed": closed[0],
                "turns": Turn.objects.count(),
                "overdue_open": overdue_open,
                "max_lateness": max(lateness, default=0),
                "failures": failures[:20],
                "failure_count": len(failures),
                "last_open": end.isoformat(),
                "finished": Match.objects.filter(status="finished").count(),
            }
        )
    )


if __name__ == "__main__":
    sys.exit(main())
