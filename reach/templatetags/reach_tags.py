"""Template slots reach fills on other apps' pages: pinned clarifications, the dealer link, the inbox badge."""

from __future__ import annotations

from typing import Any

from django import template

from core.memo import beside, per_request
from games.match.selectors import Role, match_role, seat_of
from games.models import Match
from reach import selectors
from reach.web.discord_login import discord_configured
from seasons.models import Season

register = template.Library()


@register.simple_tag
def clarifications_for(place: Any) -> list[Any]:
    """The clarifications pinned on a match (its own and its season's) or a season.

    Read once per match object (kept beside it): a close draws every seat's page from one match object.
    """
    if isinstance(place, Match):
        kept = beside(place)
        pinned: list[Any] | None = kept.get("reach.pinned_clarifications")
        if pinned is None:
            pinned = kept["reach.pinned_clarifications"] = list(selectors.clarifications_for_match(place))
        return pinned
    if isinstance(place, Season):
        return selectors.clarifications_for_season(place)
    return []


@register.inclusion_tag("reach/_dealer_slot.html", takes_context=True)
def dealer_slot(context: dict[str, Any], place: Any) -> dict[str, Any]:
    """ "Ask the dealer" for a player of the match or season; "post a clarification" for its host."""
    request = context.get("request")
    user = getattr(request, "user", None)
    out: dict[str, Any] = {
        "place": place,
        "is_match": isinstance(place, Match),
        "player": False,
        "host": False,
        "unread": 0,
    }
    if user is None or not user.is_authenticated:
        return out
    if isinstance(place, Match):
        out["host"] = match_role(place, user) == Role.HOST
        out["player"] = seat_of(place, user) is not None
        thread = selectors.thread_of(player=user, match=place) if out["player"] else None
    else:
        out["host"] = bool(user.is_superuser or place.hosts.filter(pk=user.pk).exists())
        out["player"] = place.entrants.filter(user=user).exists()
        thread = selectors.thread_of(player=user, season=place) if out["player"] else None
    if thread is not None:
        out["unread"] = next((selectors.unread(t) for t in selectors.player_threads(user).filter(pk=thread.pk)), 0)
    return out


@register.simple_tag(takes_context=True)
def inbox_unread(context: Any, user: Any) -> int | None:
    """Unread players' posts for a host (None for someone who hosts nothing: no inbox link).

    Read once per request: a host's nav shows the count twice (the "More" badge and the inbox link).
    """
    if not getattr(user, "is_authenticated", False):
        return None
    return per_request(context.get("request"), ("inbox_unread", user.pk), lambda: _inbox_unread(user))


def _inbox_unread(user: Any) -> int | None:
    if not (user.is_superuser or selectors.hosts_anything(user)):
        return None
    return selectors.inbox_unread_total(user)


@register.simple_tag
def discord_enabled() -> bool:
    """Whether "Log in with Discord" can be offered."""
    return discord_configured()


# The simple tags a Jinja2 template calls as functions of the same names (games.web.jinja).
JINJA_GLOBALS = {"clarifications_for": clarifications_for}
