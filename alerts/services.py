"""Turn alerts: a turn that awaits a player tells their pages (``/ws/me/``) and their browsers (Web Push)."""

from __future__ import annotations

import base64
import binascii
import logging
import re
from typing import Any

from django.conf import settings
from django.db import transaction

from alerts.endpoints import EndpointRefused, endpoint_check
from alerts.models import AlertSettings, PushSubscription
from alerts.webpush import push_dispatch, push_user_subscribed
from core.cache import soft_delete, soft_get, soft_set
from core.errors import BadRequest
from games.match import broadcast, hooks
from games.match.presence import users_with_socket
from games.match.waiting import LIVE_SECONDS, awaited_user_ids
from games.models import Match, Turn
from games.registry import get_entry

log = logging.getLogger(__name__)


class SubscriptionRefused(BadRequest):
    """A push subscription the browser sent is not usable; ``str(e)`` says why."""

    code = "subscription_refused"


def turn_alert(*, match: Match, turn: Turn) -> None:
    """A turn opened: after commit, each awaited seat's player gets a ``your_turn`` event on their pages'
    socket and a Web Push on their subscribed browsers (when the site has VAPID keys). In a close they are
    sent after the close's own pushes (``hooks.after_pushes``): the match's pages move on first.

    Call inside the transaction that opened the turn (the framework's ``turn_opened`` hook). The seats are
    the ones the close's pages read anyway (one read per match object), read after the commit: a close holds
    its turn's and match's row locks until then, and every other seat's submit waits on them (issue 45).
    """
    if not turn.awaiting or match.status != Match.Status.RUNNING:
        return
    awaiting = list(turn.awaiting)
    live = (turn.deadline - turn.opened_at).total_seconds() < LIVE_SECONDS
    game = get_entry(match.game).engine.title_for(match.options or {})
    url = f"/matches/{match.pk}/"
    event = {
        "type": "user.notify",
        "event": "your_turn",
        "kind": "turn",
        "key": f"/matches/{match.pk}/",
        "title": f"{game} · {match.title}" if match.title else f"{game} #{match.pk}",
        "match": match.pk,
        "turn": turn.number,
        "label": turn.label,
        "game": game,
        "deadline": None if turn.is_paused else turn.deadline.isoformat(),
        "live": live,
        "url": url,
    }
    push = {
        "title": f"Your move · {game}",
        "body": f"{turn.label}: your move{' now (a live round)' if live else ''}.",
        "url": url,
        "tag": f"match-{match.pk}",
        # A push that arrives after the turn is over says nothing true: the push service drops it then.
        "ttl": max(30, int((turn.deadline - turn.opened_at).total_seconds())),
    }

    def send() -> None:
        user_ids = _awaited_after_commit(match, awaiting)
        if user_ids:
            _to_sockets(user_ids, event)
            push_dispatch(user_ids=user_ids, payload=push)

    hooks.after_pushes(send)


ENDPOINT_MAX = PushSubscription._meta.get_field("endpoint").max_length or 1000
P256DH_BYTES, AUTH_BYTES = 65, 16  # RFC 8291: an uncompressed P-256 point and a 16-byte auth secret


def _key_bytes(value: str, name: str, size: int) -> bytes:
    """A subscription key, base64url as the browser sends it (padded or not), of the size RFC 8291 gives it."""
    if len(value) > 2 * size or not re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", value):
        raise SubscriptionRefused(f"The subscription's {name} key is not base64url of {size} bytes.")
    try:
        raw = base64.urlsafe_b64decode(value.rstrip("=") + "=" * (-len(value.rstrip("=")) % 4))
    except (ValueError, binascii.Error) as exc:
        raise SubscriptionRefused(f"The subscription's {name} key is not base64url of {size} bytes.") from exc
    if len(raw) != size:
        raise SubscriptionRefused(f"The subscription's {name} key is not base64url of {size} bytes.")
    return raw


def turn_done_alert(*, match: Match, turn: Turn) -> None:
    """A turn closed: after commit its awaited players' pages hear ``turn_done`` on ``/ws/me/`` and drop it
    from the title, favicon, badge and lists (issue 46: a round a host closed early, a match that ended).
    The next turn's ``your_turn``, sent after it, calls them again. The seats are read after the commit, out of
    the close's row locks (``turn_alert``)."""
    if not turn.awaiting:
        return
    awaiting = list(turn.awaiting)
    event = {"type": "user.notify", "event": "turn_done", "match": match.pk, "turn": turn.number}

    def send() -> None:
        user_ids = _awaited_after_commit(match, awaiting)
        if user_ids:
            _to_sockets(user_ids, event)

    hooks.after_pushes(send)


