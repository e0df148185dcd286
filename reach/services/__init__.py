"""Writes of the reach app."""

from reach.services.errors import ReachError

__all__ = ["ReachError"]
