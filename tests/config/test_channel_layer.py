"""The Redis channel layer's local fan-out: one reader per process, each socket waits on its own buffer."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from config.channel_layer import LocalFanoutRedisChannelLayer
from tests.trust.conftest import REDIS_URL, redis_only

pytestmark = [pytest.mark.asyncio, redis_only]


@pytest_asyncio.fixture
async def layer() -> AsyncIterator[LocalFanoutRedisChannelLayer]:
    made = LocalFanoutRedisChannelLayer(hosts=[REDIS_URL], prefix=f"test-layer-{uuid.uuid4().hex[:8]}")
    yield made
    await made.flush()


async def test_a_group_message_reaches_every_waiting_local_channel(layer: LocalFanoutRedisChannelLayer) -> None:
    channels = [await layer.new_channel() for _ in range(50)]
    for channel in channels:
        await layer.group_add("watchers", channel)
    waiting = [asyncio.create_task(layer.receive(channel)) for channel in channels]
    await asyncio.sleep(0.05)
    assert layer._reader is not None, "one reader reads for every waiting channel"
    await layer.group_send("watchers", {"type": "match.event", "n": 1})
    got = await asyncio.wait_for(asyncio.gather(*waiting), 5)
    assert [m["n"] for m in got] == [1] * 50
    assert layer._reader is None, "nobody waits any more: reading stopped"


async def test_a_message_for_a_channel_not_waiting_is_kept_until_it_asks(layer: LocalFanoutRedisChannelLayer) -> None:
    first, second = await layer.new_channel(), await layer.new_channel()
    for channel in (first, second):
        await layer.group_add("watchers", channel)
    waiting = asyncio.create_task(layer.receive(first))
    await asyncio.sleep(0.05)
    await layer.group_send("watchers", {"type": "match.event", "n": 2})
    assert (await asyncio.wait_for(waiting, 5))["n"] == 2
    assert (await asyncio.wait_for(layer.receive(second), 5))["n"] == 2


async def test_a_cancelled_wait_stops_the_reader_and_loses_nothing(layer: LocalFanoutRedisChannelLayer) -> None:
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0.05)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert layer._reader is None
    await layer.send(channel, {"type": "match.event", "n": 3})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == 3


async def test_a_dead_redis_fails_the_waiters_instead_of_hanging_them() -> None:
    dead = LocalFanoutRedisChannelLayer(hosts=["redis://127.0.0.1:9/0"])
    channel = await dead.new_channel()
    with pytest.raises(Exception):  # noqa: B017,PT011 - whatever redis-py raises for a refused connection
        await asyncio.wait_for(dead.receive(channel), 10)
