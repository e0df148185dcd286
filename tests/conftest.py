"""Shared fixtures: users, an ABC match, clients signed in as its players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

# Django is imported inside the fixtures, so the pure engine tests also run without it
# (`pytest -p no:django tests/games/<slug>/test_rules*.py`).


@pytest.fixture(autouse=True)
def _clear_cache(request: pytest.FixtureRequest) -> None:
    """Start each Django test with empty rate-limit counters."""
    if not request.config.pluginmanager.has_plugin("django"):
        return
    from django.core.cache import cache

    cache.clear()


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
