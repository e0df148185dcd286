"""Garnet and oTree 6 side by side: the same simulated players against each, interleaved runs, and the ratios.

    python bench/otree_side_by_side.py [--players 100] [--rounds 5] [--pairs 2] [--duration 120]
                                       [--otree 6.0.15] [--venv /tmp/otree-venv] [--submit-over socket|http]

oTree is installed with pip into its own virtualenv (``--venv``; made on first use, never in Garnet's),
and a small sample game is written for the bench into a temporary directory: groups of 5 players,
``--rounds`` rounds, each round every player posts one move (Ally, Betray or Censure, as in an ABC
round) on a form, then waits on a wait page until the whole group has moved; the group's payoffs are
computed when the last one arrives (``after_all_players_arrive``), like a Garnet turn that closes on the
last lock-in. oTree's production server (``otree prodserver``: one uvicorn process) runs on
PostgreSQL, on a database of its own (``garnet_bench_otree``, dropped and made again each run).

The client model is the same for both, in one asyncio process with httpx and websockets, as a browser
does it: a player loads its page, opens the page's websocket, posts its move, waits for the push that
says the round moved on, and goes on until the end.

- Garnet: ``bench/load.py`` as it is (ABC matches of 5, uvicorn with ``--workers``; the move is sent over
  the page's open socket, as garnet.js does, or posted as htmx does with ``--submit-over http``; the
  close pushes the next page).
- oTree: a participant opens its start link (``/InitializeParticipant/<code>``), loads its form page, posts
  the move (answered by a redirect, followed as a browser does: to the wait page, or past it when it was
  the group's last move), opens the wait page's websocket, and reloads when it says the group is done.

"POST" is what the player waits for after clicking: Garnet's answer (the status, or the next page
when it closed the turn); oTree's POST and the page its redirect leads to. Server CPU is the CPU time
of the server's processes (user + system, from /proc) over the run, divided by submissions.
Runs alternate, Garnet first, ``--pairs`` times; the last lines print each system's median and the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _setup import ROOT, machine, pct
from load import _free_port, _tree_cpu  # the same CPU and port readings as the Garnet side

OTREE_DB = "garnet_bench_otree"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"

SETTINGS = """\
from os import environ

SESSION_CONFIGS = [dict(name="rounds", app_sequence=["rounds"], num_demo_participants={group})]
SESSION_CONFIG_DEFAULTS = dict(real_world_currency_per_point=1.00, participation_fee=0.00, doc="")
PARTICIPANT_FIELDS = []
SESSION_FIELDS = []
LANGUAGE_CODE = "en"
REAL_WORLD_CURRENCY_CODE = "USD"
USE_POINTS = True
ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = environ.get("OTREE_ADMIN_PASSWORD", "bench")
DEMO_PAGE_INTRO_HTML = ""
SECRET_KEY = "bench-only-not-secret"
"""

APP = """\
from otree.api import *

doc = "A repeated simultaneous-move game for the bench: each round every player of a group picks one action."


class C(BaseConstants):
    NAME_IN_URL = "rounds"
    PLAYERS_PER_GROUP = {group}
    NUM_ROUNDS = {rounds}
    PAYOFF = {{"ally": 3, "betray": 5, "censure": 1}}


class Subsession(BaseSubsession):
    pass


class Group(BaseGroup):
    allies = models.IntegerField(initial=0)


class Player(BasePlayer):
    action = models.StringField(choices=[["ally", "Ally"], ["betray", "Betray"], ["censure", "Censure"]])


def set_payoffs(group: Group):
    players = group.get_players()
    group.allies = sum(1 for p in players if p.action == "ally")
    for p in players:
        p.payoff = C.PAYOFF[p.action] + group.allies


class Decide(Page):
    form_model = "player"
    form_fields = ["action"]


class RoundWaitPage(WaitPage):
    after_all_players_arrive = set_payoffs


class Results(Page):
    @staticmethod
    def is_displayed(player: Player):
        return player.round_number == C.NUM_ROUNDS


