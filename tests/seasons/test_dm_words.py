"""'a finished Death Match names the eliminated player as such' (issue 26)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Match
from seasons.services import episode_dmo_pick
from seasons.templatetags.seasons_tags import loser_label
from tests.factories import abc_match
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


def test_a_death_match_is_asked_once_per_match_object_for_every_page_drawn_of_it() -> None:
    """A close draws every seat's page of a finished match from one match object (issue 45): whether it is a
    Death Match is read once for them all, and a friendly match's word stays the rules' own."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    match = Match.objects.get(pk=play_to_end(duel.match, seed="once").pk)
    with CaptureQueriesContext(connection) as reads:
        assert [loser_label(match) for _ in range(5)] == ["Eliminated"] * 5
    assert len(reads) == 1
    friendly = play_to_end(abc_match(seed="friendly"))
    assert loser_label(friendly) == loser_label(friendly) == "Elimination Candidate"
