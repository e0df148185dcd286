"""Issue 38: the pick page and the ready room name the Death Match game and link its rules; the pick asks once."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.services import episode_dmo_pick
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season, user

pytestmark = pytest.mark.django_db


def _client(handle: str) -> Client:
    c = Client()
    c.force_login(user(handle))
    return c


def test_the_dmo_pick_names_the_death_match_game_links_its_rules_and_asks_once() -> None:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    html = _client("eve").get(f"/seasons/{season.slug}/picks/{pick.pk}/").content.decode()
    assert "The Death Match: <strong>A Warrior" in html and 'href="/games/warriors/rules/"' in html
    assert 'data-confirm="Pick {choice} as your Death Match opponent? A pick is final."' in html


def test_the_ready_room_names_the_death_match_game_and_links_its_rules() -> None:
    season = started_season(dm_lead_seconds=3600)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    html = _client("gus").get(f"/seasons/{season.slug}/duels/{duel.pk}/").content.decode()
    assert "The game: <strong>A Warrior" in html and 'href="/games/warriors/rules/"' in html
