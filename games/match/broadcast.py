"""Pushes to websockets, sent only after the transaction that caused them commits.

A push is a notification, not the truth: it carries only what its group may see
(public lines to the public group, a private line to its player's group) and the
message sequence number, and clients re-fetch the page on a gap or a reconnect.
A push that fails (the channel layer is down) is logged and dropped; the page
still shows the truth on reload. A push never holds its caller (a player's lock-in)
longer than ``GARNET_PUSH_TIMEOUT`` seconds: a hung Redis (connection open, no answer)
costs one such wait, then pushes are skipped for ``GARNET_PUSH_PAUSE`` seconds.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable, Coroutine, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

if TYPE_CHECKING:
    from games.models import Match, Message, Turn

log = logging.getLogger(__name__)

Event = tuple[str, dict[str, Any]]
_T = TypeVar("_T")

# Set inside ``batched()``: sends are held here and leave together when the block ends.
_held: ContextVar[list[Event] | None] = ContextVar("garnet_held_pushes", default=None)


def group_public(match_id: int) -> str:
    """The group every watcher of a match joins."""
    return f"match-{match_id}"


def group_player(match_id: int, player: str) -> str:
    """The private group of one player of a match (handles are hashed: group names are restricted)."""
    digest = hashlib.sha256(player.encode()).hexdigest()[:20]
    return f"match-{match_id}-p-{digest}"


def group_watch(match_id: int) -> str:
    """The group of a match's spectators' sockets (neither its players' nor its hosts'): the public page a close pushes."""
    return f"match-{match_id}-watch"


def group_user(user_id: int) -> str:
    """A user's own group, for dashboard notifications."""
    return f"user-{user_id}"


def turn_payload(turn: Turn) -> dict[str, Any]:
    """What anyone may know of a turn."""
    return {
        "number": turn.number,
        "label": turn.label,
        "status": turn.status,
        "deadline": turn.deadline.isoformat(),
        "paused": turn.is_paused,
        "awaiting": list(turn.awaiting),
    }


def turn_events(*, match: Match, closed: Turn | None, messages: Iterable[Message], opened: Turn | None) -> list[Event]:
    """The pushes for a closed turn, its log lines and the next turn."""
    events: list[Event] = []
    for m in messages:
        payload = {
            "type": "match.event",
            "event": "message",
            "match": match.pk,
            "seq": m.seq,
            "turn_number": m.turn_number,
            "text": m.text,
            "private": m.to is not None,
        }
        group = group_player(match.pk, m.to) if m.to else group_public(match.pk)
        events.append((group, payload))
    if opened is not None:
        events.append(
            (
                group_public(match.pk),
                {
                    "type": "match.event",
                    "event": "turn",
                    "match": match.pk,
                    "seq": match.last_seq,
                    "turn": turn_payload(opened),
                },
            )
        )
    elif closed is not None:
        events.append(
            (
                group_public(match.pk),
                {"type": "match.event", "event": "finished", "match": match.pk, "seq": match.last_seq},
            )
        )
    return events


def frames(events: Iterable[Event]) -> list[Event]:
    """A close's pushes (its data events and any pages, ``live_event``) as one frame per group: each group's
    events, in order, in one ``batch`` (a lone event as itself).

    A socket then takes one frame for a close where it took one for each line, its page and the turn.
    The seats' and the watchers' frames go first and the public group's last, so a page (which holds every
    line) lands before the turn event and a page that took its own push fetches nothing. A seat that gets
    its page gets no private line events: the page holds them.
    """
    grouped: dict[str, list[dict[str, Any]]] = {}
    for group, payload in events:
        grouped.setdefault(group, []).append(payload)
    out: list[Event] = []
    public: list[Event] = []
    for group, payloads in grouped.items():
        if any(p.get("event") == "live" for p in payloads):
            payloads = [p for p in payloads if p.get("event") != "message"]
        if len(payloads) == 1:
            frame = payloads[0]
        else:
            inner = [{k: v for k, v in p.items() if k != "type"} for p in payloads]
            frame = {"type": "match.event", "event": "batch", "match": payloads[0]["match"], "events": inner}
        (public if group == group_public(frame["match"]) else out).append((group, frame))
    return [*out, *public]


def live_event(*, group: str, match: Match, html: str, private_seq: int | None = None) -> Event:
    """A page's new live part, drawn for the viewers of ``group`` (one seat, or the spectators) at a close.

    ``seq`` and ``private_seq`` are where the page's streams stand with it: the page swaps it in instead of
    fetching, unless it already shows as much.
    """
    payload: dict[str, Any] = {"type": "match.event", "event": "live", "match": match.pk, "seq": match.last_seq}
    if private_seq is not None:
        payload["private_seq"] = private_seq
    payload["html"] = html
    return (group, payload)


def lock_event(*, match: Match, turn: Turn, player: str) -> Event:
    """The push that a player locked in (public: every page shows the lock-in ticks), never the move."""
    return (
        group_public(match.pk),
        {
            "type": "match.event",
            "event": "locked",
            "match": match.pk,
            "seq": match.last_seq,
            "turn_number": turn.number,
            "player": player,
        },
    )


