"""Helpers for the trust suite: which backend we run on, threads with their own connections."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.db import connection, connections

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
REDIS_URL = os.environ.get("REDIS_URL", "")

postgres_only = pytest.mark.skipif(
    not ON_POSTGRES,
    reason="needs real PostgreSQL row locks across connections: set DATABASE_URL=postgres://…",
)
redis_only = pytest.mark.skipif(not REDIS_URL, reason="needs a real Redis: set REDIS_URL=redis://…")


def run_together(calls: Sequence[Callable[[], Any]], *, timeout: float = 60) -> list[Any]:
    """Run each call in its own thread (its own database connection), released at once by a barrier.

    Returns each call's result, or the exception it raised, in the order given.
    """
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def body(i: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout)
            results[i] = call()
        except BaseException as exc:  # noqa: BLE001 - reported to the caller
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=body, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    return results


@pytest.fixture
def vendor() -> str:
    return connection.vendor