def _to_sockets(user_ids: list[int], event: dict[str, Any]) -> None:
    """``event`` to the ``/ws/me/`` group of each of ``user_ids`` with such a socket open, in one send: a frame to
    a group nobody listens to reaches nobody, and each send is a hop into the event loop and a ``PUBLISH`` per
    group (issue 45: two per close, and the load bench's players open no ``/ws/me/``)."""
    listening = users_with_socket(user_ids)
    if listening:
        broadcast.send([(broadcast.group_user(uid), dict(event)) for uid in listening])


def _awaited_after_commit(match: Match, seats: list[str]) -> list[int]:
    """The users playing ``seats`` (``awaited_user_ids``), read in a commit's callback: a failed read loses the
    alert, never the move or the close that committed."""
    try:
        return awaited_user_ids(match, seats)
    except Exception:
        log.exception("the turn alerts of match %s could not be sent", match.pk)
        return []


def push_subscribe(*, user: Any, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Keep a browser's push subscription for ``user`` (issue 47): the endpoint an https URL of at most 1000
    characters at a public address, the keys of RFC 8291's sizes; the row is (user, endpoint), so nobody takes
    another account's row; a user keeps their ``GARNET_WEBPUSH_MAX_SUBSCRIPTIONS`` newest browsers, the oldest goes."""
    endpoint, p256dh, auth = (endpoint or "").strip(), (p256dh or "").strip(), (auth or "").strip()
    if not endpoint:
        raise SubscriptionRefused("The subscription has no push endpoint URL.")
    if len(endpoint) > ENDPOINT_MAX:
        raise SubscriptionRefused(f"The push endpoint is longer than {ENDPOINT_MAX} characters.")
    if not p256dh or not auth:
        raise SubscriptionRefused("The subscription lacks its keys (p256dh and auth).")
    if _key_bytes(p256dh, "p256dh", P256DH_BYTES)[0] != 4:
        raise SubscriptionRefused("The subscription's p256dh key is not an uncompressed P-256 point.")
    _key_bytes(auth, "auth", AUTH_BYTES)
    try:
        endpoint_check(endpoint)
    except EndpointRefused as exc:
        raise SubscriptionRefused(str(exc)) from exc
    with transaction.atomic():
        sub, _ = PushSubscription.objects.update_or_create(
            user=user, endpoint=endpoint, defaults={"p256dh": p256dh, "auth": auth}
        )
        push_user_subscribed(user.pk)  # the turns' pushes look for this user's browsers again
        keep = settings.GARNET_WEBPUSH_MAX_SUBSCRIPTIONS
        older = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk").values_list("pk", flat=True)
        stale = [pk for pk in older if pk != sub.pk][max(0, keep - 1) :]
        if stale:
            PushSubscription.objects.filter(pk__in=stale).delete()
    return sub


def push_unsubscribe(*, user: Any, endpoint: str) -> int:
    """Forget ``user``'s subscription at ``endpoint``; how many went."""
    gone, _ = PushSubscription.objects.filter(user=user, endpoint=(endpoint or "").strip()).delete()
    return gone


def alert_settings_update(*, user: Any, confirm_lock: str) -> AlertSettings:
    """Store ``user``'s choice of when "Save and lock in" asks first."""
    if confirm_lock not in AlertSettings.Confirm.values:
        raise SubscriptionRefused(f"Choose one of: {', '.join(AlertSettings.Confirm.values)}.")
    row, _ = AlertSettings.objects.update_or_create(user=user, defaults={"confirm_lock": confirm_lock})
    soft_delete(_confirm_key(user.pk))
    transaction.on_commit(lambda: soft_delete(_confirm_key(user.pk)))  # a page read meanwhile cached the old one
    return row


def _confirm_key(user_id: int) -> str:
    return f"alerts:confirm-lock:{user_id}"


def alert_settings_of(user: Any) -> str:
    """When "Save and lock in" asks ``user`` first (the default without a row: turn-based rounds only)."""
    if not getattr(user, "is_authenticated", False):
        return AlertSettings.Confirm.TURN_BASED.value
    # Every match page reads it: cached (a cache outage reads the row), dropped when the player changes it.
    key = _confirm_key(user.pk)
    cached = soft_get(key)
    if isinstance(cached, str):
        return cached
    found = AlertSettings.objects.filter(user=user).values_list("confirm_lock", flat=True).first()
    value = str(found or AlertSettings.Confirm.TURN_BASED.value)
    soft_set(key, value, timeout=24 * 3600)
    return value
