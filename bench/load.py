"""A browser-like load: many players at once, each doing what garnet.js and htmx do.

    python bench/load.py [--players 100] [--matches 20] [--think 0] [--think-spread 0] [--duration 90]
                         [--server uvicorn|daphne] [--workers N] [--soak N] [--stall-after 30]
                         [--submit-over socket|http]

Starts the ASGI server on the production settings (bench/settings.py: PostgreSQL with the
pool, Redis cache and channel layer, DEBUG off) and plays ABC matches of players/matches
players each. Every player, in one asyncio process on this machine: loads the match page,
opens the match websocket (kept for the whole run), and whenever its page shows a form,
sends "Save and lock in" through it (as garnet.js does: over the open socket, a ``submit`` frame
answered by an ``answer`` frame; with ``--submit-over http``, posted as htmx does, the answer
being the live fragment), then waits for the push: like garnet.js it swaps in the live part a close pushes (or fetches the live part when a
turn event comes without one), and goes on until the match ends.
A move is a random legal one, computed from the turn's stored state and posted in the form's
``move_json`` field (the field the game forms fill for their JavaScript helpers).

Figures: submissions/s, HTTP requests/s, submit p50/p95/p99 (sent to answered), push delay p50/p99 (from the
moment a turn opened, which is the moment the previous one closed, to when each player
that turn awaits has it on its page), players finished, errors and 5xx, dropped sockets,
and the server's CPU time per submission (all its processes). The last line reads
``load: <finished>/<players> finished, <x> submissions/s, submit p99 <y> ms, push p99 <z> ms,
<e> errors, <c> ms CPU per submission``.

A watchdog looks at every match once a second: a match whose players wait while none of them has
seen it move on (a new turn, a post, the end) for ``--stall-after`` seconds (plus ``--think``) is reported once, with
its open turn, whom it awaits, its submissions and lock-ins as the database has them, and the last
events each of its players' clients saw (page loads, hellos, pushes, posts, fetches); its players
then give up. ``--soak N`` plays the load N times in a row on one server, new matches each time,
and ends with the number of stalled matches over all runs (``stalled matches: <n>``).
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
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _setup import ROOT, django_setup, machine, pct

STEADY_AFTER = 10.0  # seconds: the start-up burst (100 page loads and socket opens) is over by then
FORM_TURN = re.compile(r'name="turn" value="(\d+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')
FINISHED = 'class="panel result"'
# The page's numbers are read as garnet.js reads them (data attributes of #live, in any order): a pattern that
# missed them made every player refetch its live part right after its socket's hello.
PAGE_SEQ = re.compile(r'id="live" data-match="\d+"[^>]*? data-seq="(\d+)"')
LIVE_TURN = re.compile(r'class="live-root" data-seq="\d+" data-turn="(\d*)"')
LIVE_SEQ = re.compile(r'class="live-root" data-seq="(\d+)"')
PAGE_PRIVATE_SEQ = re.compile(r'id="live" data-match="\d+"[^>]*? data-private-seq="(\d+)"')


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
        self.post_starts: list[float] = []  # when each POST left (time.monotonic), beside its duration
        self.started = time.monotonic()  # the run's start: page loads and socket opens come first
        self.http = 0
        self.submissions = 0
        self.errors: Counter[str] = Counter()
        self.fivexx = 0
        self.dropped = 0
        self.finished = 0
        self.pushed_pages = 0  # live parts taken from a push instead of a fetch
        self.shown: list[tuple[int, int, float]] = []  # (match, turn number, when this player's page showed it)
        self.stalled: list[int] = []  # matches the watchdog reported


class Watch:
    """What each player's client saw, kept for the watchdog: the last events, and when its match last moved."""

    KEEP = 10

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self.t0 = time.monotonic()
        self.players: dict[int, list[str]] = {}
        for r in records:
            self.players.setdefault(r["match"], []).append(r["handle"])
        self.moved: dict[int, float] = dict.fromkeys(self.players, self.t0)  # match -> last progress any client saw
        self.waiting: dict[int, set[str]] = {m: set(h) for m, h in self.players.items()}  # players not done yet
        self.seen: dict[str, deque[str]] = {h: deque(maxlen=self.KEEP) for hs in self.players.values() for h in hs}
        self.given_up: set[int] = set()
        self.ready: dict[int, set[str]] = {m: set() for m in self.players}  # players whose page and socket are up

    def note(self, match_id: int, handle: str, what: str, *, progress: bool = False) -> None:
        now = time.monotonic()
        self.seen[handle].append(f"{now - self.t0:7.2f}s {what}")
        if progress:
            self.moved[match_id] = now

    def started(self, match_id: int, handle: str) -> None:
        """This player has its page and its socket's hello: from when the whole match has, it must move on."""
        self.ready[match_id].add(handle)
        self.moved[match_id] = time.monotonic()

    def done(self, match_id: int, handle: str) -> None:
        self.waiting[match_id].discard(handle)
        self.moved[match_id] = time.monotonic()


