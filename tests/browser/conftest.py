"""A real Garnet server (production's uvicorn command, in-process sweeper) for browser tests, and headless Chromium."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]


LANDED = re.compile(r".*/(me|matches/\d+)/(#.*)?$")
"""Where logging in lands: My matches, or the match whose turn awaits the player soonest (issue 38)."""


def _accept(dialog: Any) -> None:
    """Accept a confirmation, as a player who meant the step does (a test that reads one records its message)."""
    with contextlib.suppress(Exception):  # another listener of the test answered it already
        dialog.accept()


# The live server's log file (set by ``live_url``): the first-run test reads the setup link from it.
SERVER_LOG: dict[str, Path] = {}


PHONE_VIEWPORT = {"width": 360, "height": 740}


def phone_login(browser: Any, live_url: str, handle: str) -> Any:
    """A new phone-sized page (360×740, Europe/London) logged in as ``handle``, on My matches or the match
    awaiting their move (issue 38). The CSP is bypassed: wait_for_function evaluates a string, which the
    strict CSP forbids (the CSP has its own tests)."""
    context = browser.new_context(viewport=PHONE_VIEWPORT, timezone_id="Europe/London", bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", handle)
    page.fill("input[name=password]", "garnet-pass-1")  # every browser test's accounts
    page.click("button[type=submit]")
    page.wait_for_url(LANDED)
    return page


def needs(condition: bool, reason: str) -> None:
    """Skip when a service is missing, unless CI demands every service (then fail)."""
    if not condition:
        if os.environ.get("GARNET_REQUIRE_SERVICES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _fresh_postgres(url: str, name: str) -> str:
    import psycopg

    base, _, _ = url.rpartition("/")
    # Connect to the maintenance database: the suite's own may not exist yet.
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}"


def _drop_postgres(url: str) -> None:
    """Drop the live server's own database once it has stopped, so runs don't pile them up."""
    if not url.startswith("postgres"):
        return
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def server_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The server's environment: PostgreSQL + Redis when the suite has them, else the embedded default.

    Its database is dropped at the end even when no shared server ran (a session of ``fresh_site`` tests only)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "GARNET_INPROCESS_SWEEPER": "1",
            "DJANGO_DEBUG": "0",
            "PYTHONUNBUFFERED": "1",
            # A Discord app, so the Log in with Discord pages render as on a site that set one up
            # (nothing here talks to Discord: the tests never press its buttons).
            "DISCORD_CLIENT_ID": "garnet-browser-tests",
        }
    )
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        env["DATABASE_URL"] = _fresh_postgres(url, f"garnet_browser_{os.getpid()}")
    else:
        env.pop("DATABASE_URL", None)
        env["GARNET_SQLITE_PATH"] = str(tmp_path_factory.mktemp("db") / "browser.sqlite3")
    yield env
    _drop_postgres(env.get("DATABASE_URL", ""))


def manage(env: dict[str, str], *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


# Every account on the shared server logs in with the factories' password (tests.factories.PASSWORD), whichever
# test module made it: the demo commands make theirs with the demo's published one, and a module that ran them
# before another module's factories fetched the same handles (get_or_create keeps a password) broke that module's
# logins in a random test order (issue 47). One hash for all, written in one UPDATE.
_ONE_PASSWORD = """
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
get_user_model().objects.update(password=make_password("garnet-pass-1"))
"""


def demo(env: dict[str, str], *commands: str) -> None:
    """Run the demo's management commands (``demo_season``, ``demo_matches``...) on the server's database, then
    give every account the password every browser test logs in with."""
    for command in commands:
        manage(env, command)
    manage(env, "shell", "-c", _ONE_PASSWORD)


def _serve(server_env: dict[str, str], log_path: Path) -> Iterator[str]:
    """Production's web server (config/web.sh: uvicorn, one worker here) on a free loopback port, migrated.

    Its output goes to a file, never to a pipe nobody reads: a server writing its log into a full
    pipe blocks inside its event loop and stops answering (daphne did, after ~950 requests).
    """
    manage(server_env, "migrate", "--noinput")
    port = free_port()
    env = dict(server_env, GARNET_HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="1")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(["sh", "config/web.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(url + "/matches/", timeout=1)
            break
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("the server did not start: " + log_path.read_text()[-2000:])
    if proc.poll() is not None:
        pytest.fail("the server did not start: " + log_path.read_text()[-2000:])
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    tail = log_path.read_text()[-3000:]
    if "Traceback" in tail:
        print("\nserver log (tail):\n" + tail)
    _drop_postgres(server_env.get("DATABASE_URL", ""))


@pytest.fixture(scope="session")
def live_url(server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The live server the browser tests share (see ``_serve``)."""
    log_path = tmp_path_factory.mktemp("server") / "server.log"
    SERVER_LOG["path"] = log_path
    yield from _serve(server_env, log_path)


class FreshSite(NamedTuple):
    """A server of its own on an empty database: its address, its log's path and its environment."""

    url: str
    log: Path
    env: dict[str, str]


@pytest.fixture
def fresh_site(server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[FreshSite]:
    """A server of its own on an empty database (a fresh install: no user at all), its log (where the
    first-run link is printed) and its environment (for ``manage``), for a test that must start where a new
    dealer starts whatever the shared server's other tests did before it."""
    env = dict(server_env)
    if env.get("DATABASE_URL", "").startswith("postgres"):
        env["DATABASE_URL"] = _fresh_postgres(env["DATABASE_URL"], f"garnet_fresh_{os.getpid()}")
    else:
        env["GARNET_SQLITE_PATH"] = str(tmp_path_factory.mktemp("fresh") / "fresh.sqlite3")
    log_path = tmp_path_factory.mktemp("fresh-server") / "server.log"
    yield from (FreshSite(url, log_path, env) for url in _serve(env, log_path))


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Headless Chromium, shared by the browser tests and stopped when the last of them on this process ends.

    Playwright's sync API keeps its event loop *running* in this thread while it is started, and Django
    refuses every database call under a running loop (``SynchronousOnlyOperation``). Session-scoped, it
    outlived the browser tests, so a database test that xdist gave their worker afterwards errored at
    setup (issue 47's flaky CI). Package scope stops it as soon as the next test is outside tests/browser/.
    """
    needs(Path(CHROMIUM).exists(), f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        # Irreversible steps ask once (issue 38: "Save and lock in", the Death Match pick...): every page the
        # tests open accepts them, as the player who clicked meant to; Playwright would dismiss them otherwise.
        new_context = b.new_context

        def confirming_context(*args: Any, **kwargs: Any) -> Any:
            context = new_context(*args, **kwargs)
            context.on("dialog", _accept)
            return context

        b.new_context = confirming_context  # type: ignore[method-assign]
        yield b
        b.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``-n auto --dist loadgroup`` every browser test runs on one worker, sharing one live server."""
    for item in items:
        if "tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.xdist_group("browser"))
