"""Who may design dealers' games: the one place the rule lives, so it can change in one line.

Today a "host" is a staff user (the New season page's rule) or a host of any season; superusers
are both. A site-admin-granted host role may replace this later.
"""

from __future__ import annotations

from typing import Any


def may_design(user: Any) -> bool:
    """Whether ``user`` may design, import and keep dealers' games (signed out: never)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_staff or user.is_superuser:
        return True
    return bool(user.hosted_seasons.exists())


def may_edit(user: Any, game: Any) -> bool:
    """Whether ``user`` may change or delete ``game``: its owner, or a superuser."""
    return may_design(user) and (game.owner_id == user.pk or user.is_superuser)
