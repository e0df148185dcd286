"""Shared fixtures: users, an ABC match, clients signed in as its players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from tests.factories import ABC_PLAYERS, UserFactory, abc_match


@pytest.fixture(autouse=True)
def _clear_cache() -> None:
    cache.clear()


@pytest.fixture
def match(db: Any) -> Any:
    """A running 5-player ABC match: ann is X in round 1."""
    return abc_match()


@pytest.fixture
def client_for(db: Any) -> Callable[[str], Client]:
    """A client signed in as the given handle (the user is created if missing)."""

    def make(handle: str) -> Client:
        user = UserFactory(username=handle)
        c = Client()
        c.force_login(user)
        return c

    return make


@pytest.fixture
def players() -> list[str]:
    return list(ABC_PLAYERS)
