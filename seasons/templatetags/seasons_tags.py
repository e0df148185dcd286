"""Template tags of seasons: the dashboard's notices."""

from __future__ import annotations

from typing import Any

from django import template

from seasons import selectors

register = template.Library()


@register.inclusion_tag("seasons/_notice_list.html", takes_context=True)
def season_notices(context: dict[str, Any]) -> dict[str, Any]:
    """The signed-in user's latest notices (from the request in the context)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    notices = selectors.notices_for(user)
    return {"notices": notices, "unseen": sum(1 for n in notices if not n.seen),
            "picks": selectors.open_picks_of_user(user),
            "signed_in": bool(user and user.is_authenticated), "request": request}
