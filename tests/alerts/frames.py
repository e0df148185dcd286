"""Reading what the ``sent`` fixture caught."""

from __future__ import annotations

from typing import Any

from games.match import broadcast
from games.match.presence import user_socket_seen
from tests.seasons.factories import user


def events_to(sent: list[tuple[str, dict[str, Any]]], handle: str, event: str) -> list[dict[str, Any]]:
    """The payloads of ``event`` sent to ``handle``'s own channel (/ws/me/), in order."""
    group = broadcast.group_user(user(handle).pk)
    return [p for g, p in sent if g == group and p.get("event") == event]


def me_sockets_open() -> None:
    """Every user so far has a ``/ws/me/`` socket open, as its connect marks it: turn alerts send frames only to
    users with one (``games.match.presence.users_with_socket``)."""
    from django.contrib.auth import get_user_model

    for pk in get_user_model().objects.values_list("pk", flat=True):
        user_socket_seen(user_id=pk)
