"""Notices: stored for the dashboard, pushed live to the user's websocket group after commit."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q

from games.match import broadcast
from seasons.models import Notice, Season, SeasonLog


def notice_send(
    *,
    user: Any,
    text: str,
    kind: str,
    season: Season | None = None,
    url: str = "",
    key: str | None = None,
    supersede: bool = False,
) -> Notice | None:
    """Store a notice for ``user`` and push it as a ``user.notify`` event once the transaction commits.

    With ``key``, a notice already sent under that key is not sent again (returns None). With
    ``supersede``, the user's unseen notices of the same kind and page go: one notice per match and turn.
    """
    if key is not None and Notice.objects.filter(key=key).exists():
        return None
    if supersede and url:  # seen or not: an older turn's call to move is stale once a newer one exists
        Notice.objects.filter(user=user, kind=kind, url=url).delete()
    try:
        with transaction.atomic():
            notice = Notice.objects.create(user=user, season=season, kind=kind, text=text, url=url, key=key)
    except IntegrityError:
        return None
    event = (
        broadcast.group_user(user.pk),
        {"type": "user.notify", "event": "notice", "kind": kind, "text": text, "url": url, "id": notice.pk},
    )
    transaction.on_commit(lambda: broadcast.send([event]))
    return notice


def awaits_tell(*, user_ids: Iterable[int]) -> None:
    """A step a season awaits from these users opened or closed (a pick, a Ready, a notice read): after
    commit their pages hear ``awaits`` on ``/ws/me/`` and read what awaits them again (``/me/turns/``), so
    every title, badge and list agrees without a reload (issue 46). The pages read once per burst of frames."""
    ids = sorted({int(u) for u in user_ids if u})
    if not ids:
        return
    frames = [(broadcast.group_user(u), {"type": "user.notify", "event": "awaits"}) for u in ids]
    transaction.on_commit(lambda: broadcast.send(frames))


def notices_seen_for(*, user: Any, url: str) -> int:
    """The user opened the page at ``url``: its calls to move ("turn" notices) go, its other notices are
    marked seen; how many changed."""
    mine = Notice.objects.filter(user=user, url=url)
    if not mine.filter(Q(kind="turn") | Q(seen=False)).exists():
        return 0  # the usual page view: one read and no write (a delete is a transaction of its own)
    gone, _ = mine.filter(kind="turn").delete()
    seen = mine.filter(seen=False).update(seen=True)
    if seen:
        awaits_tell(user_ids=[user.pk])  # a Death Match notice read leaves the signal on the user's other tabs
    return gone + seen


def notices_all_seen(*, user: Any) -> int:
    """ "Mark all as seen": every unread notice of ``user`` is read; their other tabs hear it; how many."""
    seen = Notice.objects.filter(user=user, seen=False).update(seen=True)
    if seen:
        awaits_tell(user_ids=[user.pk])
    return int(seen)


def notices_turn_clear(*, turn_id: int) -> int:
    """A turn closed: the notices that called its players to move go (one notice per match and turn,
    none once the turn is over); how many."""
    gone, _ = Notice.objects.filter(kind="turn", key__startswith=f"turn:{turn_id}:").delete()
    return gone


def season_log(*, season: Season, action: str, user: Any = None, reason: str = "", **details: Any) -> SeasonLog:
    """Record a season step; a host's step carries their user and reason."""
    return SeasonLog.objects.create(season=season, user=user, action=action, reason=reason, details=details)


def require_reason(reason: str) -> str:
    """A host's reason, stripped. Reasons are optional (issue 26, seasons/RULES.md): a step without one is
    taken and logged with none, never refused or silently dropped."""
    return (reason or "").strip()
