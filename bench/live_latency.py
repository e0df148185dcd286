"""Warriors' Death live latency: deadline to result on the player's socket, over 100 turns.

    python bench/live_latency.py [turns]

A Warriors' Death match with 1-second turns (options turn/break/pool_seconds = 1), nobody
submitting, so every turn closes at its deadline; the player's websocket (real ASGI app,
channels_redis, PostgreSQL) times the first frame of each result against the deadline.
Two closers, each its own run: "scheduled" (a task sleeping until the deadline then calling
turn_close in a worker thread: what the Celery eta task does, minus the broker) and "sweeper"
(games.match.sweeper at its production interval of 1 s: the embedded default and the backstop).
Baseline, same run: a bare channel-layer round trip to the same socket. Goal: p99 < 1 s.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

from _setup import django_setup, machine, median, pct


async def run(mode: str, turns: int) -> list[float]:
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator
    from django.test import Client

    from config.asgi import application
    from games.match import sweeper
    from games.match.services import turn_close
    from games.match.services.matches import match_start
    from games.models import Match, Turn
    from tests.factories import users

    def new_match(i: int) -> tuple[int, str]:
        users(["wa", "wb"])
        m = match_start(
            game="warriors",
            players=["wa", "wb"],
            seed=f"live-{mode}-{i}",
            options={"turn_seconds": 1, "break_seconds": 1, "pool_seconds": 1},
        )
        c = Client()
        from django.contrib.auth import get_user_model

        c.force_login(get_user_model().objects.get(username="wa"))
        return m.pk, c.cookies["sessionid"].value

    def open_deadline(match_id: int) -> tuple[int, float] | None:
        t = Turn.objects.filter(match_id=match_id, status="open").first()
        return (t.pk, t.deadline.timestamp()) if t else None

    def running(match_id: int) -> bool:
        return Match.objects.filter(pk=match_id, status="running").exists()

    latencies: list[float] = []
    closer: asyncio.Task | None = None
    if mode == "sweeper":
        closer = asyncio.create_task(sweeper.sweep_forever(1.0))
    n = 0
    while len(latencies) < turns:
        match_id, cookie = await sync_to_async(new_match)(n)
        n += 1
        comm = WebsocketCommunicator(
            application,
            f"/ws/matches/{match_id}/",
            headers=[
                (b"host", b"127.0.0.1"),
                (b"origin", b"http://127.0.0.1"),
                (b"cookie", f"sessionid={cookie}".encode()),
            ],
        )
        ok, _ = await comm.connect(timeout=10)
        assert ok
        hello = await comm.receive_json_from(timeout=10)
        assert hello["player"] == "wa", hello
        while len(latencies) < turns and await sync_to_async(running)(match_id):
            current = await sync_to_async(open_deadline)(match_id)
            if current is None:
                break
            turn_id, deadline = current
            if mode == "scheduled":
                await asyncio.sleep(max(0.0, deadline - time.time()))
                task = asyncio.create_task(sync_to_async(turn_close, thread_sensitive=False)(turn_id=turn_id))
            frame = await comm.receive_json_from(timeout=15)
            latencies.append(time.time() - deadline)
            if mode == "scheduled":
                await task
            while not await comm.receive_nothing(timeout=0.05):  # the rest of this close's frames
                await comm.receive_json_from()
            del frame
        await comm.disconnect()
    if closer:
        closer.cancel()
    return latencies


async def bare_round_trip(count: int) -> list[float]:
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    channel = await layer.new_channel()
    out = []
    for i in range(count):
        t0 = time.perf_counter()
        await layer.send(channel, {"type": "x", "i": i})
        await layer.receive(channel)
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    os.environ.setdefault("GARNET_DB_POOL", "0")
    django_setup()
    from games.registry import slugs

    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    assert "warriors" in slugs(), "the warriors engine is not registered"
    print(f"machine: {machine()}")
    base = asyncio.run(bare_round_trip(200))
    print(
        f"baseline bare channel-layer round trip: p50 {median(base) * 1000:.1f} ms  p99 {pct(base, 99) * 1000:.1f} ms"
    )
    for mode in ("scheduled", "sweeper"):
        lat = asyncio.run(run(mode, turns))
        p99 = pct(lat, 99)
        print(
            f"{mode:9}: {len(lat)} turns, deadline→result median {median(lat) * 1000:.0f} ms, "
            f"p99 {p99 * 1000:.0f} ms = {p99 / pct(base, 99):.0f}x baseline; goal p99 < 1 s: "
            f"{'OK' if p99 < 1 else 'MISSED'}"
        )


if __name__ == "__main__":
    main()
