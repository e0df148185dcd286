"""A match's spectators in one process share one channel-layer subscription: a push to them is received,
encoded and written once per process, not once per socket.

With channels' own delivery each socket has a channel of its own in every group it joins: the layer hands
each one its copy of a message (channels_redis's pub/sub layer decodes it once per socket), and each
socket's consumer task wakes, dispatches and encodes it, so an announcement to a Final's crowd costs the
process as many of each as it holds sockets. A spectator listens only to groups that are the same for every
spectator of the match (its public group and its watchers' group), so the process joins those groups once,
on one channel of its own per match (a :class:`Crowd`), and writes each frame to its local spectators itself.

Per socket a push is then one write. A spectator whose socket does not take a frame within ``SLOW_SECONDS``
(a browser that stopped reading, on a server whose writes wait for the reader) is closed rather than allowed to
hold up the rest longer; its page reconnects and resyncs as after any drop (``static/garnet_socket.js``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Iterable
from typing import Any, Protocol

log = logging.getLogger(__name__)

SLOW_SECONDS = 5.0
"""How long one push's writes may wait on one spectator's socket before that socket is closed."""

SLOW_CLOSE = 4008
"""Close code for a spectator whose socket stopped taking frames (the client reconnects)."""


class Spectator(Protocol):
    """What a crowd needs of a socket's consumer (channels' ``AsyncWebsocketConsumer``)."""

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False) -> None:
        """Write one frame to the socket."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Handle a channel-layer message as the consumer's own handler would."""

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        """Close the socket."""


class Crowd:
    """The spectators of one match in one event loop and the one channel they share in ``groups``."""

    def __init__(self, layer: Any, groups: tuple[str, ...]) -> None:
        self.layer = layer
        self.groups = groups
        self.sockets: dict[Spectator, None] = {}  # in joining order
        self.channel = ""
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.reader: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Future[None]] = set()

    async def start(self) -> None:
        """Join the groups on a new channel and start reading it; ``ready`` says when (or why not)."""
        try:
            self.channel = await self.layer.new_channel()
            for group in self.groups:
                await self.layer.group_add(group, self.channel)
            self.reader = asyncio.create_task(self._read())
        except asyncio.CancelledError:
            self.ready.cancel()
            raise
        except BaseException as exc:
            self.ready.set_exception(exc)
            raise
        self.ready.set_result(None)

    async def stop(self) -> None:
        """Stop reading and leave the groups (the last local spectator left)."""
        try:
            await asyncio.shield(self.ready)
        except BaseException:
            return  # it never joined
        if self.reader is not None:
            self.reader.cancel()
            await asyncio.gather(self.reader, return_exceptions=True)
        for group in self.groups:
            await self.layer.group_discard(group, self.channel)

    async def _read(self) -> None:
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except Exception:  # the layer's connection failed: keep reading (pages resync from their numbers)
                log.warning("reading the spectators' channel of %s failed", self.groups[0], exc_info=True)
                await asyncio.sleep(1)
                continue
            try:
                await self.fan(message)
            except Exception:  # one bad message must not end every spectator's pushes
                log.exception("a push to the spectators of %s failed", self.groups[0])

    async def fan(self, message: dict[str, Any]) -> None:
        """Hand ``message`` to every local spectator, in joining order: a push is encoded once and written to each
        socket; anything else the groups carry goes to each consumer's own handler."""
        sockets = list(self.sockets)
        if message.get("type") == "match.event":
            frame = json.dumps({k: v for k, v in message.items() if k != "type"})
        else:
            frame = None
        # One after another, no task per socket: a write to a socket is a write to its transport's buffer (uvicorn's
        # websockets) and does not wait. A server that makes a write wait for a slow reader would hold up the rest,
        # so a socket whose write has not finished when the time is up is closed and the rest go on.
        done = 0
        while done < len(sockets):
            try:
                async with asyncio.timeout(SLOW_SECONDS):
                    while done < len(sockets):
                        socket = sockets[done]
                        try:
                            if frame is None:
                                await socket.dispatch(dict(message))
                            else:
                                await socket.send(text_data=frame)
                        except Exception:  # a socket that went away meanwhile: its disconnect takes it out
                            log.debug("a push to a spectator failed", exc_info=True)
                        done += 1
            except TimeoutError:
                self._drop(sockets[done])
                done += 1

    def _drop(self, socket: Spectator) -> None:
        """Close a socket that does not take its frames, without waiting for it (it may not take the close either)."""
        self.sockets.pop(socket, None)
        closing = asyncio.ensure_future(socket.close(code=SLOW_CLOSE))
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)


# The crowds of each event loop (a process serves from one; tests start a loop per test), by match.
_crowds: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, Crowd]] = weakref.WeakKeyDictionary()


async def crowd_join(*, layer: Any, match_id: int, groups: Iterable[str], socket: Spectator) -> None:
    """Add ``socket`` to the spectators of match ``match_id`` in this process, whose one channel listens in
    ``groups``; returns once that channel is in them (a push sent after this reaches the socket)."""
    crowds = _crowds.setdefault(asyncio.get_running_loop(), {})
    crowd = crowds.get(match_id)
    if crowd is None:
        crowd = crowds[match_id] = Crowd(layer, tuple(groups))
        crowd.sockets[socket] = None
        try:
            await crowd.start()
        except BaseException:
            if crowds.get(match_id) is crowd:
                del crowds[match_id]
            raise
        return
    crowd.sockets[socket] = None
    try:
        await asyncio.shield(crowd.ready)
    except BaseException:
        crowd.sockets.pop(socket, None)
        raise


async def crowd_leave(*, match_id: int, socket: Spectator) -> None:
    """Take ``socket`` out of the spectators of match ``match_id``; the last one out stops the crowd's channel."""
    crowds = _crowds.get(asyncio.get_running_loop(), {})
    crowd = crowds.get(match_id)
    if crowd is None or socket not in crowd.sockets:  # dropped as slow, or never joined
        return
    del crowd.sockets[socket]
    if not crowd.sockets:
        del crowds[match_id]  # a spectator arriving from now on starts a new crowd
        await crowd.stop()


def crowd_size(*, match_id: int) -> int:
    """How many spectators of match ``match_id`` this event loop holds (tests, benches)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return 0
    crowd = _crowds.get(loop, {}).get(match_id)
    return len(crowd.sockets) if crowd else 0
