"""``broadcast.send`` under a slow or hung channel layer: a push never holds its caller past
``GARNET_PUSH_TIMEOUT``, and only a layer that answered nothing pauses the pushes."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from games.match import broadcast


class SlowLayer:
    """A channel layer whose sends take ``delays[i]`` seconds each, in turn (a stand-in, not channels_redis)."""

    def __init__(self, *delays: float) -> None:
        self.delays = list(delays)
        self.sent: list[str] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        await asyncio.sleep(self.delays.pop(0) if self.delays else 0)
        self.sent.append(group)


@pytest.fixture
def layer(monkeypatch: pytest.MonkeyPatch, settings: Any) -> Any:
    settings.GARNET_PUSH_TIMEOUT = 0.3
    broadcast.pushes_resume()

    def use(fake: SlowLayer) -> SlowLayer:
        monkeypatch.setattr(broadcast, "get_channel_layer", lambda: fake)
        return fake

    yield use
    broadcast.pushes_resume()


EVENTS = [("public-1", {"type": "match.event"}), ("public-2", {"type": "match.event"})]


def test_a_layer_that_answers_slowly_does_not_pause_the_pushes(layer: Any) -> None:
    """A busy machine: the first send answers, the second outlasts the timeout. What went out is counted, the rest
    dropped, and the next push goes out: a slow layer is not a hung Redis (issue 45's stalled load runs)."""
    fake = layer(SlowLayer(0.0, 1.0))
    started = time.monotonic()
    assert broadcast.send(EVENTS) == 1
    assert time.monotonic() - started < 1.0
    fake.delays = []
    assert broadcast.send(EVENTS[:1]) == 1


def test_a_layer_that_answers_nothing_pauses_the_pushes(layer: Any) -> None:
    """A hung Redis answers no send within the timeout: one wait, then pushes are skipped without waiting."""
    fake = layer(SlowLayer(1.0))
    assert broadcast.send(EVENTS[:1]) == 0
    fake.delays = []
    started = time.monotonic()
    assert broadcast.send(EVENTS) == 0
    assert time.monotonic() - started < 0.1
    assert fake.sent == []
