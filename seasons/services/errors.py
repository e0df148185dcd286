"""The one error season services raise; edges show ``str(e)`` and change nothing."""

from __future__ import annotations


class SeasonError(ValueError):
    """A season step refused; ``str(e)`` says why, for the person who asked.

    ``status`` is what an HTTP edge answers: 400 bad input, 403 not allowed, 409 wrong moment.
    """

    def __init__(self, message: str, *, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
