"""What a caller learnt about one object, kept beside it (not on it) for as long as it lives.

``beside(obj)`` is a dict for that very object (by identity, not equality: two instances of one row are two
objects), dropped when the object is collected; nothing is written into the object's attributes.
``per_request`` memoises a read for one request: a page that asks the same thing twice reads it once.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

_kept: dict[int, dict[Hashable, Any]] = {}


def beside(obj: Any) -> dict[Hashable, Any]:
    """The dict kept beside ``obj`` (empty at first): gone when ``obj`` is."""
    key = id(obj)
    found = _kept.get(key)
    if found is None:
        found = _kept.setdefault(key, {})
        weakref.finalize(obj, _kept.pop, key, None)
    return found


def per_request(request: Any, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()`` the first time ``request`` asks for ``key``; the same answer every later time in that request.

    ``request`` None (a template drawn without one, a script): computed on every call.
    """
    if request is None:
        return compute()
    memo = beside(request)
    if key not in memo:
        memo[key] = compute()
    found: T = memo[key]
    return found
