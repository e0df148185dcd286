"""Settling a Death Match a host's steps left half done: a finished match whose result the season never
took, an aborted one, or one whose player a host eliminated before it started (issue 40)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.engine import Outcome
from games.match.selectors import outcome_for_users
from seasons.models import Duel, Pick, Season
from seasons.selectors.duels import duel_settle_way
from seasons.services.entrants import entrant_eliminate
from seasons.services.episodes import episode_close_if_done, episode_dm_finished
from seasons.services.errors import DuelLoserRefused, DuelNotFound, DuelNotHalfDone
from seasons.services.notify import require_reason, season_log


def duel_settle(*, season: Season, duel_id: int, loser: str, user: Any, reason: str = "") -> Duel:
    """Record ``loser`` as the loser of a half-done Death Match; the episode ends when its duels are decided.

    A finished match's result is recorded as if the season had taken it (its ledger entries, its loser
    eliminated). Otherwise the loser is eliminated if still alive, the duel's open DMO pick closes, and a
    match not started never starts. Refused for a duel that is decided or still played, and for a loser
    the duel's state does not allow (``duel_settle_way``).
    """
    reason = require_reason(reason)
    with transaction.atomic():
        duel = (
            Duel.objects.select_for_update(of=("self",))
            .select_related("episode__season", "ec__user", "dmo__user", "match")
            .filter(pk=duel_id, episode__season=season)
            .first()
        )
        if duel is None:
            raise DuelNotFound("That Death Match is not part of this season.")
        way = duel_settle_way(duel)
        if way is None:
            raise DuelNotHalfDone("This Death Match needs no settling: it is decided, or its match decides it.")
        if loser not in way.losers:
            raise DuelLoserRefused(f"{loser} cannot be recorded as its loser: choose {' or '.join(way.losers)}.")
        episode = duel.episode
        if way.by_result:
            assert duel.match is not None and duel.match.outcome
            episode_dm_finished(
                match=duel.match, outcome=outcome_for_users(duel.match, Outcome.from_json(duel.match.outcome))
            )
        else:
            entrant = duel.ec if duel.ec.handle == loser else duel.dmo
            assert entrant is not None
            duel.loser = entrant
            duel.save(update_fields=["loser"])
            Pick.objects.filter(duel=duel, status=Pick.Status.OPEN).update(status=Pick.Status.OVERRIDDEN)
            if entrant.alive:  # one eliminated already (what left the duel half done) stays as they are
                entrant_eliminate(
                    entrant=entrant,
                    episode=episode,
                    match=duel.match,
                    reason=f"lost the Death Match of Episode {episode.number} (settled by a host)",
                    user=user,
                )
            episode_close_if_done(episode=episode)
        season_log(
            season=season,
            action="duel_settle",
            user=user,
            reason=reason,
            episode=episode.number,
            ec=duel.ec.handle,
            dmo=duel.dmo.handle if duel.dmo else "",
            loser=loser,
        )
    duel.refresh_from_db()
    return duel
