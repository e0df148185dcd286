"""Template slots the story fills on the season page: the timeline that leads it."""

from __future__ import annotations

from typing import Any

from django import template

from seasons.models import Season

register = template.Library()


@register.inclusion_tag("story/_season_story.html")
def season_story(season: Season) -> dict[str, Any]:
    """The season page's timeline section (live over the season's socket) and the way to the confessionals."""
    from story.web.views import timeline_context

    return timeline_context(season)
