"""'a finished Death Match names the eliminated player as such' (issue 26)."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.services import episode_dmo_pick
from tests.seasons.factories import abc_episode, finish_mm, open_pick, play_to_end, started_season, user

pytestmark = pytest.mark.django_db


def test_a_finished_death_match_names_its_loser_eliminated_and_a_main_match_its_ec() -> None:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    match = play_to_end(duel.match, seed="words")
    loser = match.outcome["candidates"][0] if isinstance(match.outcome, dict) else match.outcome.candidates[0]
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    assert f"Eliminated: <strong>{loser}</strong>" in page and "Elimination Candidate:" not in page
