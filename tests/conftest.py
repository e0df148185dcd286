"""Shared fixtures: users, an ABC match, clients signed in as its players."""

from __future__ import annotations

import ast
import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

# Tests marked in_order keep their written order under pytest-randomly (issue 47).
pytest_plugins = ["tests.ordering"]

# Django is imported inside the fixtures, so the pure engine tests also run without it:
# `pytest -p no:django tests/games` collects only the modules that need no Django (below).

# What needs Django, by folder: every app but the games' own folders, the framework's two folders, and
# Django's conventional modules wherever they sit. The rest of games/ (the engine contract, the kit and
# each game's pure modules) imports no Django (import-linter's "Engines are pure" contract).
_DJANGO_ROOTS = ("django", "rest_framework", "channels", "config", "core", "accounts", "seasons", "reach", "story")
_DJANGO_ROOTS += ("alerts", "games.match", "games.web", "tests.factories", "tests.seasons", "tests.toygame")
_DJANGO_NAMES = {"models", "forms", "apps", "admin", "tasks", "views", "urls", "registry", "templatetags"}


def _django_name(name: str) -> bool:
    parts = name.split(".")
    if any(name == r or name.startswith(r + ".") for r in _DJANGO_ROOTS):
        return True
    return parts[0] in {"games", "tests"} and bool(_DJANGO_NAMES.intersection(parts[1:]))


def _needs_django(path: Path) -> bool:
    """Whether a test module imports Django or the framework, or asks for the database."""
    source = path.read_text()
    if "django_db" in source or "client_for" in source:
        return True
    for node in ast.walk(ast.parse(source)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        if any(_django_name(n) for n in names):
            return True
    return False


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without pytest-django, leave out the modules that need it (and say how many in the header)."""
    if config.pluginmanager.has_plugin("django") or collection_path.suffix != ".py":
        return None
    if collection_path.name.startswith("test_") and _needs_django(collection_path):
        config.stash.setdefault(_SKIPPED, []).append(str(collection_path))
        return True
    return None


_SKIPPED = pytest.StashKey[list[str]]()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put each ``xdist_group`` test's group in its node id (``…@group``), which ``--dist loadgroup`` schedules by.

    pytest-xdist 3.8 writes it to ``item._nodeid``, which pytest 9 no longer reads (the id is ``item._id``):
    without this every grouped test ran on any worker, and each of them started its own servers.
    """
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted(
            {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
        )
        if names and "@" not in item.nodeid.rpartition("::")[2]:
            item._id = type(item.id).parse(f"{item.nodeid}@{'_'.join(names)}")  # type: ignore[attr-defined]


_LAST_RUN = pytest.StashKey[str]()


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _owns_a_loop(item: pytest.Item) -> bool:
    """The browser tests run under Playwright's sync API, whose event loop runs in this thread while it is up."""
    return item.get_closest_marker("browser") is not None or "browser" in item.path.parent.parts[-1:]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Refuse to start a test under an event loop some earlier test left running in this thread.

    Django refuses every database call under a running loop (``SynchronousOnlyOperation``), so such a leak
    made whichever database test came next on that xdist worker error at random (issue 47). Checked before
    any fixture, it fails naming the test that ran before, where the leak is to be fixed.
    """
    if _loop_running() and not _owns_a_loop(item):
        before = item.config.stash.get(_LAST_RUN, "none")
        pytest.fail(
            "An event loop is still running in this thread, left by an earlier test (the last one to run here: "
            f"{before}). Close it in that test's fixture: Django refuses database calls under a running loop.",
            pytrace=False,
        )


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    item.config.stash[_LAST_RUN] = item.nodeid


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Say which order the tests ran in (pytest-randomly), also under ``-q`` (which hides the header)."""
    seed = getattr(config.option, "randomly_seed", None)
    if seed is not None and config.pluginmanager.has_plugin("randomly"):
        terminalreporter.write_line(
            f"test order: rerun it with -p randomly --randomly-seed={seed} (without -p randomly: file order)"
        )


def pytest_report_collectionfinish(config: pytest.Config) -> str | None:
    skipped = config.stash.get(_SKIPPED, [])
    return f"-p no:django: left out {len(skipped)} modules that need Django" if skipped else None


@pytest.fixture(autouse=True)
def _clear_cache(request: pytest.FixtureRequest) -> None:
    """Start each Django test with empty rate-limit counters."""
    if not request.config.pluginmanager.has_plugin("django"):
        return
    from django.conf import settings
    from django.core.cache import cache

    from core.cache import redis_client

    prefix = settings.CACHES["default"].get("KEY_PREFIX")
    client = redis_client()
    if prefix and client is not None:
        # A Redis cache shared by xdist workers: clear only this worker's keys, not the whole database.
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
    else:
        cache.clear()


@pytest.fixture
def memory_layer(settings: Any) -> None:
    """Sockets in one process: the in-memory channel layer, and no in-process sweeper closing turns under a test.

    A module of socket tests uses it with ``pytest.mark.usefixtures("memory_layer")``.
    """
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.GARNET_INPROCESS_SWEEPER = False


@pytest.fixture
def match(db: Any) -> Any:
    """A running 5-player ABC match: ann is X in round 1."""
    from tests.factories import abc_match

    return abc_match()


@pytest.fixture
def client_for(db: Any) -> Callable[[str], Any]:
    """A client signed in as the given handle (the user is created if missing)."""
    from django.test import Client

    from tests.factories import UserFactory

    def make(handle: str) -> Client:
        user = UserFactory(username=handle)
        c = Client()
        c.force_login(user)
        return c

    return make


@pytest.fixture
def players() -> list[str]:
    from tests.factories import ABC_PLAYERS

    return list(ABC_PLAYERS)
