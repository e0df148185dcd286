"""Who may design dealers' games: the one place the rule lives, so it can change in one line.

A designer is an account that may host (``accounts.selectors.user_can_host``: a site admin, or an
account a site admin granted the host role on the Hosts page) or a co-host of any season.
"""

from __future__ import annotations

from typing import Any

from accounts.selectors import user_can_host


def may_design(user: Any) -> bool:
    """Whether ``user`` may design, import and keep dealers' games (signed out: never)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return user_can_host(user) or bool(user.hosted_seasons.exists())


def may_edit(user: Any, game: Any) -> bool:
    """Whether ``user`` may change or delete ``game``: its owner, or a superuser."""
    return may_design(user) and (game.owner_id == user.pk or user.is_superuser)