def _page_facts(html: str) -> str:
    """What a live part shows, in a few words: its turn, its public seq, its form's turn, the end."""
    turn = LIVE_TURN.search(html)
    seq = LIVE_SEQ.search(html)
    form = FORM_TURN.search(html)
    facts = [f"turn {turn.group(1) or '-'}" if turn else "no live root"]
    if seq:
        facts.append(f"seq {seq.group(1)}")
    facts.append(f"form for turn {form.group(1)}" if form else "no form")
    if FINISHED in html:
        facts.append("finished")
    return ", ".join(facts)


def _event_facts(event: dict[str, Any]) -> str:
    kind = event.get("event")
    if kind == "live":
        return f"push live (seq {event.get('seq')}): {_page_facts(event.get('html', ''))}"
    if kind == "turn":
        t = event.get("turn", {})
        return f"push turn {t.get('number')} (seq {event.get('seq')}) awaiting {','.join(t.get('awaiting', []))}"
    if kind == "locked":
        return f"push locked {event.get('player')} in turn {event.get('turn_number')}"
    if kind == "message":
        return f"push message seq {event.get('seq')}{' private' if event.get('private') else ''}"
    return f"push {kind} (seq {event.get('seq')})"


def setup(players: int, matches: int, run: int = 0) -> tuple[list[dict[str, Any]], str]:
    """Matches, users and signed-in sessions (handles unique to ``run``); returns one record per player."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.utils.module_loading import import_string

    from tests.factories import abc_match, users

    SessionStore = import_string(f"{settings.SESSION_ENGINE}.SessionStore")  # noqa: N806
    per = players // matches
    out = []
    for m in range(matches):
        roster = [f"l{run}_{m}_{k}" for k in range(per)]
        match = abc_match(roster, seed=f"load-{run}-{m}")
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
# The bench's own reads run in these two threads for every run of a soak: each keeps one database connection
# (from the pool of bench/settings.py) for its life, so a fresh pool of threads per run would run out of them.
MOVES = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bench-moves")


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


@dataclass(frozen=True)
class Shared:
    """What every player of one run shares: the server, the think range, the time limit, the counters."""

    cookie_name: str
    port: int
    think: tuple[float, float]
    stop_at: float
    stats: Stats
    watch: Watch
    over_socket: bool = True


async def play(rec: dict[str, Any], shared: Shared) -> None:
    import httpx
    import websockets

    cookie_name, port, think, stop_at = shared.cookie_name, shared.port, shared.think, shared.stop_at
    stats, watch = shared.stats, shared.watch

    base = f"http://127.0.0.1:{port}"
    match_id, me = rec["match"], rec["handle"]
    rnd = random.Random(me)

    def note(what: str, progress: bool = False) -> None:
        watch.note(match_id, me, what, progress=progress)

    async with httpx.AsyncClient(base_url=base, cookies={cookie_name: rec["session"]}, timeout=30) as http:

        async def get(path: str) -> str:
            r = await http.get(path)
            stats.http += 1
            if r.status_code >= 500:
                stats.fivexx += 1
            if r.status_code >= 400:
                stats.errors[f"GET {r.status_code}"] += 1
            note(f"GET {path} {r.status_code}: {_page_facts(r.text)}")
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
        # A browser takes a push while its player thinks: frames are read (and timed) as they arrive, so the push
        # delay is when the page had the push, not when this player's loop next looked.
        inbox: asyncio.Queue[tuple[float, dict[str, Any] | None]] = asyncio.Queue()
        answers: dict[int, asyncio.Future[dict[str, Any]]] = {}  # a submit frame's answer, by its ref

        async def read_frames() -> None:
            try:
                async for raw in ws:
                    frame = json.loads(raw)  # a close's pushes to one group come as one "batch" frame
                    if frame.get("event") == "answer":
                        waiting = answers.pop(frame.get("ref"), None)
                        if waiting is not None and not waiting.done():
                            waiting.set_result(frame)
                        continue
                    for event in frame["events"] if frame.get("event") == "batch" else [frame]:
                        inbox.put_nowait((time.time(), event))
            finally:
                inbox.put_nowait((time.time(), None))  # the socket closed
                for waiting in answers.values():
                    if not waiting.done():
                        waiting.set_exception(websockets.ConnectionClosed(None, None))

        reader = asyncio.create_task(read_frames())
        try:
            _, hello_frame = await inbox.get()
            if hello_frame is None:
                raise websockets.ConnectionClosed(None, None)
            hello = hello_frame
            note(f"hello seq {hello.get('seq')} private_seq {hello.get('private_seq')}")
            watch.started(match_id, me)
            # Like garnet.js: a hello whose numbers differ from the page's means pushes went out before this
            # socket joined (a lock-in can close a turn between the page load and the connect): resync.
            shown = PAGE_SEQ.search(html)
            private = PAGE_PRIVATE_SEQ.search(html)
            if (
                shown is None
                or hello.get("seq") != int(shown.group(1))
                or (private is not None and hello.get("private_seq") not in (None, int(private.group(1))))
            ):
                html = await get(f"/matches/{match_id}/live/")
            done = 0
            first = FORM_TURN.search(html)
            latest = int(first.group(1)) if first else 0  # the newest turn this page has shown
            while time.monotonic() < stop_at and match_id not in watch.given_up:
                if FINISHED in html:
                    stats.finished += 1
                    watch.done(match_id, me)
                    return
                form = FORM_TURN.search(html)
                if form and int(form.group(1)) > done:
                    number = int(form.group(1))
                    latest = max(latest, number)
                    move = await asyncio.get_running_loop().run_in_executor(
                        MOVES, legal_move, match_id, number, me, rnd
                    )
                    fields = {"turn": str(number), "move_json": json.dumps(move), "lock": "1"}
                    t0 = time.perf_counter()
                    if shared.over_socket:
                        ref = number  # one submit per turn on this socket
                        answers[ref] = asyncio.get_running_loop().create_future()
                        await ws.send(json.dumps({"event": "submit", "ref": ref, "fields": list(fields.items())}))
                        reply = await asyncio.wait_for(answers[ref], timeout=30)
                        code, html, answer = int(reply["status"]), str(reply.get("html", "")), reply.get("into", "?")
                    else:
                        r = await http.post(
                            f"/matches/{match_id}/submit/", headers={"HX-Request": "true", **csrf}, data=fields
                        )
                        stats.http += 1
                        code, html, answer = r.status_code, r.text, r.headers.get("X-Garnet-Fragment", "?")
                    stats.posts.append(time.perf_counter() - t0)
                    stats.post_starts.append(time.monotonic())
                    done = number
                    if code >= 500:
                        stats.fivexx += 1
                    if code >= 400:
                        stats.errors[f"submit {code}"] += 1
                    else:
                        stats.submissions += 1
                    facts = _page_facts(html) if answer == "live" else "status only"
                    via = "socket" if shared.over_socket else "POST"
                    note(f"{via} turn {number} lock-in {code} ({answer}): {facts}", progress=True)
                    shown = FORM_TURN.search(html)
                    if shown and int(shown.group(1)) > number:  # my lock-in closed the turn: the answer shows the next
                        latest = int(shown.group(1))
                        stats.shown.append((match_id, latest, time.time()))
                    if think[1]:  # with a spread, drawn from the player's own generator: runs repeat
                        await asyncio.sleep(think[0] if think[0] == think[1] else rnd.uniform(*think))
                    continue
                # Wait for the push that says the turn moved on. Like garnet.js: a close pushes this page its new
                # live part ("live"), which is swapped in; a turn or end this page has no pushed part for is fetched.
                event: dict[str, Any] | None = None
                arrived = time.time()
                while event is None:
                    left = stop_at - time.monotonic()
                    if left <= 0 or match_id in watch.given_up:
                        return
                    try:  # in short waits, so a player of a match the watchdog gave up on stops at once
                        arrived, event = await asyncio.wait_for(inbox.get(), timeout=min(1.0, left))
                    except TimeoutError:
                        continue
                    if event is None:
                        raise websockets.ConnectionClosed(None, None)
                    kind = event.get("event")
                    note(_event_facts(event))
                    if kind == "live":
                        pushed = LIVE_TURN.search(event["html"])
                        if pushed is None or int(pushed.group(1) or 0) > latest or FINISHED in event["html"]:
                            break
                    if kind == "finished" or (kind == "turn" and event["turn"]["number"] > latest):
                        break
                    event = None
                if event["event"] == "live":
                    stats.pushed_pages += 1
                    html = event["html"]
                    form = FORM_TURN.search(html)
                    if form and int(form.group(1)) > latest:
                        latest = int(form.group(1))
                        stats.shown.append((match_id, latest, arrived))
                    pushed = LIVE_TURN.search(html)
                    latest = max(latest, int(pushed.group(1) or 0) if pushed else 0)
                    note(f"showed the pushed page: latest turn {latest}", progress=True)
                    continue
                html = await get(f"/matches/{match_id}/live/")
                watch.note(match_id, me, "fetched after a push", progress=True)
                if event["event"] == "turn":
                    latest = event["turn"]["number"]
                    if me in event["turn"]["awaiting"]:
                        stats.shown.append((match_id, latest, time.time()))
        except websockets.ConnectionClosed:
            stats.dropped += 1
            stats.errors["socket dropped"] += 1
        finally:
            reader.cancel()
            await ws.close()


async def play_safely(rec: dict[str, Any], shared: Shared) -> None:
    try:
        await play(rec, shared)
    except Exception as exc:  # noqa: BLE001 - a failed request ends this player; count it, go on with the rest
        shared.stats.errors[f"player stopped: {type(exc).__name__}"] += 1
    finally:
        shared.watch.waiting[rec["match"]].discard(rec["handle"])


def match_facts(match_id: int) -> list[str]:
    """What the database says of a match now: its status, open turn, whom it awaits, submissions and lock-ins."""
    from games.models import Match, Submission, Turn

    match = Match.objects.filter(pk=match_id).values("status", "last_seq").first() or {}
    lines = [f"match {match_id}: status {match.get('status')}, last_seq {match.get('last_seq')}"]
    for turn in Turn.objects.filter(match_id=match_id).order_by("-number")[:2]:
        subs = ", ".join(
            f"{p}{' locked' if locked else ' saved'} r{rev}"
            for p, locked, rev in Submission.objects.filter(turn=turn)
            .order_by("player")
            .values_list("player", "locked", "revision")
        )
        lines.append(
            f"  turn {turn.number} ({turn.label}) {turn.status}, opened {turn.opened_at:%H:%M:%S.%f}"
            f"{f', closed {turn.closed_at:%H:%M:%S.%f}' if turn.closed_at else ''}; awaiting "
            f"{','.join(turn.awaiting) or '-'}; submissions: {subs or 'none'}"
        )
    return lines


async def watchdog(watch: Watch, stall_after: float, stats: Stats, report: list[str]) -> None:
    """Every second: report a match whose players wait and which none of them has seen move for ``stall_after`` s."""
    while True:
        await asyncio.sleep(1.0)
        now = time.monotonic()
        for match_id, waiting in watch.waiting.items():
            if not waiting or match_id in watch.given_up or now - watch.moved[match_id] <= stall_after:
                continue
            if len(watch.ready[match_id]) < len(watch.players[match_id]) and now - watch.t0 < 60:
                continue  # its pages are still loading (slowly, on a busy machine): a page load has its own timeout
            watch.given_up.add(match_id)
            stats.stalled.append(match_id)
            facts = await asyncio.get_running_loop().run_in_executor(MOVES, match_facts, match_id)
            lines = [
                f"STALLED: match {match_id}: no client saw it move for {now - watch.moved[match_id]:.1f} s "
                f"({now - watch.t0:.1f} s into the run); waiting: {', '.join(sorted(waiting))}",
                *facts,
            ]
            for handle in watch.players[match_id]:
                lines.append(f"  {handle} saw (last {Watch.KEEP}):")
                lines += [f"    {line}" for line in watch.seen[handle]]
            report += lines
            print("\n".join(lines), flush=True)


async def run(
    records: list[dict[str, Any]],
    cookie_name: str,
    port: int,
    think: tuple[float, float],
    duration: float,
    stats: Stats,
    stall_after: float,
    report: list[str],
    over_socket: bool,
) -> float:
    stop_at = time.monotonic() + duration
    t0 = stats.started = time.monotonic()
    watch = Watch(records)
    dog = asyncio.create_task(watchdog(watch, stall_after, stats, report))
    try:
        shared = Shared(cookie_name, port, think, stop_at, stats, watch, over_socket)
        await asyncio.gather(*(play_safely(r, shared) for r in records))
    finally:
        dog.cancel()
    return time.monotonic() - t0


def start_server(kind: str, workers: int, port: int, log_path: Path) -> subprocess.Popen[bytes]:
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
    # Its output goes to a file: a close that fails after a lock-in is only ever logged there.
    with log_path.open("wb") as out:
        server = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=out, start_new_session=True)
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


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(20)
    except subprocess.TimeoutExpired:  # a graceful stop can wait on sockets the players left open
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def _think(args: argparse.Namespace) -> tuple[float, float]:
    """The range a player's think time is drawn from (one point when there is no spread)."""
    spread = min(max(args.think_spread, 0.0), 1.0)
    return (args.think * (1 - spread), args.think * (1 + spread))


