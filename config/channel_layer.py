"""The Redis channel layer, with a cheaper wait for the sockets of this process.

channels_redis delivers a group message to a process once (one Redis entry naming every
local channel) and spreads it into per-channel buffers; but every waiting consumer also
waits on the process's receive lock, in a second task, so that one of them reads Redis.
With thousands of idle spectators each push then woke, cancelled and re-created thousands
of lock waiters (and a lock waiter's cancellation scans the lock's whole queue). Here one
reader task per process reads Redis while anyone waits, and a consumer waits on its own
buffer alone. Channels without "!" (not process-local) take the library's path.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels_redis.core import RedisChannelLayer  # type: ignore[import-untyped]


class _ReaderFailed:
    """Put in the waiting buffers when the reader dies, so each waiter raises instead of hanging."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class LocalFanoutRedisChannelLayer(RedisChannelLayer):
    """``RedisChannelLayer`` whose process-local receivers share one Redis reader task."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._waiting = 0
        self._reader: asyncio.Task[None] | None = None
        self._reader_loop: asyncio.AbstractEventLoop | None = None

    async def receive(self, channel: str) -> Any:
        if "!" not in channel:
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel)
        real_channel = self.non_local_name(channel)
        assert real_channel.endswith(self.client_prefix + "!"), "Wrong client prefix"
        buffer = self.receive_buffer[channel]
        if buffer.empty():
            loop = asyncio.get_running_loop()
            if self._waiting and self._reader_loop is not loop:
                raise RuntimeError("Two event loops are trying to receive() on one channel layer at once!")
            self._waiting += 1
            self._reader_loop = loop
            if self._reader is None or self._reader.done():
                self._reader = loop.create_task(self._read(real_channel))
            try:
                message = await buffer.get()
            except asyncio.CancelledError:
                if buffer.empty():
                    self.receive_buffer.pop(channel, None)
                raise
            finally:
                self._waiting -= 1
                if self._waiting == 0:
                    # Nobody waits: stop reading (a cancelled read loses nothing, see receive_single).
                    reader, self._reader, self._reader_loop = self._reader, None, None
                    if reader is not None:
                        reader.cancel()
        else:
            message = buffer.get_nowait()
        # The emptied buffer stays: its consumer asks again at once, and a queue made afresh for
        # each of thousands of sockets per push fed the garbage collector more than the push cost.
        # It goes when its consumer stops waiting (cancelled: the socket closed).
        if isinstance(message, _ReaderFailed):
            raise message.error
        return message

    async def _read(self, real_channel: str) -> None:
        """Read this process's messages from Redis into the channels' buffers while anyone waits."""
        try:
            while True:
                message_channel, message = await self.receive_single(real_channel)
                for chan in message_channel if isinstance(message_channel, list) else [message_channel]:
                    self.receive_buffer[chan].put_nowait(message)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # Redis is gone: every waiter fails (its socket closes; the page reconnects)
            failed = _ReaderFailed(error)
            for buffer in list(self.receive_buffer.values()):
                buffer.put_nowait(failed)
