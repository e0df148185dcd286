"""Reads of entrants: who holds a player's place in the season now."""

from __future__ import annotations

from seasons import selectors
from seasons.models import Entrant, Season, SeasonLog


def entrant_in_place_of(*, season: Season, handle: str) -> Entrant | None:
    """Who holds ``handle``'s place in the season now: that entrant, or, if they were replaced,
    whoever took their place (following each replacement in the season log)."""
    seen: set[str] = set()
    entrant = selectors.entrant_by_handle(season, handle)
    while entrant is not None and entrant.status == Entrant.Status.REPLACED and entrant.handle not in seen:
        seen.add(entrant.handle)
        step = (
            SeasonLog.objects.filter(season=season, action="entrant_replace", details__old=entrant.handle)
            .order_by("pk")
            .last()
        )
        if step is None:
            break
        entrant = selectors.entrant_by_handle(season, str(step.details.get("new", "")))
    return entrant
