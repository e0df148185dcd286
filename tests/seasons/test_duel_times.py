"""The two Death Match players agree on a later start within the window the host set."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from seasons.models import Duel, SeasonLog
from seasons.services import SeasonError, episode_dmo_pick
from seasons.services.duel_times import duel_time_agree, duel_time_propose
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season, user

pytestmark = pytest.mark.django_db


def _scheduled(window: int = 6) -> Duel:
    season = started_season(dm_lead_seconds=900, dm_window_hours=window)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="bob")
    assert duel.starts_at is not None and duel.match is None
    return duel


def test_one_proposes_the_other_agrees_and_the_start_moves() -> None:
    duel = _scheduled()
    assert duel.latest_start == duel.starts_at + timedelta(hours=6)
    later = duel.starts_at + timedelta(hours=2)
    duel_time_propose(duel_id=duel.pk, user=user("eve"), starts_at=later)
    with pytest.raises(SeasonError, match="no start proposed by bob"):
        duel_time_agree(duel_id=duel.pk, user=user("eve"))  # nobody agrees with themselves
    duel = duel_time_agree(duel_id=duel.pk, user=user("bob"))
    assert duel.starts_at == later and not duel.proposed_by
    assert SeasonLog.objects.filter(action="dm_time_agreed", details__player="bob").exists()


def test_the_same_time_proposed_by_both_is_agreed() -> None:
    duel = _scheduled()
    later = duel.starts_at + timedelta(hours=1)
    duel_time_propose(duel_id=duel.pk, user=user("eve"), starts_at=later)
    duel = duel_time_propose(duel_id=duel.pk, user=user("bob"), starts_at=later)
    assert duel.starts_at == later


def test_refusals_name_the_rule() -> None:
    duel = _scheduled()
    assert duel.latest_start is not None
    with pytest.raises(SeasonError, match="Pick a start between now and"):
        duel_time_propose(duel_id=duel.pk, user=user("eve"), starts_at=duel.latest_start + timedelta(minutes=1))
    with pytest.raises(SeasonError, match="Only the two players"):
        duel_time_propose(duel_id=duel.pk, user=user("cat"), starts_at=duel.starts_at)


def test_a_season_without_a_window_leaves_the_start_to_its_host() -> None:
    duel = _scheduled(window=0)
    with pytest.raises(SeasonError, match="only a host moves"):
        duel_time_propose(duel_id=duel.pk, user=user("eve"), starts_at=duel.starts_at + timedelta(minutes=30))


def test_the_pages_offer_times_by_clock_and_an_agree_button() -> None:
    duel = _scheduled()
    slug = duel.episode.season.slug
    eve, bob = Client(), Client()
    eve.force_login(user("eve"))
    bob.force_login(user("bob"))
    assert "Choose another start time" in eve.get(f"/seasons/{slug}/duels/{duel.pk}/").content.decode()
    page = eve.get(f"/seasons/{slug}/duels/{duel.pk}/time/").content.decode()
    assert "Propose this start" in page
    value = page.split('<option value="')[3].split('"')[0]  # the third half hour offered
    eve.post(f"/seasons/{slug}/duels/{duel.pk}/time/", {"starts_at": value})
    page = bob.get(f"/seasons/{slug}/duels/{duel.pk}/time/").content.decode()
    assert "eve proposes" in page and "Agree to start at" in page
    bob.post(f"/seasons/{slug}/duels/{duel.pk}/time/", {"agree": "1"})
    duel.refresh_from_db()
    assert duel.starts_at is not None and duel.starts_at.isoformat() == value
    bad = eve.post(f"/seasons/{slug}/duels/{duel.pk}/time/", {"starts_at": "tomorrow"}, follow=True)
    assert "Pick one of the start times offered" in bad.content.decode()
