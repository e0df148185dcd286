"""The error season services raise: a ``GameError`` (one hierarchy, stable codes)."""

from __future__ import annotations

from games.errors import GameError


class SeasonError(GameError, ValueError):
    """A season step refused; ``str(e)`` says why, for the person who asked.

    ``status`` is what an HTTP edge answers: 400 bad input, 403 not allowed, 409 wrong moment.
    """

    code = "season_refused"
