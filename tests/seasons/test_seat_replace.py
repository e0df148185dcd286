"""Replacing a player inside a season match: the seat changes hands and the season follows."""

from __future__ import annotations

import pytest
from django.test import Client

from games.match.selectors import seat_usernames
from games.models import Match
from seasons import selectors
from seasons.models import Entrant, LedgerEntry, SeasonLog
from seasons.services import SeasonError, entrant_replace
from seasons.services.match_controls import season_match_seat_replace
from tests.factories import UserFactory
from tests.seasons.factories import abc_episode, play_to_end, started_season

pytestmark = pytest.mark.django_db


def _replace(season, match, seat: str, new: str, reason: str = "ann moved abroad") -> str:  # type: ignore[no-untyped-def]
    return season_match_seat_replace(
        season=season,
        match_id=match.pk,
        reason=reason,
        user=season.hosts.get(),
        seat=seat,
        new_player=new,
    )


def test_a_newcomer_takes_the_seat_and_the_players_place_in_the_season() -> None:
    season = started_season(starting_garnets=7)
    episode = abc_episode(season)
    match = episode.mm_match
    UserFactory(username="zed")
    sentence = _replace(season, match, "ann", "zed")
    assert sentence.startswith("gave ann's seat to zed, who took ann's place in the season")
    zed = selectors.entrant_by_handle(season, "zed")
    ann = selectors.entrant_by_handle(season, "ann")
    assert zed is not None and zed.alive and ann is not None and ann.status == Entrant.Status.REPLACED
    assert selectors.balance(zed, LedgerEntry.Currency.GARNET) == 7
    assert selectors.balance(ann, LedgerEntry.Currency.GARNET) == 0
    assert seat_usernames(Match.objects.get(pk=match.pk))["ann"] == "zed"
    log = SeasonLog.objects.filter(season=season, action="match_control").latest("pk")
    assert log.reason == "ann moved abroad" and log.user == season.hosts.get()
    # The match's outcome names the seat "ann"; the season credits whoever plays it: zed.
    done = play_to_end(Match.objects.get(pk=match.pk), seed="s")
    episode.refresh_from_db()
    outcome = done.outcome or {}
    assert ("ann" in outcome["winners"]) == ("zed" in episode.mm_winners)
    assert "ann" not in [*episode.mm_winners, *episode.candidates]
    named = [("zed" if h == "ann" else h) for h in outcome["candidates"]]
    assert episode.candidates[: len(named)] == named and "zed" in [*episode.mm_winners, *episode.candidates]
    won = LedgerEntry.objects.filter(entrant=zed, source=LedgerEntry.Source.MATCH, currency="token")
    assert sum(e.amount for e in won) == int(outcome["tokens"].get("ann", 0))
    assert not LedgerEntry.objects.filter(entrant=ann, source=LedgerEntry.Source.MATCH).exists()


def test_the_one_who_already_took_the_place_on_the_season_page_takes_the_seat() -> None:
    season = started_season()
    episode = abc_episode(season)
    UserFactory(username="zed")
    entrant_replace(season=season, handle="ann", new_handle="zed", reason="left", user=season.hosts.get())
    sentence = _replace(season, episode.mm_match, "ann", "zed")
    assert sentence.startswith("gave ann's seat to zed in")
    assert Entrant.objects.filter(season=season).count() == 14  # 13 + zed, no second replacement


def test_someone_already_in_the_season_cannot_take_a_seat() -> None:
    season = started_season()
    episode = abc_episode(season)  # ann..eve play; fay is in the season but not in the match
    with pytest.raises(SeasonError, match="fay is already in this season"):
        _replace(season, episode.mm_match, "ann", "fay")
    assert seat_usernames(Match.objects.get(pk=episode.mm_match_id))["ann"] == "ann"


def test_the_console_offers_seats_and_users_and_asks_for_a_confirmation() -> None:
    season = started_season()
    episode = abc_episode(season)
    UserFactory(username="zed")
    host = Client()
    host.force_login(season.hosts.get())
    page = host.get(f"/matches/{episode.mm_match_id}/").content.decode()
    assert "Replace a player" in page and '<option value="ann">ann</option>' in page and "<option>zed</option>" in page
    url = f"/seasons/{season.slug}/host/"
    data = {"step": "match", "control": "replace", "target_id": episode.mm_match_id, "player": "ann", "other": "zed"}
    r = host.post(url, {**data, "reason": "ill"}, follow=True)
    assert "Tick the box" in r.content.decode()
    r = host.post(url, {**data, "reason": "ill", "confirm": "1"}, follow=True)
    assert "gave ann&#x27;s seat to zed" in r.content.decode()
    page = host.get(f"/matches/{episode.mm_match_id}/").content.decode()
    assert "ann&#x27;s seat, played by zed" in page