def one_run(args: argparse.Namespace, run_no: int, server: subprocess.Popen[bytes], port: int) -> dict[str, float]:
    """Play the load once on the running server; print its figures; return the main ones."""
    workers = 1 if args.server == "daphne" else args.workers
    records, cookie_name = setup(args.players, args.matches, run_no)
    stats = Stats()
    report: list[str] = []
    cpu0, busy0, mine0 = _tree_cpu(server.pid), _machine_busy(), _self_cpu()
    elapsed = asyncio.run(
        run(
            records,
            cookie_name,
            port,
            _think(args),
            args.duration,
            stats,
            args.stall_after + args.think,
            report,
            args.submit_over == "socket",
        )
    )
    cpu = _tree_cpu(server.pid) - cpu0
    busy, mine = _machine_busy() - busy0, _self_cpu() - mine0
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
    if args.soak > 1:
        print(f"--- run {run_no + 1} of {args.soak}")
    print(
        f"server: {args.server}, {workers} process(es), production settings on PostgreSQL + Redis; "
        f"{args.players} players in {args.matches} ABC matches, think {args.think:g} s (spread {args.think_spread:g}), "
        f"limit {args.duration:g} s; moves sent over {'the socket' if args.submit_over == 'socket' else 'HTTP'}"
    )
    print(
        f"elapsed {elapsed:.1f} s; submissions {stats.submissions} ({stats.submissions / elapsed:.1f}/s); "
        f"HTTP requests {stats.http} ({stats.http / elapsed:.1f}/s); pages taken from a push {stats.pushed_pages}"
    )
    print(
        f"submit p50 {pct(stats.posts, 50) * ms:.0f} ms, p95 {pct(stats.posts, 95) * ms:.0f} ms, "
        f"p99 {pct(stats.posts, 99) * ms:.0f} ms; push delay p50 {pct(delays, 50) * ms:.0f} ms, "
        f"p99 {pct(delays, 99) * ms:.0f} ms ({len(delays)} pages)"
    )
    # The first seconds hold every player's page load and socket open: the tail without them, beside the whole.
    steady = [d for d, at in zip(stats.posts, stats.post_starts, strict=True) if at - stats.started >= STEADY_AFTER]
    if steady:
        print(
            f"after the first {STEADY_AFTER:g} s: submit p50 {pct(steady, 50) * ms:.0f} ms, "
            f"p99 {pct(steady, 99) * ms:.0f} ms ({len(steady)} submits)"
        )
    print(
        f"players finished {stats.finished}/{args.players}; errors {errors} {dict(stats.errors)}; "
        f"5xx {stats.fivexx}; dropped sockets {stats.dropped}; stalled matches {len(stats.stalled)} {stats.stalled}"
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
        f"submit p99 {pct(stats.posts, 99) * ms:.0f} ms, push p99 {pct(delays, 99) * ms:.0f} ms, "
        f"{errors} errors, {per_sub:.1f} ms CPU per submission",
        flush=True,
    )
    return {
        "finished": stats.finished,
        "rate": stats.submissions / elapsed,
        "post_p99": pct(stats.posts, 99) * ms,
        "push_p99": pct(delays, 99) * ms,
        "errors": errors,
        "cpu": per_sub,
        "stalled": len(stats.stalled),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--think", type=float, default=0.0, help="seconds a player waits after each submission")
    ap.add_argument(
        "--think-spread",
        type=float,
        default=0.0,
        help="each think is drawn uniformly from think x (1 - spread) to think x (1 + spread), per player (0: exact)",
    )
    ap.add_argument("--duration", type=float, default=90.0, help="seconds before unfinished players give up")
    ap.add_argument("--server", choices=["uvicorn", "daphne"], default="uvicorn")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="server processes (uvicorn only)")
    ap.add_argument("--soak", type=int, default=1, help="play the load this many times in a row on one server")
    ap.add_argument(
        "--stall-after",
        type=float,
        default=30.0,
        help="report a match none of whose waiting players has seen it move for this many seconds (plus --think)",
    )
    ap.add_argument(
        "--submit-over",
        choices=["socket", "http"],
        default="socket",
        help="how a player's page sends its move: over its open socket, as garnet.js does, or posted by htmx",
    )
    ap.add_argument("--server-log", default="", help="keep the server's output in this file (default: a temp file)")
    args = ap.parse_args()
    workers = 1 if args.server == "daphne" else args.workers
    django_setup()
    port = _free_port()
    log_path = Path(args.server_log or tempfile.mkstemp(prefix="garnet-load-", suffix=".log")[1])
    server = start_server(args.server, workers, port, log_path)
    print(f"machine: {machine()} (shared with other work while measured)")
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    results = []
    try:
        for run_no in range(args.soak):
            results.append(one_run(args, run_no, server, port))
    finally:
        stop_server(server)
    logged = [line for line in log_path.read_text(errors="replace").splitlines() if line.strip()]
    print(f"server log {log_path}: {len(logged)} lines{':' if logged else ''}")
    for line in logged[-40:]:
        print(f"  {line}")
    stalled = sum(int(r["stalled"]) for r in results)
    if args.soak > 1:

        def span(key: str, fmt: str = ".1f") -> str:
            values = sorted(r[key] for r in results)
            return f"{values[0]:{fmt}} / {statistics.median(values):{fmt}} / {values[-1]:{fmt}}"

        print(
            f"soak: {len(results)} runs; finished {sum(int(r['finished']) for r in results)}/"
            f"{args.players * len(results)}; errors {sum(int(r['errors']) for r in results)}; min / median / max: "
            f"submissions/s {span('rate')}, submit p99 {span('post_p99', '.0f')} ms, push p99 {span('push_p99', '.0f')} "
            f"ms, server CPU {span('cpu')} ms per submission"
        )
    print(f"stalled matches: {stalled}")


if __name__ == "__main__":
    main()
