"""The one-tap invitation to turn alerts on for this device (issue 46), for the pages where a player starts."""

from __future__ import annotations

from typing import Any

from django import template

from alerts.vapid import vapid_public_key
from alerts.webpush import push_enabled

register = template.Library()


@register.inclusion_tag("alerts/_invite.html", takes_context=True)
def alerts_invite(context: dict[str, Any], where: str = "") -> dict[str, Any]:
    """The invitation, drawn hidden: ``static/alerts_invite.js`` shows it only where this browser can notify
    and the player has neither turned alerts on nor declined on this device. The browser's permission is
    asked only when they tap it."""
    request = context.get("request")
    user = getattr(request, "user", None)
    show = bool(getattr(user, "is_authenticated", False))
    return {
        "show": show,
        "where": where,
        # The same key the Turn alerts page subscribes with (empty: the pages' own notifications only); not read
        # for a visitor, who is shown nothing.
        "vapid_key": vapid_public_key() if show and push_enabled() else "",
    }
