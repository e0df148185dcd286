"""Notices: stored for the dashboard, pushed live to the user's websocket group after commit."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from games import broadcast
from seasons.models import Notice, Season, SeasonLog


def notice_send(*, user: Any, text: str, kind: str, season: Season | None = None, url: str = "",
                key: str | None = None) -> Notice | None:
    """Store a notice for ``user`` and push it as a ``user.notify`` event once the transaction commits.

    With ``key``, a notice already sent under that key is not sent again (returns None).
    """
    if key is not None and Notice.objects.filter(key=key).exists():
        return None
    try:
        with transaction.atomic():
            notice = Notice.objects.create(user=user, season=season, kind=kind, text=text, url=url, key=key)
    except IntegrityError:
        return None
    event = (broadcast.group_user(user.pk), {"type": "user.notify", "event": "notice", "kind": kind, "text": text, "url": url,
                                             "id": notice.pk})
    transaction.on_commit(lambda: broadcast.send([event]))
    return notice


def season_log(*, season: Season, action: str, user: Any = None, reason: str = "", **details: Any) -> SeasonLog:
    """Record a season step; a host's step carries their user and reason."""
    return SeasonLog.objects.create(season=season, user=user, action=action, reason=reason, details=details)


def require_reason(reason: str) -> str:
    """A host's reason, stripped; a host step without one is refused."""
    from seasons.services.errors import SeasonError

    text = (reason or "").strip()
    if not text:
        raise SeasonError("Give a reason: every host step is logged with one.")
    return text
