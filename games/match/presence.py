"""Which of a match's push groups have a socket listening now: a close draws pages only for those.

Each match has a count of sockets per group (a seat's private group, the watchers' group), raised
when a socket joins and lowered when it leaves, in Redis where there is one (a hash per match,
forgotten a day after its last join) and in the process's own cache otherwise (the embedded
default runs one process). A count errs only on the safe side:

- too high (a process died with its sockets open): a page is drawn for nobody;
- missing (a match no socket has joined since Redis was emptied, or Redis unreachable): every
  page is drawn, as if everyone listened;
- a group at zero gets no page: a socket that joins after the close says hello with the stream's
  numbers, and the page fetches what it missed (``garnet.js``).

A user's notification socket (``/ws/me/``) is seen rather than counted (``user_socket_seen``): a turn alert's
frame goes only to users with one open (``users_with_socket``).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Iterable
from typing import Any

from core.cache import redis_client

log = logging.getLogger(__name__)

TTL = 86400
_local_lock = threading.Lock()


def _key(match_id: int) -> str:
    return f"garnet:listeners:{match_id}"


def _change(match_id: int, groups: Iterable[str], by: int) -> None:
    from django.core.cache import cache

    groups = list(groups)
    if not groups:
        return
    try:
        redis = redis_client()
        if redis is None:  # one process: its own cache, read and written under a lock
            with _local_lock:
                counts: Counter[str] = cache.get(_key(match_id)) or Counter()
                for group in groups:
                    counts[group] = max(0, counts[group] + by)
                cache.set(_key(match_id), counts, TTL)
            return
        key = cache.make_key(_key(match_id))  # the cache's prefix and version, like its own keys
        pipe = redis.pipeline(transaction=False)
        for group in groups:
            pipe.hincrby(key, group, by)
        if by > 0:
            pipe.expire(key, TTL)
        now = pipe.execute()[: len(groups)]  # each group's count after this change
        # A leave whose join was lost (the hash expired or was emptied while the socket was open) would leave a
        # count below zero, and the next join at zero would hide a listener: a count is never below what it saw.
        floor = 1 if by > 0 else 0
        low: dict[Any, int] = {group: floor for group, n in zip(groups, now, strict=True) if int(n) < floor}
        if low:
            redis.hset(key, mapping=low)
    except Exception:  # presence only saves drawing pages: never fail a socket for it
        log.warning("could not count the listeners of match %s", match_id, exc_info=True)


def presence_join(*, match_id: int, groups: Iterable[str]) -> None:
    """A socket joined ``groups`` of match ``match_id``."""
    _change(match_id, groups, 1)


def presence_leave(*, match_id: int, groups: Iterable[str]) -> None:
    """A socket left ``groups`` of match ``match_id``."""
    _change(match_id, groups, -1)


def groups_listening(*, match_id: int) -> set[str] | None:
    """The groups of match ``match_id`` with a socket in them now; None when nobody knows (draw for all)."""
    from django.core.cache import cache

    try:
        redis = redis_client()
        if redis is None:
            counts: Counter[str] | None = cache.get(_key(match_id))
            return None if counts is None else {g for g, n in counts.items() if n > 0}
        found = redis.hgetall(cache.make_key(_key(match_id)))
    except Exception:
        log.warning("could not read the listeners of match %s; drawing every page", match_id, exc_info=True)
        return None
    if not found:
        return None
    return {(g.decode() if isinstance(g, bytes) else str(g)) for g, n in found.items() if int(n) > 0}


def listeners_in(*, match_id: int, group: str) -> int:
    """How many sockets are in ``group`` of match ``match_id`` now (0 when nobody knows): "watching N"."""
    from django.core.cache import cache

    try:
        redis = redis_client()
        if redis is None:
            counts: Counter[str] | None = cache.get(_key(match_id))
            return max(0, int((counts or Counter())[group]))
        found = redis.hget(cache.make_key(_key(match_id)), group)
    except Exception:
        log.warning("could not read the listeners of match %s", match_id, exc_info=True)
        return 0
    return max(0, int(found or 0))


# A user's ``/ws/me/`` sockets are not counted but seen: each marks its user in the cache at its connect and at
# every ping (garnet_socket.js pings every 25 s; a hidden tab's timers still run at least once a minute), and a
# mark lasts ``USER_SOCKET_TTL`` seconds. A mark outlives its last socket by at most that long (a frame sent to
# nobody, as before), and a mark lost with the cache (emptied, restarted) is back at the next ping.
USER_SOCKET_TTL = 300


def _user_key(user_id: int) -> str:
    return f"garnet:me-socket:{user_id}"


def user_socket_seen(*, user_id: int) -> None:
    """A ``/ws/me/`` socket of ``user_id`` is open (it connected or pinged just now)."""
    from django.core.cache import cache

    try:
        cache.set(_user_key(user_id), 1, USER_SOCKET_TTL)
    except Exception:  # a mark only saves frames to nobody: never fail a socket for it
        log.warning("could not mark the /ws/me/ socket of user %s", user_id, exc_info=True)


def users_with_socket(user_ids: Iterable[int]) -> list[int]:
    """Those of ``user_ids`` with a ``/ws/me/`` socket open (seen within ``USER_SOCKET_TTL`` s), in their order, in
    one cache round trip; all of them when the cache cannot say. A frame to a user's group with no socket in it
    reaches nobody, so the others' frames need not be sent."""
    from django.core.cache import cache

    user_ids = list(user_ids)
    if not user_ids:
        return []
    try:
        seen = cache.get_many([_user_key(u) for u in user_ids])
    except Exception:
        log.warning("could not read the /ws/me/ sockets of users %s; sending to all", user_ids, exc_info=True)
        return user_ids
    return [u for u in user_ids if _user_key(u) in seen]