page_sequence = [Decide, RoundWaitPage, Results]
"""

DECIDE_HTML = """\
{{ block title }}Round {{ player.round_number }}{{ endblock }}
{{ block content }}
<p>Ally, Betray or Censure?</p>
{{ formfields }}
{{ next_button }}
{{ endblock }}
"""

RESULTS_HTML = """\
{{ block title }}Results{{ endblock }}
{{ block content }}
<p class="bench-finished">Your payoff: {{ participant.payoff }}</p>
{{ endblock }}
"""

WAIT_SOCKET = re.compile(r'makeReconnectingWebSocket\("([^"]+)"\)')


def otree_venv(venv: Path, version: str) -> Path:
    """The ``otree`` command of a virtualenv with oTree ``version`` and a PostgreSQL driver (made if missing)."""
    otree = venv / "bin" / "otree"
    if otree.exists():
        return otree
    base = Path(sys.base_prefix) / "bin" / "python3"
    subprocess.run([str(base), "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", f"otree=={version}", "psycopg2-binary"],
        check=True,
    )
    return otree


def otree_project(players_per_group: int, rounds: int) -> Path:
    """The sample project, written into a fresh temporary directory."""
    root = Path(tempfile.mkdtemp(prefix="garnet-otree-"))
    (root / "settings.py").write_text(SETTINGS.format(group=players_per_group))
    (root / "_static").mkdir()  # oTree serves it and refuses to start without it
    (root / "_templates").mkdir()
    app = root / "rounds"
    app.mkdir()
    (app / "__init__.py").write_text(APP.format(group=players_per_group, rounds=rounds))
    (app / "Decide.html").write_text(DECIDE_HTML)
    (app / "Results.html").write_text(RESULTS_HTML)
    return root


def _fresh_db() -> str:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{OTREE_DB}" WITH (FORCE)')
        c.execute(f'CREATE DATABASE "{OTREE_DB}"')
    return f"postgresql://postgres@127.0.0.1:5432/{OTREE_DB}"


class OStats:
    def __init__(self) -> None:
        self.posts: list[float] = []
        self.submissions = 0
        self.http = 0
        self.errors = 0
        self.finished = 0


async def otree_player(code: str, port: int, stop_at: float, think: float, stats: OStats) -> None:
    """One participant, as a browser: start link, form, post, wait page's socket, reload; to the results."""
    import httpx
    import websockets

    rnd = random.Random(code)
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=60, follow_redirects=True) as http:
        r = await http.get(f"/InitializeParticipant/{code}")
        stats.http += 1 + len(r.history)
        url, html = str(r.url), r.text
        while time.monotonic() < stop_at:
            if r.status_code >= 400:
                stats.errors += 1
                return
            if "bench-finished" in html:
                stats.finished += 1
                return
            if 'name="action"' in html:
                t0 = time.perf_counter()
                r = await http.post(url, data={"action": rnd.choice(["ally", "betray", "censure"])})
                stats.posts.append(time.perf_counter() - t0)
                stats.http += 1 + len(r.history)
                if r.status_code < 400:
                    stats.submissions += 1
                url, html = str(r.url), r.text
                if think:
                    await asyncio.sleep(think)
                continue
            socket = WAIT_SOCKET.search(html)
            if socket is None:  # a page with nothing to do (none in this game): go on as its Next button would
                stats.errors += 1
                return
            path = socket.group(1).replace("&amp;", "&")
            async with websockets.connect(f"ws://127.0.0.1:{port}{path}", open_timeout=60) as ws:
                try:
                    await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop_at - time.monotonic()))
                except TimeoutError:
                    return
            r = await http.get(url)  # the wait page reloads: past it now, to the next round's form
            stats.http += 1 + len(r.history)
            url, html = str(r.url), r.text


