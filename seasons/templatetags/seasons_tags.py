"""Template tags of seasons: the dashboard's notices."""

from __future__ import annotations

from typing import Any

from django import template

from core.memo import beside
from seasons import selectors

register = template.Library()


@register.inclusion_tag("seasons/_notice_list.html", takes_context=True)
def season_notices(context: dict[str, Any]) -> dict[str, Any]:
    """The signed-in user's latest notices (from the request in the context)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    notices = selectors.notices_for(user)
    return {
        "notices": notices,
        "unseen": sum(1 for n in notices if not n.seen),
        "picks": selectors.open_picks_of_user(user),
        "signed_in": bool(user and user.is_authenticated),
        "request": request,
    }


@register.inclusion_tag("seasons/_match_host_panel.html", takes_context=True)
def season_match_controls(context: dict[str, Any], match: Any) -> dict[str, Any]:
    """A season host's controls on a season match's page (nothing for anyone else or a friendly match)."""
    from seasons.selectors import is_host
    from seasons.web.forms import DURATIONS

    request = context.get("request")
    season = selectors.season_of_match(match)
    show = bool(season and request and is_host(season, request.user) and match.status != "finished")
    return {
        "show": show,
        "season": season,
        "match": match,
        "durations": DURATIONS,
        "request": request,
        "next": request.path if request else "",
        "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag
def loser_label(match: Any) -> str:
    """What a finished match's losing side is called: a season Death Match eliminates its loser (the season
    eliminates them as it records the result); anywhere else the rules' word, Elimination Candidate.

    Read once per match object (kept beside it): a close draws every seat's page from one match object, and
    whether a finished match is a Death Match no longer changes.
    """
    from seasons.models import Duel

    if match is None or not match.is_over:
        return "Elimination Candidate"
    kept = beside(match)
    duel: bool | None = kept.get("seasons.is_duel")
    if duel is None:
        duel = kept["seasons.is_duel"] = Duel.objects.filter(match_id=match.pk).exists()
    return "Eliminated" if duel else "Elimination Candidate"


@register.simple_tag
def turn_progress(match: Any) -> Any:
    """Who has not moved, saved or locked in in ``match``'s open turn, for its hosts (``games.match.selectors``)."""
    from games.match.selectors import turn_progress as progress

    return progress(match)


@register.filter
def default_extension(progress: Any) -> int:
    """The extension a host most likely wants: a minute for a live turn (ten minutes or less), else an hour."""
    turn = getattr(progress, "turn", None)
    if turn is None:
        return 3600
    return 60 if (turn.deadline - turn.opened_at).total_seconds() <= 600 else 3600


@register.simple_tag
def seat_replace_choices(season: Any, match: Any) -> Any:
    """The seats and candidates of the "replace a player" control (``selectors.seat_replace_choices``)."""
    return selectors.seat_replace_choices(season, match)


# The simple tags a Jinja2 template calls as functions of the same names (games.web.jinja).
JINJA_GLOBALS = {"loser_label": loser_label}


@register.inclusion_tag("seasons/_duels_to_settle.html")
def season_duels_to_settle(season: Any) -> dict[str, Any]:
    """The host console's Death Matches left half done, each with its "Settle" button (issue 40)."""
    from seasons.selectors.duels import duels_to_settle

    return {"season": season, "ways": duels_to_settle(season)}


@register.simple_tag(takes_context=True)
def house_game_uses(context: dict[str, Any], game: Any) -> list[Any]:
    """The seasons the page's user hosts, each with how the dealer's ``game`` can be used there (issue 38)."""
    from seasons.game_use import house_game_uses as uses

    request = context.get("request")
    return uses(getattr(request, "user", None), game)
