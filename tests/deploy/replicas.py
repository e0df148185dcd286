"""The two-replica test's harness: production's processes on a fresh database, and a browser behind the proxy."""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from random import Random
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PUBLIC_HOST = "localhost"  # the proxy's one public host: both replicas answer for it


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# Every write to a turn and every log line, with the transaction that made it: a turn closed twice shows
# as two transactions writing "closed", a duplicated next turn or log as rows of another transaction.
AUDIT_SQL = """
CREATE TABLE replica_audit (
    id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, row_id bigint NOT NULL,
    match_id bigint NOT NULL, number integer NOT NULL, old_status text, new_status text,
    tx bigint NOT NULL DEFAULT txid_current()
);
CREATE FUNCTION replica_audit_turn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    INSERT INTO replica_audit (tbl, op, row_id, match_id, number, old_status, new_status)
    VALUES ('turn', TG_OP, NEW.id, NEW.match_id, NEW.number, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status);
    RETURN NULL;
END $$;
CREATE TRIGGER replica_audit_turn AFTER INSERT OR UPDATE ON games_turn
    FOR EACH ROW EXECUTE FUNCTION replica_audit_turn();
CREATE FUNCTION replica_audit_message() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    INSERT INTO replica_audit (tbl, op, row_id, match_id, number) VALUES ('message', TG_OP, NEW.id, NEW.match_id, NEW.turn_number);
    RETURN NULL;
END $$;
CREATE TRIGGER replica_audit_message AFTER INSERT ON games_message
    FOR EACH ROW EXECUTE FUNCTION replica_audit_message();
"""


@dataclass
class Proc:
    name: str
    popen: subprocess.Popen[bytes]
    log: Path

    def tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


@dataclass
class Stack:
    """The running processes, their shared database and Redis, and what the seed made."""

    env: dict[str, str]
    database_url: str
    procs: dict[str, Proc] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)
    seed: dict[str, Any] = field(default_factory=dict)
    conn: Any = None
    killed: set[str] = field(default_factory=set)  # processes the test killed itself

    def url(self, replica: str) -> str:
        return f"http://127.0.0.1:{self.ports[replica]}"

    def sql(self, query: str, *params: Any) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(query, params).fetchall())

    def log_tails(self) -> str:
        return "\n".join(f"----- {p.name} ({p.log}) -----\n{p.tail()}" for p in self.procs.values())

    def tracebacks(self, *names: str) -> dict[str, str]:
        found = {}
        for name in names or tuple(self.procs):
            text = self.procs[name].tail(10**7)
            if "Traceback" in text:
                found[name] = text[text.index("Traceback") :][:3000]
        return found


def _signal_group(proc: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, sig)  # each process leads its own group (start_new_session)


def _stop(procs: list[Proc]) -> None:
    """Stop every process group: politely, then for good (a Celery worker's children too)."""
    for p in procs:
        _signal_group(p.popen, signal.SIGTERM)
    deadline = time.monotonic() + 8
    for p in procs:
        with suppress(subprocess.TimeoutExpired):
            p.popen.wait(timeout=max(0.1, deadline - time.monotonic()))
    for p in procs:
        _signal_group(p.popen, signal.SIGKILL)
        p.popen.wait()


def run_python(env: dict[str, str], *args: str, timeout: float = 300) -> str:
    out = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{' '.join(args)} failed:\n{out.stdout[-2000:]}\n{out.stderr[-4000:]}"
    return out.stdout


def wait_until(check: Any, what: str, stack: Stack, timeout: float = 180) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        dead = [p.name for p in stack.procs.values() if p.popen.poll() is not None and p.name not in stack.killed]
        if dead:
            pytest.fail(f"{', '.join(dead)} exited while waiting for {what}:\n{stack.log_tails()}")
        time.sleep(0.2)
    pytest.fail(f"timed out waiting for {what}:\n{stack.log_tails()}")


