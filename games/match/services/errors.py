"""Errors a service raises; they live in ``games.errors`` (one hierarchy, stable codes)."""

from games.errors import GameError, SubmissionRefused

__all__ = ["GameError", "SubmissionRefused"]
