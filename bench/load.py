"""A browser-like load: many players at once, each doing what garnet.js and htmx do.

    python bench/load.py [--players 100] [--matches 20] [--think 0] [--duration 90]
                         [--server uvicorn|daphne] [--workers N]

Starts the ASGI server on the production settings (bench/settings.py: PostgreSQL with the
pool, Redis cache and channel layer, DEBUG off) and plays ABC matches of players/matches
players each. Every player, in one asyncio process on this machine: loads the match page,
opens the match websocket (kept for the whole run), and whenever its page shows a form,
posts "Save and lock in" through it (htmx: the answer is the live fragment), then waits for
the push: like garnet.js it swaps in the live part a close pushes (or fetches the live part when a
turn event comes without one), and goes on until the match ends.
A move is a random legal one, computed from the turn's stored state and posted in the form's
``move_json`` field (the field the game forms fill for their JavaScript helpers).

Figures: submissions/s, HTTP requests/s, POST p50/p95/p99, push delay p50/p99 (from the
moment a turn opened, which is the moment the previous one closed, to when each player
that turn awaits has it on its page), players finished, errors and 5xx, dropped sockets,
and the server's CPU time per submission (all its processes). The last line reads
``load: <finished>/<players> finished, <x> submissions/s, POST p99 <y> ms, push p99 <z> ms,
<e> errors, <c> ms CPU per submission``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from _setup import ROOT, django_setup, machine, pct

FORM_TURN = re.compile(r'name="turn" value="(\d+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')
FINISHED = 'class="panel result"'
PAGE_SEQ = re.compile(r'id="live" data-match="\d+" data-seq="(\d+)"')
LIVE_TURN = re.compile(r'class="live-root" data-seq="\d+" data-turn="(\d*)"')


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of ``pid`` and all its descendants."""
    total, stack = 0.0, [pid]
    tick = os.sysconf("SC_CLK_TCK")
    while stack:
        p = stack.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{p}/task").iterdir():
                stack += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, IndexError, ValueError):
            continue
    return total


def _machine_busy() -> float:
    """CPU seconds the whole machine has been busy (every process: server, this bench, PostgreSQL, Redis)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _self_cpu() -> float:
    """CPU seconds of this bench process (its players, and the threads that pick their moves)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Stats:
    def __init__(self) -> None:
        self.posts: list[float] = []
        self.http = 0
        self.submissions = 0
        self.errors: Counter[str] = Counter()
        self.fivexx = 0
        self.dropped = 0
        self.finished = 0
        self.pushed_pages = 0  # live parts taken from a push instead of a fetch
        self.shown: list[tuple[int, int, float]] = []  # (match, turn number, when this player's page showed it)


def setup(players: int, matches: int) -> tuple[list[dict[str, Any]], str]:
    """Matches, users and signed-in sessions; returns one record per player."""
    django_setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.utils.module_loading import import_string

    from tests.factories import abc_match, users

    SessionStore = import_string(f"{settings.SESSION_ENGINE}.SessionStore")  # noqa: N806
    per = players // matches
    out = []
    for m in range(matches):
        roster = [f"l{m}_{k}" for k in range(per)]
        match = abc_match(roster, seed=f"load-{m}")
        accounts = {u.username: u for u in users(roster)}  # after the match: the factory sets passwords
        for handle in roster:
            user = accounts[handle]
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            out.append({"match": match.pk, "handle": handle, "session": session.session_key})
    return out, settings.SESSION_COOKIE_NAME


_states: dict[tuple[int, int], Any] = {}


def legal_move(match_id: int, number: int, handle: str, rnd: random.Random) -> dict[str, Any]:
    """A random legal move for ``handle`` in turn ``number`` (what a person picks in the form).

    The turn's state is read once for all its players (a browser reads no database: the bench's
    own reads should take as little from the machine it measures as they can).
    """
    from games.models import Match, Turn
    from games.registry import get_engine

    found = _states.get((match_id, number))
    if found is None:
        engine = get_engine(Match.objects.only("game").get(pk=match_id).game)
        turn = Turn.objects.only("state_before").get(match_id=match_id, number=number)
        found = _states[(match_id, number)] = (engine, engine.load(turn.state_before))
    engine, state = found
    return dict(engine.random_move(state, handle, rnd))


