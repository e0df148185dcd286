"""The one error a reach write raises: a message for the person and an HTTP status."""

from __future__ import annotations


class ReachError(Exception):
    """A refused write; ``str(e)`` is shown as is."""

    def __init__(self, message: str, *, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
