"""What the Web Push tests share: a browser's subscription keys, and a push service on a loopback port."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Browser:
    """What a browser keeps of its subscription: its ECDH key pair and auth secret."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.p256dh = b64(point)

    def subscription(self, endpoint: str) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives the page to post."""
        return {"endpoint": endpoint, "keys": {"p256dh": self.p256dh, "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        return dict(json.loads(plain))


@contextmanager
def push_service_running() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A push service on a loopback port: it keeps each POST (path, headers, body) and answers 201, 410 under
    /gone/ (a subscription the browser dropped), or 307 to /push/moved under /redirect/."""
    got: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the http.server API
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            got.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
            if self.path.startswith("/redirect/"):
                self.send_response(307)
                self.send_header("Location", "/push/moved")
            else:
                self.send_response(410 if self.path.startswith("/gone/") else 201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", got
    finally:
        server.shutdown()
        server.server_close()
