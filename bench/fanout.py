"""Fan-out: one announcement to thousands of spectator websockets on one ASGI process (channels_redis).

    python bench/fanout.py [sockets]

``sockets`` (default 1,000) anonymous sockets watch one match through the real ASGI app
(origin check, auth middleware, MatchConsumer) on the production settings (psycopg pool
on), connecting in waves of 100 as a crowd arrives; an announcement goes out the way
turn_close sends it (games.match.broadcast.send from a worker thread after commit). Delivery
latency is from the send to each socket's frame. Baseline, same run: a bare channel-layer
group_send to as many plain channels, each read with layer.receive. Prints connect
latency and the database pool's waits, delivery p50/p99 for both and their ratio, the
process's CPU per announcement, and the load average. Goal (issue 45): delivery p99 under 500 ms for 10,000
(``python bench/fanout.py 10000``). Spectators share their process's one channel for the match
(``games.web.crowd``): the layer delivers an announcement once, and it is encoded once and written to each socket.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Awaitable
from typing import Any

from _setup import django_setup, machine, median, pct

ROUNDS = 5
WAVE = 100


async def arrival(receiving: Awaitable[Any]) -> tuple[Any, float]:
    """What ``receiving`` gave and when: timed in the reader's own task as it wakes, not when the bench's
    loop gets round to looking (with 10,000 sockets ``as_completed`` alone added a few hundred ms)."""
    got = await receiving
    return got, time.perf_counter()


async def run(sockets: int) -> None:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from games.match import broadcast
    from tests.factories import abc_match

    match = await sync_to_async(abc_match)(seed="fanout")
    layer = get_channel_layer()

    # Baseline: bare group_send to plain channels.
    group = "bench-bare"
    channels = [await layer.new_channel() for _ in range(sockets)]
    for ch in channels:
        await layer.group_add(group, ch)
    bare: list[float] = []
    for i in range(ROUNDS):
        tasks = [asyncio.create_task(arrival(layer.receive(ch))) for ch in channels]
        await asyncio.sleep(0.2)
        t0 = time.perf_counter()
        await layer.group_send(group, {"type": "bench.msg", "i": i})
        bare += [at - t0 for _, at in await asyncio.gather(*tasks)]
    for ch in channels:
        await layer.group_discard(group, ch)

    # Real sockets through the app, arriving in waves.
    async def connect() -> tuple[WebsocketCommunicator, float]:
        t0 = time.perf_counter()
        comm = WebsocketCommunicator(
            application, f"/ws/matches/{match.pk}/", headers=[(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]
        )
        ok, _ = await comm.connect(timeout=60)
        assert ok
        await comm.receive_json_from(timeout=60)  # hello
        return comm, time.perf_counter() - t0

    await sync_to_async(pool_stats)()  # counts from here on
    comms: list[WebsocketCommunicator] = []
    connects: list[float] = []
    t_connect = time.perf_counter()
    for start in range(0, sockets, WAVE):
        for comm, took in await asyncio.gather(*(connect() for _ in range(min(WAVE, sockets - start)))):
            comms.append(comm)
            connects.append(took)
    t_connect = time.perf_counter() - t_connect
    connect_pool = await sync_to_async(pool_stats)()
    real: list[float] = []
    cpu0 = time.process_time()
    for i in range(ROUNDS):
        events = [
            (
                broadcast.group_public(match.pk),
                {
                    "type": "match.event",
                    "event": "message",
                    "match": match.pk,
                    "seq": 1000 + i,
                    "turn_number": 0,
                    "text": "Announcement",
                    "private": False,
                },
            )
        ]
        # Each socket's frame is read straight off its output queue (what the ASGI server writes
        # out), not through receive_json_from, whose per-call mock.patch and timeout cost more
        # than the consumer's own work: that is the test client's cost, not the server's.
        tasks = [asyncio.create_task(arrival(c.output_queue.get())) for c in comms]
        await asyncio.sleep(0.2)
        t0 = time.perf_counter()
        sent = await sync_to_async(broadcast.send, thread_sensitive=False)(events)
        assert sent == 1
        for frame, at in await asyncio.wait_for(asyncio.gather(*tasks), 60):
            assert frame["type"] == "websocket.send" and '"Announcement"' in frame["text"], frame
            real.append(at - t0)
    cpu = (time.process_time() - cpu0) / ROUNDS
    print(f"machine: {machine()}; load {os.getloadavg()[0]:.1f}")
    print(f"{sockets} sockets, {ROUNDS} announcements each, layer {type(layer).__name__}, {pool_note()}")
    print(
        f"connects (waves of {WAVE}): {t_connect:.1f} s in all, "
        f"p50 {median(connects) * 1000:.1f} ms, p99 {pct(connects, 99) * 1000:.1f} ms; {connect_pool}"
    )
    print(f"bare group_send:         p50 {median(bare) * 1000:7.1f} ms   p99 {pct(bare, 99) * 1000:7.1f} ms")
    print(f"announcement to sockets: p50 {median(real) * 1000:7.1f} ms   p99 {pct(real, 99) * 1000:7.1f} ms")
    print(f"process CPU per announcement (server and bench clients together): {cpu * 1000:.0f} ms")
    p99 = pct(real, 99)
    print(
        f"fanout: {sockets} sockets, p99 {p99 * 1000:.0f} ms, {p99 / pct(bare, 99):.1f}x bare group_send; "
        f"goal p99 < 500 ms: {'OK' if p99 < 0.5 else 'MISSED'}",
        flush=True,
    )
    # Hang up together (one by one, each waits for its consumer to finish).
    for start in range(0, len(comms), WAVE):
        await asyncio.gather(*(c.disconnect() for c in comms[start : start + WAVE]), return_exceptions=True)


def pool_note() -> str:
    from django.conf import settings

    pool = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
    return f"psycopg pool {pool}" if pool else "no psycopg pool (GARNET_DB_POOL=0)"


def pool_stats() -> str:
    """How often and how long requests waited for a pooled database connection since the last call."""
    from django.db import connection

    pool = getattr(connection, "pool", None)
    if pool is None:
        return "no pool"
    stats = pool.pop_stats()
    return (
        f"pool: {stats.get('requests_num', 0)} requests, {stats.get('requests_waiting', 0)} waiting now, "
        f"{stats.get('requests_queued', 0)} had to wait ({stats.get('requests_wait_ms', 0)} ms in all), "
        f"{stats.get('connections_num', 0)} connections opened"
    )


def main() -> None:
    django_setup()
    sockets = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    asyncio.run(run(sockets))


if __name__ == "__main__":
    main()
