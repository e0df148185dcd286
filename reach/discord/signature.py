"""Every interaction is signed by Discord with Ed25519; nothing unsigned, stale or replayed gets in.

Discord signs ``timestamp + body`` with the application's key and sends the signature (hex) in
``X-Signature-Ed25519`` and the timestamp (Unix seconds) in ``X-Signature-Timestamp``. A request is
accepted only when the signature is exactly 128 hex digits and verifies against ``DISCORD_PUBLIC_KEY``, its timestamp is within
``DISCORD_INTERACTION_WINDOW`` seconds of now, and its signature has not been seen in that window
(its decoded bytes remembered in the cache, shared by every web replica).
"""

from __future__ import annotations

import logging
import re
import time

from django.conf import settings
from django.core.cache import cache
from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

log = logging.getLogger("reach.discord")

SEEN_PREFIX = "discord:sig:"
# Exactly 64 bytes in hex, nothing else: bytes.fromhex skips whitespace, so " ab…" would decode to the
# same signature under another header text and slip past a replay check keyed by that text.
CANONICAL_SIGNATURE = re.compile(r"[0-9a-fA-F]{128}")


class Refused(Exception):
    """An interaction that is not let in; ``str(e)`` says why (logged, never shown to the caller)."""


def interaction_verify(*, signature: str, timestamp: str, body: bytes, now: float | None = None) -> None:
    """Return when ``body`` is a fresh, genuine, first-seen interaction; else raise :class:`Refused`."""
    key_hex = settings.DISCORD_PUBLIC_KEY
    if not key_hex:
        raise Refused("no DISCORD_PUBLIC_KEY is set")
    if not signature or not timestamp:
        raise Refused("unsigned")
    try:
        key = VerifyKey(bytes.fromhex(key_hex))
    except ValueError as exc:
        raise Refused("DISCORD_PUBLIC_KEY is not a 32-byte hex key") from exc
    if not CANONICAL_SIGNATURE.fullmatch(signature):
        raise Refused("bad signature (not 128 hex digits)")
    try:
        sig = bytes.fromhex(signature)
        key.verify(timestamp.encode() + body, sig)
    except (ValueError, BadSignatureError) as exc:
        raise Refused("bad signature") from exc
    try:
        stamp = int(timestamp)
    except ValueError as exc:
        raise Refused("unreadable timestamp") from exc
    window = settings.DISCORD_INTERACTION_WINDOW
    moment = time.time() if now is None else now
    if abs(moment - stamp) > window:
        raise Refused(f"stale timestamp ({int(moment - stamp)} s off)")
    # add() is atomic on every cache backend: of two requests with one signature, exactly one gets in.
    # Keyed by the decoded bytes (in canonical hex), never by the header's text.
    if not cache.add(SEEN_PREFIX + sig.hex(), 1, timeout=2 * window):
        raise Refused("replayed signature")


def refusal_log(*, reason: str, address: str) -> None:
    """Write down a refused interaction (who sent it and why) for the operators."""
    log.warning("Discord interaction refused from %s: %s", address or "?", reason)
