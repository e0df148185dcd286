"""'The Death Match ready check is pushed live to the opponent and spectators' (issue 26): a Ready goes to the
season's socket group, which every page of the season (the duel's waiting page included) listens to."""

from __future__ import annotations

from typing import Any

import pytest

from games.match import broadcast
from seasons.models import Duel
from seasons.services.duels import duel_ready
from story.broadcast import group_season
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season, user
from tests.trust.wsutil import unbatch_pushes

pytestmark = pytest.mark.django_db


def test_a_ready_is_pushed_to_the_seasons_group(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    from seasons.services import episode_dmo_pick

    pushed: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: pushed.extend(unbatch_pushes(events)) or 0)
    season = started_season(dm_lead_seconds=900)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    assert Duel.objects.get(pk=duel.pk).match_id is None  # scheduled: it waits for the Ready buttons
    pushed.clear()
    with django_capture_on_commit_callbacks(execute=True):
        duel_ready(duel_id=duel.pk, user=user("eve"))
    assert (group_season(season.pk), {"type": "season.event", "event": "duel", "season": season.pk}) in pushed
