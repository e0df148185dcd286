"""Errors a service raises for the edges to translate into 4xx answers."""

from __future__ import annotations


class SubmissionRefused(Exception):
    """A submission that was not stored; ``str(e)`` says why, for the player.

    ``status`` is the HTTP status an edge should answer with: 400 for a move that
    breaks a rule, 403 for someone not allowed to act, 409 for a turn that is over
    or not theirs, 404 for no such match.
    """

    def __init__(self, message: str, *, status: int = 400, rule: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule
