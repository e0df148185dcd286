"""The long-lived processes collect garbage less often (thousands of sockets, hundreds of closes)."""

from __future__ import annotations

import gc

import pytest

from config.gc_tuning import THRESHOLDS, gc_tune


def test_the_asgi_process_and_each_celery_worker_tune_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, ...]] = []
    monkeypatch.setattr(gc, "set_threshold", lambda *t: calls.append(t))
    monkeypatch.setattr(gc, "freeze", lambda: calls.append(()))
    gc_tune()
    assert calls == [(), THRESHOLDS]

    from celery.signals import worker_process_init

    import config.celery  # noqa: F401 - connects the worker hook

    calls.clear()
    worker_process_init.send(sender=None)
    assert calls == [(), THRESHOLDS]
