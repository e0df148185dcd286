"""A bounded, thread-safe memory of drawn markup, the oldest forgotten first: the pages a process draws alike."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class Drawings:
    """The last ``size`` drawings by key (a few MB at most), shared by a process's threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[Any, str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Any) -> str | None:
        with self.lock:
            drawn = self.items.get(key)
            if drawn is not None:
                self.items.move_to_end(key)
            return drawn

    def put(self, key: Any, drawn: str) -> None:
        with self.lock:
            self.items[key] = drawn
            while len(self.items) > self.size:
                self.items.popitem(last=False)
