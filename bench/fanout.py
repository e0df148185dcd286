"""Fan-out: one announcement to 1,000 spectator websockets on one ASGI process (channels_redis).

    python bench/fanout.py [sockets]

1,000 anonymous sockets watch one match through the real ASGI app (origin check, auth
middleware, MatchConsumer); an announcement goes out the way turn_close sends it
(games.broadcast.send from a worker thread after commit). Delivery latency is from the
send to each socket's frame. Baseline, same run: a bare channel-layer group_send to 1,000
plain channels, each read with layer.receive. Goal: delivery p99 under 1 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time

from _setup import django_setup, machine, median, pct

ROUNDS = 5


async def run(sockets: int) -> None:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from games import broadcast
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
        tasks = [asyncio.create_task(layer.receive(ch)) for ch in channels]
        await asyncio.sleep(0.2)
        t0 = time.perf_counter()
        await layer.group_send(group, {"type": "bench.msg", "i": i})
        arrivals = []
        for t in asyncio.as_completed(tasks):
            await t
            arrivals.append(time.perf_counter() - t0)
        bare += arrivals
    for ch in channels:
        await layer.group_discard(group, ch)

    # Real sockets through the app.
    comms = []
    for _ in range(sockets):
        comm = WebsocketCommunicator(
            application, f"/ws/matches/{match.pk}/", headers=[(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]
        )
        ok, _ = await comm.connect(timeout=30)
        assert ok
        await comm.receive_json_from(timeout=10)  # hello
        comms.append(comm)
    real: list[float] = []
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
        tasks = [asyncio.create_task(c.receive_json_from(timeout=60)) for c in comms]
        await asyncio.sleep(0.2)
        t0 = time.perf_counter()
        sent = await sync_to_async(broadcast.send, thread_sensitive=False)(events)
        assert sent == 1
        for t in asyncio.as_completed(tasks):
            await t
            real.append(time.perf_counter() - t0)
    print(f"machine: {machine()}")
    print(f"{sockets} sockets, {ROUNDS} announcements each, layer {type(layer).__name__}")
    print(f"bare group_send:      p50 {median(bare) * 1000:7.1f} ms   p99 {pct(bare, 99) * 1000:7.1f} ms")
    print(f"announcement to sockets: p50 {median(real) * 1000:7.1f} ms   p99 {pct(real, 99) * 1000:7.1f} ms")
    p99 = pct(real, 99)
    print(
        f"ratio p99 sockets / bare: {p99 / pct(bare, 99):.1f}x; goal p99 < 1 s: {'OK' if p99 < 1 else 'MISSED'}",
        flush=True,
    )
    for c in comms:
        with contextlib.suppress(Exception):  # teardown only
            await c.disconnect()


def main() -> None:
    import os

    # With psycopg's pool each socket's connect waits ~0.4 s for a pooled connection (see README);
    # the pool changes setup time only, not delivery, so the bench runs without it.
    os.environ.setdefault("GARNET_DB_POOL", "0")
    django_setup()
    sockets = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    asyncio.run(run(sockets))


if __name__ == "__main__":
    main()