def run_otree(otree: Path, project: Path, players: int, duration: float, think: float) -> dict[str, float]:
    db = _fresh_db()
    env = {
        **os.environ,
        "DATABASE_URL": db,
        "OTREE_PRODUCTION": "1",
        "OTREE_AUTH_LEVEL": "",
        "OTREE_ADMIN_PASSWORD": "bench",
        "PYTHONUNBUFFERED": "1",
        "PATH": f"{otree.parent}{os.pathsep}{os.environ.get('PATH', '')}",  # prodserver starts `otree` helpers
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    subprocess.run(
        [str(otree), "create_session", "rounds", str(players)],
        cwd=project,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    import psycopg

    with psycopg.connect(db) as c:
        codes = [row[0] for row in c.execute("SELECT code FROM otree_participant ORDER BY id_in_session")]
    port = _free_port()
    log = (Path(tempfile.gettempdir()) / "garnet-otree-server.log").open("wb")
    server = subprocess.Popen(
        [str(otree), "prodserver", f"127.0.0.1:{port}"],
        cwd=project,
        env=env,
        stdout=log,
        stderr=log,
        start_new_session=True,
    )
    try:
        import http.client

        for _ in range(600):
            if server.poll() is not None:
                raise SystemExit(f"oTree's server stopped at start; see {log.name}")
            try:
                probe = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                probe.request("GET", "/favicon.ico")
                probe.getresponse()
                break
            except OSError:
                time.sleep(0.1)
        stats = OStats()
        cpu0 = _tree_cpu(server.pid)
        t0 = time.monotonic()

        async def everyone() -> None:
            stop_at = time.monotonic() + duration
            await asyncio.gather(*(otree_player(code, port, stop_at, think, stats) for code in codes))

        asyncio.run(everyone())
        elapsed = time.monotonic() - t0
        cpu = _tree_cpu(server.pid) - cpu0
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()
    return {
        "finished": stats.finished,
        "players": len(codes),
        "rate": stats.submissions / elapsed,
        "cpu": cpu / stats.submissions * 1000 if stats.submissions else float("nan"),
        "post_p99": pct(stats.posts, 99) * 1000,
        "post_p50": pct(stats.posts, 50) * 1000,
        "errors": stats.errors,
        "submissions": stats.submissions,
        "elapsed": elapsed,
    }


LOAD_LINE = re.compile(
    r"load: (\d+)/(\d+) finished, ([\d.]+) submissions/s, (?:POST|submit) p99 (\d+) ms, push p99 (\w+) ms, (\d+) errors, "
    r"([\d.]+|nan) ms CPU per submission"
)
POST_P50 = re.compile(r"(?:POST|submit) p50 (\d+) ms")


def run_garnet(players: int, duration: float, think: float, workers: int, submit_over: str) -> dict[str, float]:
    cmd = [
        sys.executable,
        str(ROOT / "bench" / "load.py"),
        "--players",
        str(players),
        "--matches",
        str(players // 5),
        "--duration",
        str(duration),
        "--think",
        str(think),
        "--workers",
        str(workers),
        "--submit-over",
        submit_over,
    ]
    env = {**os.environ}
    env.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/garnet_bench_load")
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False).stdout
    found = LOAD_LINE.search(out)
    if found is None:
        raise SystemExit(f"bench/load.py printed no result:\n{out[-3000:]}")
    p50 = POST_P50.search(out)
    return {
        "finished": int(found.group(1)),
        "players": int(found.group(2)),
        "rate": float(found.group(3)),
        "post_p99": float(found.group(4)),
        "post_p50": float(p50.group(1)) if p50 else float("nan"),
        "errors": int(found.group(6)),
        "cpu": float(found.group(7)),
    }


def _line(name: str, r: dict[str, float]) -> str:
    return (
        f"{name}: {int(r['finished'])}/{int(r['players'])} finished, {r['rate']:.1f} submissions/s, "
        f"server CPU {r['cpu']:.1f} ms per submission, POST p50 {r['post_p50']:.0f} ms, p99 {r['post_p99']:.0f} ms, "
        f"{int(r['errors'])} errors"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=100, help="a multiple of 5 (groups and matches of 5)")
    ap.add_argument("--rounds", type=int, default=5, help="oTree rounds (ABC: about 5 submissions per player)")
    ap.add_argument("--pairs", type=int, default=2, help="interleaved runs of each")
    ap.add_argument("--duration", type=float, default=120.0)
    ap.add_argument("--think", type=float, default=0.0)
    ap.add_argument("--workers", type=int, default=2, help="Garnet's uvicorn processes (oTree runs one)")
    ap.add_argument("--submit-over", choices=["socket", "http"], default="socket", help="how Garnet's pages send moves")
    ap.add_argument("--otree", default="6.0.15", help="the oTree version to install")
    ap.add_argument("--venv", default=str(Path(tempfile.gettempdir()) / "otree-venv"))
    args = ap.parse_args()
    otree = otree_venv(Path(args.venv), args.otree)
    version = subprocess.run(
        [str(otree.parent / "python"), "-c", "import otree; print(otree.__version__)"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    project = otree_project(5, args.rounds)
    print(f"machine: {machine()} (2 shared cores: other work ran while measured)")
    print(
        f"{args.players} players, think {args.think:g} s, limit {args.duration:g} s; Garnet: ABC matches of 5, "
        f"uvicorn x {args.workers}; oTree {version}: groups of 5, {args.rounds} rounds, prodserver (1 process); "
        f"both on PostgreSQL"
    )
    garnet: list[dict[str, float]] = []
    other: list[dict[str, float]] = []
    try:
        for i in range(args.pairs):
            garnet.append(run_garnet(args.players, args.duration, args.think, args.workers, args.submit_over))
            print(f"run {i + 1} " + _line("Garnet", garnet[-1]), flush=True)
            other.append(run_otree(otree, project, args.players, args.duration, args.think))
            print(f"run {i + 1} " + _line("oTree ", other[-1]), flush=True)
    finally:
        shutil.rmtree(project, ignore_errors=True)

    def med(rs: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in rs)

    print(f"median {_line('Garnet', {k: med(garnet, k) for k in garnet[0]})}")
    print(f"median {_line('oTree ', {k: med(other, k) for k in other[0]})}")
    print(
        f"ratios Garnet/oTree (medians): submissions/s {med(garnet, 'rate') / med(other, 'rate'):.2f}x, "
        f"server CPU per submission {med(garnet, 'cpu') / med(other, 'cpu'):.2f}x, "
        f"POST p99 {med(garnet, 'post_p99') / med(other, 'post_p99'):.2f}x"
    )


if __name__ == "__main__":
    main()
