"""Host steps that are not elsewhere: confirm an automatic step, eliminate by hand."""

from __future__ import annotations

from typing import Any

from seasons import selectors
from seasons.models import Entrant, Season, SeasonLog
from seasons.services.entrants import entrant_eliminate
from seasons.services.errors import LogStepNotFound, UnknownPlayer
from seasons.services.notify import require_reason, season_log


def season_step_confirm(*, season: Season, log_id: int, user: Any, reason: str) -> SeasonLog:
    """A host confirms an automatic step of the log (it stays as it was; the confirmation is logged)."""
    reason = require_reason(reason)
    step = SeasonLog.objects.filter(pk=log_id, season=season).first()
    if step is None:
        raise LogStepNotFound("There is no such step in this season's log.")
    return season_log(season=season, action="confirm", user=user, reason=reason, step=step.pk, confirmed=step.action)


def entrant_eliminate_by_host(*, season: Season, handle: str, user: Any, reason: str) -> Entrant:
    """A host eliminates a player by hand (a disqualification, an undone Death Match replayed elsewhere)."""
    reason = require_reason(reason)
    entrant = selectors.entrant_by_handle(season, handle)
    if entrant is None:
        raise UnknownPlayer(f"{handle} is not a player in this season.")
    episode = season.episodes.order_by("-number").first()
    return entrant_eliminate(entrant=entrant, episode=episode, reason=f"host: {reason}", user=user)
