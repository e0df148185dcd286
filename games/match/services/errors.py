"""Errors a service raises; they live in ``core.errors`` (one hierarchy, stable codes)."""

from core.errors import GameError, SubmissionRefused

__all__ = ["GameError", "SubmissionRefused"]