def _web_ready(url: str) -> bool:
    try:
        return httpx.get(url + "/matches/", headers={"Host": PUBLIC_HOST}, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@contextmanager
def started(
    logs: Path, *, database_url: str, redis_url: str, redis_db: str, env: dict[str, str], seed: list[str]
) -> Iterator[Stack]:
    """Migrate a fresh database and seed it (``tests/deploy/replicas_seed.py`` with ``seed``), start web A and B,
    two workers and beat on it and on Redis database ``redis_db`` with ``env``; stop all, drop and flush after."""
    import psycopg
    import redis

    base, _, _ = database_url.rpartition("/")
    name = f"garnet_replicas_{os.getpid()}_{secrets.token_hex(3)}"
    parts = urlsplit(redis_url)
    own_redis = urlunsplit(parts._replace(path=f"/{redis_db}"))
    with ExitStack() as cleanup:
        with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')

        def drop() -> None:
            with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        cleanup.callback(drop)
        flush = redis.Redis.from_url(own_redis).flushdb
        flush()
        cleanup.callback(flush)
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO_", "GARNET_", "CELERY_"))},
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
            "DJANGO_SECURE_SSL_REDIRECT": "0",  # the proxy's job, as in docker-compose.yml
            "DATABASE_URL": f"{base}/{name}",
            "REDIS_URL": own_redis,
            "PYTHONUNBUFFERED": "1",
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
            **env,
        }
        stack = Stack(env=env, database_url=f"{base}/{name}")
        run_python(env, "manage.py", "migrate", "--noinput")
        stack.conn = cleanup.enter_context(psycopg.connect(stack.database_url, autocommit=True))
        stack.conn.execute(AUDIT_SQL)

        def start(label: str, cmd: list[str], **extra: str) -> None:
            log = logs / f"{label}.log"
            with log.open("wb") as out:
                popen = subprocess.Popen(
                    cmd, cwd=ROOT, env={**env, **extra}, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
                )
            stack.procs[label] = Proc(label, popen, log)

        cleanup.callback(lambda: _stop(list(stack.procs.values())))
        for replica in ("A", "B"):
            stack.ports[replica] = port = free_port()
            start(
                f"web {replica}", ["sh", "config/web.sh"], GARNET_HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="1"
            )
        celery = [sys.executable, "-m", "celery", "-A", "config"]
        for i in (1, 2):
            start(f"worker {i}", [*celery, "worker", "--loglevel=info", "--concurrency=2", "-n", f"w{i}@%h"])
        start("beat", [*celery, "beat", "--loglevel=info", "--schedule", str(logs / "celerybeat-schedule")])
        # Seeded while the processes start (the short turns' first deadlines may pass before the workers are up).
        stack.seed = json.loads(run_python(env, "-m", "tests.deploy.replicas_seed", *seed))
        wait_until(lambda: all(_web_ready(stack.url(r)) for r in ("A", "B")), "both web replicas", stack)
        wait_until(
            lambda: all(" ready." in stack.procs[f"worker {i}"].tail(10**7) for i in (1, 2)), "both workers", stack
        )
        wait_until(lambda: "Starting..." in stack.procs["beat"].tail(10**7), "beat", stack)
        yield stack


class Visitor:
    """A browser behind the proxy: its cookies go to whichever replica answers (the cookie flags are the proxy's side)."""

    def __init__(self, cookies: dict[str, str] | None = None) -> None:
        self.cookies = {"csrftoken": secrets.token_hex(16), **(cookies or {})}

    def headers(self, hx: bool = False) -> dict[str, str]:
        h = {
            "Host": PUBLIC_HOST,
            "X-Forwarded-Proto": "https",
            "Origin": f"https://{PUBLIC_HOST}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "X-CSRFToken": self.cookies["csrftoken"],
        }
        return {**h, "HX-Request": "true"} if hx else h

    def keep(self, response: httpx.Response) -> httpx.Response:
        for raw in response.headers.get_list("set-cookie"):
            jar: SimpleCookie = SimpleCookie()
            jar.load(raw)
            for key, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(key, None)
                else:
                    self.cookies[key] = morsel.value
        return response

    def get(self, base: str, path: str) -> httpx.Response:
        return self.keep(httpx.get(base + path, headers=self.headers(), timeout=20))

    def post(self, base: str, path: str, data: dict[str, str], hx: bool = False) -> httpx.Response:
        return self.keep(httpx.post(base + path, data=data, headers=self.headers(hx), timeout=20))


def open_turn(conn: Any, match_id: int) -> tuple[int, list[str], dict[str, Any], str] | None:
    """The open turn of a match: number, awaited players, the state it opened on, label (None: no open turn)."""
    row = conn.execute(
        "SELECT number, awaiting, state_before, label FROM games_turn WHERE match_id = %s AND status = 'open' "
        "ORDER BY number DESC LIMIT 1",
        (match_id,),
    ).fetchone()
    return None if row is None else (int(row[0]), list(row[1]), dict(row[2]), str(row[3]))


def move_form(turn: tuple[int, list[str], dict[str, Any], str], player: str, rng: Random, lock: bool) -> dict[str, str]:
    """The form a player's page posts (htmx): a random legal move in ``move_json``, for the open turn."""
    from games.registry import get_engine

    engine = get_engine("abc")
    move = engine.random_move(engine.load(turn[2]), player, rng)
    return {"turn": str(turn[0]), "move_json": json.dumps(move), "lock": "1" if lock else "0"}
