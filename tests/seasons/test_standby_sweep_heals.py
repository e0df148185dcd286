"""Issue 47, finding "operations doc true to what heals itself": ``docs/operations.md`` said picks and
scheduled Death Matches wait for a worker; the web's standby sweep (``games.match.sweeper.standby_sweep``)
times picks out too, and the doc now says so."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from games.match import sweeper
from games.models import SweepBeat
from seasons.models import Pick
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season

pytestmark = pytest.mark.django_db
OPERATIONS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def test_the_web_s_standby_sweep_times_out_a_pick_while_no_worker_sweeps(settings: Any) -> None:
    """Workers gone (a stale heartbeat): a DMO pick past its deadline is timed out by the web process's
    sweep, a DMO drawn by lot as the rules say, with no worker at all."""
    settings.GARNET_SWEEP_STALE_SECONDS = 15
    episode = abc_episode(started_season(dm_lead_seconds=0))
    finish_mm(episode, winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    Pick.objects.filter(pk=pick.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    SweepBeat.objects.create(name=sweeper.WORKER, at=timezone.now() - timedelta(seconds=16))
    assert sweeper.standby_sweep() is True
    pick.refresh_from_db()
    assert pick.status == Pick.Status.TIMED_OUT


def test_operations_md_says_the_standby_sweep_times_out_picks_and_starts_death_matches() -> None:
    """The operator's doc no longer says picks and scheduled Death Matches wait for a worker."""
    text = " ".join(OPERATIONS.read_text().split())
    assert "picks and scheduled Death Matches wait for the next worker sweep" not in text
    assert "overdue picks time out and scheduled Death Matches start, as with a worker" in text