async def play(rec: dict[str, Any], cookie_name: str, port: int, think: float, stop_at: float, stats: Stats) -> None:
    import httpx
    import websockets

    base = f"http://127.0.0.1:{port}"
    match_id, me = rec["match"], rec["handle"]
    rnd = random.Random(me)
    async with httpx.AsyncClient(base_url=base, cookies={cookie_name: rec["session"]}, timeout=30) as http:

        async def get(path: str) -> str:
            r = await http.get(path)
            stats.http += 1
            if r.status_code >= 500:
                stats.fivexx += 1
            if r.status_code >= 400:
                stats.errors[f"GET {r.status_code}"] += 1
            return r.text

        html = await get(f"/matches/{match_id}/")
        # htmx posts with the page's token as a header (<body hx-headers>); a pushed form carries no token field.
        token = CSRF_HEADER.search(html)
        csrf = {"X-CSRFToken": token.group(1)} if token else {}
        try:
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/matches/{match_id}/",
                open_timeout=30,
                additional_headers={"Cookie": f"{cookie_name}={rec['session']}", "Origin": base},
            )
        except Exception as exc:  # noqa: BLE001 - any failed handshake is a dropped socket
            stats.dropped += 1
            stats.errors[f"ws connect {type(exc).__name__}"] += 1
            return
        try:
            hello = json.loads(await ws.recv())
            # Like garnet.js: a hello whose numbers differ from the page's means pushes went out before this
            # socket joined (a lock-in can close a turn between the page load and the connect): resync.
            shown = PAGE_SEQ.search(html)
            if shown is None or hello.get("seq") != int(shown.group(1)):
                html = await get(f"/matches/{match_id}/live/")
            done = 0
            first = FORM_TURN.search(html)
            latest = int(first.group(1)) if first else 0  # the newest turn this page has shown
            while time.monotonic() < stop_at:
                if FINISHED in html:
                    stats.finished += 1
                    return
                form = FORM_TURN.search(html)
                if form and int(form.group(1)) > done:
                    number = int(form.group(1))
                    latest = max(latest, number)
                    move = await asyncio.to_thread(legal_move, match_id, number, me, rnd)
                    t0 = time.perf_counter()
                    r = await http.post(
                        f"/matches/{match_id}/submit/",
                        headers={"HX-Request": "true", **csrf},
                        data={
                            "turn": str(number),
                            "move_json": json.dumps(move),
                            "lock": "1",
                        },
                    )
                    stats.posts.append(time.perf_counter() - t0)
                    stats.http += 1
                    done = number
                    if r.status_code >= 500:
                        stats.fivexx += 1
                    if r.status_code >= 400:
                        stats.errors[f"POST {r.status_code}"] += 1
                    else:
                        stats.submissions += 1
                    html = r.text
                    shown = FORM_TURN.search(html)
                    if shown and int(shown.group(1)) > number:  # my lock-in closed the turn: the answer shows the next
                        latest = int(shown.group(1))
                        stats.shown.append((match_id, latest, time.time()))
                    if think:
                        await asyncio.sleep(think)
                    continue
                # Wait for the push that says the turn moved on. Like garnet.js: a close pushes this page its new
                # live part ("live"), which is swapped in; a turn or end this page has no pushed part for is fetched.
                try:
                    while True:
                        event = json.loads(
                            await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop_at - time.monotonic()))
                        )
                        kind = event.get("event")
                        if kind == "live":
                            pushed = LIVE_TURN.search(event["html"])
                            if pushed is None or int(pushed.group(1) or 0) > latest or FINISHED in event["html"]:
                                break
                        if kind == "finished" or (kind == "turn" and event["turn"]["number"] > latest):
                            break
                except TimeoutError:
                    return
                if event["event"] == "live":
                    stats.pushed_pages += 1
                    html = event["html"]
                    form = FORM_TURN.search(html)
                    if form and int(form.group(1)) > latest:
                        latest = int(form.group(1))
                        stats.shown.append((match_id, latest, time.time()))
                    pushed = LIVE_TURN.search(html)
                    latest = max(latest, int(pushed.group(1) or 0) if pushed else 0)
                    continue
                html = await get(f"/matches/{match_id}/live/")
                if event["event"] == "turn":
                    latest = event["turn"]["number"]
                    if me in event["turn"]["awaiting"]:
                        stats.shown.append((match_id, latest, time.time()))
        except websockets.ConnectionClosed:
            stats.dropped += 1
            stats.errors["socket dropped"] += 1
        finally:
            await ws.close()


async def play_safely(
    rec: dict[str, Any], cookie_name: str, port: int, think: float, stop_at: float, stats: Stats
) -> None:
    try:
        await play(rec, cookie_name, port, think, stop_at, stats)
    except Exception as exc:  # noqa: BLE001 - a failed request ends this player; count it, go on with the rest
        stats.errors[f"player stopped: {type(exc).__name__}"] += 1


