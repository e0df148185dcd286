"""Two replicas, proven with processes: the scale-out design of docker-compose.yml without a Docker engine.

Two web processes (config/web.sh, production settings) on two ports, two Celery workers and one beat,
all on one fresh PostgreSQL database and one Redis database of their own, driven from outside the
way browsers behind the proxy would: every request carries the one public host and the proxy's
``X-Forwarded-Proto``, so either replica may answer any of them. The checks:

- a socket on replica A hears a move posted through replica B (the Redis channel layer);
- sessions and the submit rate limit are shared (log in on A, go on on B; alternate posts reach 429);
- turns that fall due close exactly once with both workers racing (a trigger in the database
  records every write to a turn and every log line, with its transaction);
- ``kill -9`` of replica A under load loses no submission that was answered 2xx, and the killed
  replica's players find the truth on B.

Needs PostgreSQL and Redis (``DATABASE_URL``, ``REDIS_URL``): skipped without them, failed without
them under ``GARNET_REQUIRE_SERVICES=1`` (CI). The Redis database is ``GARNET_REPLICAS_REDIS_DB``
(default 11): it is flushed before and after, so it must be one no other test uses.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import secrets
import signal
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from random import Random
from typing import Any

import httpx
import pytest

from tests.deploy.replicas import PUBLIC_HOST, Stack, Visitor, move_form, open_turn, started, wait_until

SUBMIT_LIMIT = 20  # submissions per user per hour: (c) passes it, no player of the load comes near it
DUE_MATCHES, LOAD_MATCHES, DUE_SECONDS = 4, 4, 2
KILL_AFTER = 5  # answered submissions through replica A before it is killed

# One stack for the module, and the last step kills replica A: the steps run in the order written.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("replicas"), pytest.mark.timeout(1200), pytest.mark.in_order]


def needs(condition: bool, reason: str) -> None:
    """Skip when a service is missing, unless CI demands every service (then fail)."""
    if not condition:
        if os.environ.get("GARNET_REQUIRE_SERVICES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def replicas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """Web A and B, two workers and beat on a fresh, seeded database and Redis database of their own."""
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    needs(
        database_url.startswith("postgres") and bool(redis_url), "needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)"
    )
    with started(
        tmp_path_factory.mktemp("replicas"),
        database_url=database_url,
        redis_url=redis_url,
        redis_db=os.environ.get("GARNET_REPLICAS_REDIS_DB", "11"),
        env={
            "GARNET_SUBMIT_RATE": f"{SUBMIT_LIMIT}/h",
            "GARNET_SWEEP_SECONDS": "1",
            "GARNET_LOG_LEVEL": "WARNING",
            "REPLICAS_PASSWORD": secrets.token_urlsafe(12),
        },
        seed=[str(DUE_MATCHES), str(LOAD_MATCHES), str(DUE_SECONDS)],
    ) as stack:
        yield stack


def _flat(frame: str | bytes) -> str:
    """A pushed frame's text, non-ASCII unescaped (a label's "·" is ``\\u00b7`` on the wire)."""
    return json.dumps(json.loads(frame), ensure_ascii=False)


def test_a_socket_on_replica_a_hears_a_move_posted_through_replica_b(replicas: Stack) -> None:
    import websockets

    seed = replicas.seed
    match_id, (mover, listener) = seed["push"]["match"], seed["push"]["players"][:2]
    cookie = seed["cookie"]

    async def scenario() -> list[str]:
        async with websockets.connect(
            f"ws://127.0.0.1:{replicas.ports['A']}/ws/matches/{match_id}/",
            additional_headers={"Cookie": f"{cookie}={seed['sessions'][listener]}", "Origin": f"https://{PUBLIC_HOST}"},
            open_timeout=20,
        ) as ws:
            hello = json.loads(await asyncio.wait_for(ws.recv(), 20))
            assert hello.get("event") == "hello" and hello.get("player") == listener, hello
            turn = open_turn(replicas.conn, match_id)
            assert turn is not None and turn[1] == [mover]
            visitor = Visitor({cookie: seed["sessions"][mover]})
            # The mover's lock-in is the last one the turn awaits: the turn closes (the close is pushed, not the tick).
            answer = await asyncio.to_thread(
                visitor.post,
                replicas.url("B"),
                f"/matches/{match_id}/submit/",
                move_form(turn, mover, Random(1), True),
                True,
            )
            assert answer.status_code == 200, answer.text[:500]
            frames: list[str] = []
            end = time.monotonic() + 15
            while time.monotonic() < end:
                try:
                    frames.append(_flat(await asyncio.wait_for(ws.recv(), end - time.monotonic())))
                except TimeoutError:
                    break
                nxt = open_turn(replicas.conn, match_id)
                if nxt and any(nxt[3] in f for f in frames):
                    break
            return frames

    frames = asyncio.run(scenario())
    nxt = open_turn(replicas.conn, match_id)
    assert nxt is not None and nxt[0] == 2
    assert any(nxt[3] in f for f in frames), f"the close's push (now {nxt[3]!r}) did not reach replica A: {frames}"


def test_sessions_and_the_submit_rate_limit_are_shared_by_the_replicas(replicas: Stack) -> None:
    a, b = replicas.url("A"), replicas.url("B")
    seed = replicas.seed
    me, match_id = seed["limit"]["user"], seed["limit"]["match"]
    visitor = Visitor()
    assert visitor.get(a, "/accounts/login/").status_code == 200
    login = visitor.post(a, "/accounts/login/", {"username": me, "password": replicas.env["REPLICAS_PASSWORD"]})
    assert login.status_code == 302, login.text[:500]
    mine = visitor.get(b, "/me/")
    assert mine.status_code == 200 and me in mine.text, "the session made on A is unknown to B"
    # The limit counts per fixed window (an hour here): start well inside one, so every post lands in the same.
    if 3600 - time.time() % 3600 < 30:
        time.sleep(3600 - time.time() % 3600 + 1)
    turn = open_turn(replicas.conn, match_id)
    assert turn is not None
    rng = Random(2)
    statuses = [
        visitor.post((a, b)[i % 2], f"/matches/{match_id}/submit/", move_form(turn, me, rng, False), True).status_code
        for i in range(SUBMIT_LIMIT)
    ]
    assert statuses == [200] * SUBMIT_LIMIT, statuses
    over = [visitor.post(r, f"/matches/{match_id}/submit/", move_form(turn, me, rng, False), True) for r in (a, b)]
    assert [r.status_code for r in over] == [429, 429], "each replica counted alone"
    saved = replicas.sql(
        "SELECT s.revision FROM games_submission s JOIN games_turn t ON t.id = s.turn_id "
        "WHERE t.match_id = %s AND s.player = %s",
        match_id,
        me,
    )
    assert saved == [(SUBMIT_LIMIT,)], saved


def test_due_turns_close_exactly_once_with_two_workers(replicas: Stack) -> None:
    due = replicas.seed["due"]

    def finished() -> bool:
        rows = replicas.sql("SELECT count(*) FROM games_match WHERE id = ANY(%s) AND status = 'finished'", due)
        return int(rows[0][0]) == len(due)

    wait_until(finished, "the short-turn matches to play out by their deadlines", replicas, timeout=120)
    for match_id in due:
        turns = replicas.sql("SELECT id, number, status FROM games_turn WHERE match_id = %s ORDER BY number", match_id)
        assert [n for _, n, _ in turns] == list(range(1, len(turns) + 1))
        assert all(status == "closed" for _, _, status in turns), turns
        closes: dict[int, set[int]] = {}
        for number, tx in replicas.sql(
            "SELECT number, tx FROM replica_audit WHERE tbl = 'turn' AND op = 'UPDATE' AND new_status = 'closed' "
            "AND match_id = %s",
            match_id,
        ):
            closes.setdefault(number, set()).add(tx)
        assert {n: len(t) for n, t in closes.items()} == {n: 1 for _, n, _ in turns}, f"match {match_id}: {closes}"
        opened = replicas.sql(
            "SELECT number, tx FROM replica_audit WHERE tbl = 'turn' AND op = 'INSERT' AND match_id = %s ORDER BY number",
            match_id,
        )
        assert [n for n, _ in opened] == list(range(1, len(turns) + 1)), f"match {match_id} opened {opened}"
        for number, tx in opened[1:]:  # each next turn opened by the close of the one before
            assert closes[number - 1] == {tx}, (
                f"match {match_id}: turn {number} opened outside turn {number - 1}'s close"
            )
        for number, tx in replicas.sql(
            "SELECT DISTINCT number, tx FROM replica_audit WHERE tbl = 'message' AND match_id = %s", match_id
        ):
            assert closes[number] == {tx}, f"match {match_id}: lines of turn {number} written outside its one close"
        seqs = replicas.sql('SELECT seq FROM games_message WHERE match_id = %s AND "to" IS NULL ORDER BY seq', match_id)
        last_seq = replicas.sql("SELECT last_seq FROM games_match WHERE id = %s", match_id)[0][0]
        assert [s for (s,) in seqs] == list(range(1, last_seq + 1))
    # Both workers took part (the scheduled closes and the sweeps go to whichever is free).
    for i in (1, 2):
        assert "games.tasks." in replicas.procs[f"worker {i}"].tail(10**7), f"worker {i} ran no task"
    assert not replicas.tracebacks("worker 1", "worker 2", "beat")


@dataclass
class Post:
    player: str
    match: int
    turn: int
    replica: str
    status: int | None  # None: no answer (the replica died with the request)


@dataclass
class Load:
    posts: list[Post] = field(default_factory=list)
    recovered: dict[str, str] = field(default_factory=dict)  # player → "" when their page on B told the truth
    killed_at: float = 0.0
    turns_at_kill: dict[int, int] = field(default_factory=dict)


def _truth(conn: Any, match_id: int) -> list[str]:
    """What the match's page must show now: the open turn's label, the last public line."""
    shown = []
    turn = open_turn(conn, match_id)
    if turn is not None:
        shown.append(html.escape(turn[3]))
    line = conn.execute(
        'SELECT text FROM games_message WHERE match_id = %s AND "to" IS NULL ORDER BY seq DESC LIMIT 1', (match_id,)
    ).fetchone()
    if line is not None:
        shown.append(html.escape(line[0].split("\n")[-1]))
    return shown


async def _play(stack: Stack, load: Load) -> None:
    """Every load player posts its lock-in for each turn that awaits it, through its replica (A or B, alternately),
    until replica A is killed; then A's players go on through B. Stops when every match has played on after the kill."""
    import psycopg
    import websockets

    seed = stack.seed
    cookie = seed["cookie"]
    poll = await psycopg.AsyncConnection.connect(stack.database_url, autocommit=True)
    check = await asyncio.to_thread(psycopg.connect, stack.database_url, autocommit=True)
    matches = {m["match"]: m["players"] for m in seed["load"]}
    turns: dict[int, tuple[int, list[str], dict[str, Any], str] | None] = {}
    stop = asyncio.Event()
    dead: set[str] = set()

    async def watch() -> None:
        while not stop.is_set():
            rows = await (
                await poll.execute(
                    "SELECT m.id, t.number, t.awaiting, t.state_before, t.label FROM games_match m "
                    "LEFT JOIN games_turn t ON t.match_id = m.id AND t.status = 'open' WHERE m.id = ANY(%s)",
                    (list(matches),),
                )
            ).fetchall()
            for m, number, awaiting, state, label in rows:
                turns[m] = None if number is None else (number, list(awaiting), dict(state), label)
            await asyncio.sleep(0.05)

    async def recover(http: httpx.AsyncClient, visitor: Visitor, player: str, match_id: int) -> None:
        """The killed replica's player reloads on B (its socket dropped): the page and its live part show the truth."""
        problems = []
        for path in (f"/matches/{match_id}/", f"/matches/{match_id}/live/"):
            before = await asyncio.to_thread(_truth, check, match_id)
            r = await http.get(stack.url("B") + path, headers=visitor.headers())
            after = await asyncio.to_thread(_truth, check, match_id)
            if r.status_code != 200:
                problems.append(f"{path}: {r.status_code}")
            elif not (all(t in r.text for t in before) or all(t in r.text for t in after)):
                problems.append(f"{path} shows neither {before} nor {after}")
        # Its socket reconnects to B, whose hello names the match's last line as the database has it.
        last_seq = "SELECT last_seq FROM games_match WHERE id = %s"
        low = (await asyncio.to_thread(lambda: check.execute(last_seq, (match_id,)).fetchone()))[0]
        async with websockets.connect(
            f"ws://127.0.0.1:{stack.ports['B']}/ws/matches/{match_id}/",
            additional_headers={"Cookie": visitor.headers()["Cookie"], "Origin": f"https://{PUBLIC_HOST}"},
            open_timeout=20,
        ) as ws:
            hello = json.loads(await asyncio.wait_for(ws.recv(), 20))
        high = (await asyncio.to_thread(lambda: check.execute(last_seq, (match_id,)).fetchone()))[0]
        if hello.get("player") != player or not low <= hello.get("seq", -1) <= high:
            problems.append(f"the socket on B said {hello}, the database {low}..{high}")
        load.recovered[player] = "; ".join(problems)

    async def player(handle: str, match_id: int, home: str) -> None:
        visitor = Visitor({cookie: seed["sessions"][handle]})
        rng = Random(handle)
        replica, done = home, 0
        async with httpx.AsyncClient(timeout=20) as http:
            while not stop.is_set():
                if replica in dead:
                    replica = "B"
                    await recover(http, visitor, handle, match_id)
                turn = turns.get(match_id)
                if turn is None or turn[0] <= done or handle not in turn[1]:
                    await asyncio.sleep(0.02)
                    continue
                form = move_form(turn, handle, rng, True)
                done = turn[0]
                while True:
                    try:
                        r = await http.post(
                            f"{stack.url(replica)}/matches/{match_id}/submit/", data=form, headers=visitor.headers(True)
                        )
                    except httpx.TransportError:
                        load.posts.append(Post(handle, match_id, turn[0], replica, None))
                        if replica not in dead:
                            raise
                        replica = "B"
                        await recover(http, visitor, handle, match_id)
                        continue  # post again on B, as the page would: a move that landed is refused as locked
                    load.posts.append(Post(handle, match_id, turn[0], replica, r.status_code))
                    break

    async def killer() -> None:
        while sum(p.replica == "A" and p.status == 200 for p in load.posts) < KILL_AFTER:
            await asyncio.sleep(0.01)
        stack.killed.add("web A")
        os.kill(stack.procs["web A"].popen.pid, signal.SIGKILL)
        dead.add("A")
        load.killed_at = time.monotonic()
        load.turns_at_kill = {m: (t[0] if t else 0) for m, t in turns.items()}
        # Played on: every match finished or three turns further, or give up after 40 s (the test then says why).
        while time.monotonic() - load.killed_at < 40:
            now = {m: turns.get(m) for m in matches}
            if all(t is None or t[0] >= load.turns_at_kill[m] + 3 for m, t in now.items()):
                break
            await asyncio.sleep(0.1)
        stop.set()

    watcher = asyncio.create_task(watch())
    while len(turns) < len(matches):
        await asyncio.sleep(0.02)
    players = [player(handle, m, "AB"[k % 2]) for m, handles in matches.items() for k, handle in enumerate(handles)]
    try:
        await asyncio.wait_for(asyncio.gather(killer(), *players), timeout=120)
    finally:
        stop.set()
        await watcher
        await poll.close()
        check.close()


