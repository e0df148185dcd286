"""The background publisher (issue 47): publishes leave from one thread per process, in order, never the
caller's; a publish the broker refuses is logged and dropped (every such task has a backstop)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from core.publish import publish_later


class _Task:
    name = "tests.fake"

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any], str]] = []
        self.fail = fail

    def apply_async(self, args: tuple[Any, ...], **options: Any) -> None:
        self.calls.append((args, options, threading.current_thread().name))
        if self.fail:
            raise ConnectionError("broker away")


def test_publishes_leave_in_order_from_the_background_never_the_callers_thread() -> None:
    task = _Task()
    futures = [publish_later(task, n, eta="soon") for n in range(5)]
    for future in futures:
        future.result(timeout=5)
    assert [c[0] for c in task.calls] == [(n,) for n in range(5)]
    assert all(c[1] == {"eta": "soon"} for c in task.calls)
    assert {c[2] for c in task.calls} != {threading.current_thread().name}
    assert all(c[2].startswith("garnet-publish") for c in task.calls)


def test_a_refused_publish_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    publish_later(_Task(fail=True), 7).result(timeout=5)
    assert "could not queue tests.fake(7,)" in caplog.text