def reseat_event(*, match: Match, seat: str) -> Event:
    """Tell the sockets in ``seat``'s private group that it changed hands: each leaves it and closes
    (the consumer's ``match_reseat``), so the old player hears nothing more of the seat; a client
    reconnects and its hello puts it where its user now belongs."""
    return (group_player(match.pk, seat), {"type": "match.reseat", "match": match.pk})


def seat_event(*, match: Match) -> Event:
    """The public push that a seat changed hands: every page refreshes its live part and reconnects
    (the new player's socket joins the seat's private group)."""
    return (group_public(match.pk), {"type": "match.event", "event": "seat", "match": match.pk, "seq": match.last_seq})


def send(events: Iterable[Event]) -> int:
    """Send the events to their groups in one batch: one hop into the event loop, in order.

    In order, because a client appends log lines by sequence and treats a gap as
    missed pushes. Returns how many went out; a failed push is logged and dropped
    (clients resync from their seq).
    """
    held = _held.get()
    if held is not None:
        held.extend(events)
        return 0
    layer = get_channel_layer()
    batch = list(events)
    if layer is None or not batch:
        return 0

    if time.monotonic() < _paused_until:
        return 0  # the layer just timed out: nobody waits for it again until the pause is over

    results: list[BaseException | None] = []

    async def _each() -> list[BaseException | None]:
        for group, payload in batch:
            try:
                await layer.group_send(group, payload)
                results.append(None)
            except Exception as exc:
                results.append(exc)
        return results

    timeout = float(settings.GARNET_PUSH_TIMEOUT)

    async def _all() -> list[BaseException | None]:
        return await asyncio.wait_for(_each(), timeout)

    try:
        _run(layer, _all, timeout + 1)
    except (TimeoutError, concurrent.futures.TimeoutError):
        answered = sum(1 for r in results if r is None)
        if not answered:
            _pause()  # nothing answered: a hung Redis, which every later send would wait on as long
        else:
            # A layer that answers, slowly (a busy machine), is not hung: pausing would stop every match's pushes
            # for GARNET_PUSH_PAUSE seconds and stall live play (issue 45's load runs). The rest are dropped.
            log.warning("pushes were slow: %s of %s sent in %s s, the rest dropped", answered, len(batch), timeout)
        return answered
    except Exception:
        log.warning("pushes failed; clients will catch up on their next resync", exc_info=True)
        return 0
    sent = 0
    for (group, _payload), result in zip(batch, results, strict=True):
        if isinstance(result, BaseException):
            log.warning("push to %s failed; clients will catch up on reload", group, exc_info=result)
        else:
            sent += 1
    return sent


_paused_until = 0.0


def _pause() -> None:
    """The channel layer did not answer in time: skip pushes for a while (each would wait as long)."""
    global _paused_until
    pause = float(settings.GARNET_PUSH_PAUSE)
    _paused_until = time.monotonic() + pause
    log.warning(
        "the channel layer did not answer within %s s (Redis hung?); pushes are skipped for %s s, pages catch up",
        settings.GARNET_PUSH_TIMEOUT,
        pause,
    )


def pushes_resume() -> None:
    """Forget a pause (tests; a pause otherwise ends by itself)."""
    global _paused_until
    _paused_until = 0.0


def _run(layer: Any, fn: Callable[[], Coroutine[Any, Any, _T]], timeout: float) -> _T:
    """Run ``fn()`` for a send from this synchronous thread.

    A request's thread (inside the ASGI server's ``sync_to_async``) hops to the server's own event
    loop, where the channel layer keeps its connections. A thread with no loop to hand (a Celery
    worker, the in-process sweeper, a command) would make ``async_to_sync`` start a new loop per
    send, and channels_redis a new Redis connection per loop (~5 ms a send): it uses the process's
    push loop instead. The in-memory layer (the embedded default) is bound to the loop its sockets
    run on, so it always takes ``async_to_sync``.
    """
    serving = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if (serving is not None and serving.is_running()) or not type(layer).__module__.startswith("channels_redis"):
        return async_to_sync(fn)()
    return asyncio.run_coroutine_threadsafe(fn(), _push_loop()).result(timeout=timeout)


_push: tuple[int, asyncio.AbstractEventLoop] | None = None
_push_lock = threading.Lock()


def _push_loop() -> asyncio.AbstractEventLoop:
    """This process's push loop, in a daemon thread, started on first use (and again after a fork)."""
    global _push
    with _push_lock:
        if _push is None or _push[0] != os.getpid() or _push[1].is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="garnet-pushes", daemon=True).start()
            _push = (os.getpid(), loop)
        return _push[1]


@contextmanager
def batched() -> Iterator[None]:
    """Hold every ``send`` made inside the block and send them all, in order, in one batch at its end.

    Each send costs a hop into an event loop and a channel-layer connection, so a
    sweep that closes 20 turns in one transaction sends their pushes once. Wrap the
    transaction in it (``with batched(), transaction.atomic():``): the commit runs
    the closes' ``on_commit`` sends first, so the pushes still leave only after
    commit, and a rolled-back close never registered its send. Nested blocks join
    the outermost one.
    """
    if _held.get() is not None:
        yield
        return
    token = _held.set([])
    try:
        yield
    finally:
        held = _held.get() or []
        _held.reset(token)
        if held:
            send(held)
