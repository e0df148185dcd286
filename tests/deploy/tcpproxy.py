"""A TCP proxy a test controls: cut every connection through it (and refuse new ones), then restore it.

Also a stand-in server that accepts connections and never answers (a hung Redis).
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from collections.abc import Iterator


class TcpProxy:
    """Forward ``127.0.0.1:<port>`` to ``target``; :meth:`cut` drops every connection and every new one
    (the client sees its connection reset, as when the server goes away), :meth:`restore` forwards again.

    With ``hang=True`` a cut instead holds new connections open without answering (a hung server).
    """

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.up = True
        self.hang = False
        self._lock = threading.Lock()
        self._conns: list[socket.socket] = []
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(64)
        self.port: int = self._listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if not self.up:
                with self._lock:
                    self._conns.append(client)
                if not self.hang:
                    _drop(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=2)
                upstream.settimeout(None)
            except OSError:
                _drop(client)
                continue
            with self._lock:
                self._conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                if not self.up:  # a hanging cut: what is sent goes nowhere, nothing answers
                    continue
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def cut(self, *, hang: bool = False) -> None:
        """Drop every connection; until :meth:`restore`, new ones are dropped too. With ``hang`` (Redis hung):
        connections stay open and new ones are accepted, but nothing is forwarded or answered."""
        self.up, self.hang = False, hang
        if hang:
            return
        with self._lock:
            conns, self._conns = self._conns, []
        for s in conns:
            _drop(s)

    def restore(self) -> None:
        """Forward new connections again. After a hanging cut every connection is dropped (what they sent
        meanwhile went nowhere: their replies would be out of step), as when a hung server is restarted."""
        with self._lock:
            held, self._conns = self._conns, []  # a reset cut left only the connections it refused
        self.up = True
        for s in held:
            _drop(s)

    def close(self) -> None:
        self.cut()
        self._listener.close()


def _drop(s: socket.socket) -> None:
    """Reset a connection (SO_LINGER 0: the peer gets RST, not a polite FIN)."""
    with contextlib.suppress(OSError):
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with contextlib.suppress(OSError):
        s.close()


@contextlib.contextmanager
def silent_server() -> Iterator[int]:
    """A server on a free port that accepts connections, reads what comes and never answers (a hung Redis)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            held.append(conn)
            threading.Thread(target=_drain, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield listener.getsockname()[1]
    finally:
        listener.close()
        for conn in held:
            with contextlib.suppress(OSError):
                conn.close()


def _drain(conn: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while conn.recv(65536):
            pass
