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


def test_close_the_turn_now_asks_once_naming_who_has_not_moved() -> None:
    """Issue 38: "Close the turn now" with players who have not moved asks once, naming them; when everyone
    awaited has moved it goes at once."""
    from games.match.services import submission_submit
    from games.models import Turn

    season = started_season()
    match = abc_episode(season).mm_match
    host = Client()
    host.force_login(season.hosts.get())
    turn = Turn.objects.get(match=match, status="open")
    x = turn.awaiting[0]
    page = host.get(f"/seasons/{season.slug}/host/").content.decode()
    assert f'data-confirm="Close {turn.label} now? {x} has not moved: they get the default move."' in page
    others = [p for p in match.players if p != x]
    submission_submit(match_id=match.pk, player=x, move={"pairs": [others[:2], others[2:]]}, lock=False)
    page = host.get(f"/seasons/{season.slug}/host/").content.decode()
    assert 'value="close_now">Close the turn now' in page


def test_the_pick_page_says_you_to_the_picker() -> None:
    """Issue 38: "you", not the handle, when it is you."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    mine = _client("eve").get(f"/seasons/{season.slug}/picks/{pick.pk}/").content.decode()
    assert "<strong>You</strong> pick\n  your Death Match opponent" in mine
    theirs = Client().get(f"/seasons/{season.slug}/picks/{pick.pk}/").content.decode()
    assert "<strong>eve</strong> picks\n  their Death Match opponent" in theirs