def test_killing_a_web_replica_mid_load_loses_no_submission(replicas: Stack) -> None:
    load = Load()
    asyncio.run(_play(replicas, load))
    answered = [p for p in load.posts if p.status is not None]
    print(
        f"answered through A before the kill: {sum(p.replica == 'A' for p in answered)}, no answer: "
        f"{sum(p.status is None for p in load.posts)}, through B: {sum(p.replica == 'B' for p in answered)} "
        f"({dict(Counter(p.status for p in answered if p.replica == 'B'))}), reloaded on B: {len(load.recovered)}"
    )
    assert load.killed_at, "replica A was never killed"
    assert not [p for p in answered if p.status >= 500], answered
    lost = []
    for p in answered:
        if 200 <= p.status < 300:
            row = replicas.sql(
                "SELECT s.locked FROM games_submission s JOIN games_turn t ON t.id = s.turn_id "
                "WHERE t.match_id = %s AND t.number = %s AND s.player = %s",
                p.match,
                p.turn,
                p.player,
            )
            if row != [(True,)]:
                lost.append(p)
    assert not lost, f"answered 2xx but not in the database: {lost}"
    home_a = {h for m in replicas.seed["load"] for k, h in enumerate(m["players"]) if k % 2 == 0}
    assert set(load.recovered) == home_a, f"players of A that never reloaded on B: {home_a - set(load.recovered)}"
    assert not {h: why for h, why in load.recovered.items() if why}, load.recovered
    stalled = []
    for m in (m["match"] for m in replicas.seed["load"]):
        turn = open_turn(replicas.conn, m)
        if turn is not None and turn[0] < load.turns_at_kill[m] + 3:
            locked = replicas.sql(
                "SELECT s.player FROM games_submission s JOIN games_turn t ON t.id = s.turn_id "
                "WHERE t.match_id = %s AND t.number = %s AND s.locked",
                m,
                turn[0],
            )
            stalled.append(f"match {m} turn {turn[0]} awaits {turn[1]}, locked in: {[p for (p,) in locked]}")
    assert not stalled, f"matches stopped playing after the kill: {stalled}"
    assert not replicas.tracebacks("web B"), replicas.tracebacks("web B")
