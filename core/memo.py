"""Reads memoised for one request: a page that asks the same thing twice reads it once.

The memo is kept beside the request (a weak mapping keyed by the request object), not on it: it is gone
with the request, and nothing is written into the request's attributes.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

_memos: weakref.WeakKeyDictionary[Any, dict[Hashable, Any]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def per_request(request: Any, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()`` the first time ``request`` asks for ``key``; the same answer every later time in that request.

    ``request`` None (a template drawn without one, a script): computed on every call.
    """
    if request is None:
        return compute()
    with _lock:
        memo = _memos.get(request)
        if memo is None:
            memo = _memos[request] = {}
    if key not in memo:
        memo[key] = compute()
    found: T = memo[key]
    return found