async def run(
    records: list[dict[str, Any]], cookie_name: str, port: int, think: float, duration: float, stats: Stats
) -> float:
    stop_at = time.monotonic() + duration
    t0 = time.monotonic()
    await asyncio.gather(*(play_safely(r, cookie_name, port, think, stop_at, stats) for r in records))
    return time.monotonic() - t0


def start_server(kind: str, workers: int, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings", "PYTHONPATH": str(ROOT)}
    if kind == "daphne":
        cmd = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]
    else:
        cmd = [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--no-access-log",
            "--lifespan",
            "on",
            "--log-level",
            "warning",
            "--timeout-keep-alive",
            "75",
        ]
    # Its own session, so the bench can stop the server with its workers as one group.
    server = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    import http.client

    for _ in range(300):
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            probe.request("GET", "/matches/", headers={"Host": "127.0.0.1"})
            if probe.getresponse().status == 200:
                break
        except OSError:
            time.sleep(0.1)
    return server


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--think", type=float, default=0.0, help="seconds a player waits after each submission")
    ap.add_argument("--duration", type=float, default=90.0, help="seconds before unfinished players give up")
    ap.add_argument("--server", choices=["uvicorn", "daphne"], default="uvicorn")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="server processes (uvicorn only)")
    args = ap.parse_args()
    workers = 1 if args.server == "daphne" else args.workers
    records, cookie_name = setup(args.players, args.matches)
    port = _free_port()
    server = start_server(args.server, workers, port)
    stats = Stats()
    try:
        cpu0, busy0, mine0 = _tree_cpu(server.pid), _machine_busy(), _self_cpu()
        try:
            import uvloop

            uvloop.install()
        except ImportError:
            pass
        elapsed = asyncio.run(run(records, cookie_name, port, args.think, args.duration, stats))
        cpu = _tree_cpu(server.pid) - cpu0
        busy, mine = _machine_busy() - busy0, _self_cpu() - mine0
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:  # a graceful stop can wait on sockets the players left open
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    from games.models import Turn

    opened = {
        (m, n): t.timestamp()
        for m, n, t in Turn.objects.filter(match_id__in={r["match"] for r in records}).values_list(
            "match_id", "number", "opened_at"
        )
    }
    delays = [shown - opened[(m, n)] for m, n, shown in stats.shown if (m, n) in opened]
    errors = sum(stats.errors.values())
    ms = 1000
    print(f"machine: {machine()} (shared with other work while measured)")
    print(
        f"server: {args.server}, {workers} process(es), production settings on PostgreSQL + Redis; "
        f"{args.players} players in {args.matches} ABC matches, think {args.think:g} s, limit {args.duration:g} s"
    )
    print(
        f"elapsed {elapsed:.1f} s; submissions {stats.submissions} ({stats.submissions / elapsed:.1f}/s); "
        f"HTTP requests {stats.http} ({stats.http / elapsed:.1f}/s); pages taken from a push {stats.pushed_pages}"
    )
    print(
        f"POST p50 {pct(stats.posts, 50) * ms:.0f} ms, p95 {pct(stats.posts, 95) * ms:.0f} ms, "
        f"p99 {pct(stats.posts, 99) * ms:.0f} ms; push delay p50 {pct(delays, 50) * ms:.0f} ms, "
        f"p99 {pct(delays, 99) * ms:.0f} ms ({len(delays)} pages)"
    )
    print(
        f"players finished {stats.finished}/{args.players}; errors {errors} {dict(stats.errors)}; "
        f"5xx {stats.fivexx}; dropped sockets {stats.dropped}"
    )
    per_sub = cpu / stats.submissions * ms if stats.submissions else float("nan")
    if stats.submissions:
        cores = os.cpu_count() or 1
        print(
            f"CPU per submission: server {per_sub:.1f} ms, this bench's players {mine / stats.submissions * ms:.1f} ms, "
            f"whole machine {busy / stats.submissions * ms:.1f} ms (at 75 submissions/s {cores} cores allow "
            f"{cores / 75 * ms:.1f} ms for all of it); machine busy {busy / elapsed / cores * 100:.0f} %"
        )
    print(
        f"load: {stats.finished}/{args.players} finished, {stats.submissions / elapsed:.1f} submissions/s, "
        f"POST p99 {pct(stats.posts, 99) * ms:.0f} ms, push p99 {pct(delays, 99) * ms:.0f} ms, "
        f"{errors} errors, {per_sub:.1f} ms CPU per submission"
    )


if __name__ == "__main__":
    main()
