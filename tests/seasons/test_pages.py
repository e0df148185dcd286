"""Pages: the season home, a player's own page, picks, transfers and the archive export (issue 7)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from seasons import selectors
from seasons.models import LedgerEntry, Pick
from seasons.services import episode_dmo_pick, ledger_adjust, season_finish
from tests.seasons.factories import (
    abc_episode,
    crown_champion,
    finish_dm,
    finish_mm,
    host_user,
    open_pick,
    play_to_end,
    started_season,
    user,
)

pytestmark = pytest.mark.django_db


def signed_in(handle: str) -> Client:
    c = Client()
    c.force_login(user(handle))
    return c


def test_season_home_for_everyone_shows_standings_and_episodes() -> None:
    """ "a season home for everyone (standings: alive / eliminated, tokens, garnets where public, the episode list"."""
    season = started_season()
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=9, reason="seed", user=host_user())
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"], tokens={"ann": 1})
    finish_dm(episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus"), loser="eve")
    html = Client().get(f"/seasons/{season.slug}/").content.decode()
    assert "Standings" in html and "eliminated in Episode 1" in html and "Episode 1" in html
    assert reverse("games:match", args=[episode.mm_match_id]) in html
    assert '<td class="num garnet">9</td>' in html and '<td class="num token">1</td>' in html


def test_season_home_folds_each_matchs_public_log_and_never_a_private_line() -> None:
    """ "the episode list with each match's public log": public lines shown, private ones never."""
    from games.models import Message

    season = started_season()
    match = play_to_end(abc_episode(season).mm_match)
    html = Client().get(f"/seasons/{season.slug}/").content.decode()
    public = Message.objects.filter(match=match, to__isnull=True).first()
    assert "Main Match public log" in html and public is not None
    from django.utils.html import escape

    assert escape(public.text) in html
    for private in Message.objects.filter(match=match, to__isnull=False)[:5]:
        assert (
            escape(private.text) not in html
            or Message.objects.filter(match=match, to__isnull=True, text=private.text).exists()
        )


def test_private_garnets_are_hidden_from_the_public_standings() -> None:
    """ "garnets where public": with public garnets off the home shows no garnet column."""
    season = started_season(garnets_public=False)
    html = Client().get(f"/seasons/{season.slug}/").content.decode()
    assert "num garnet" not in html and "private" in html


def test_home_page_is_season_aware() -> None:
    """The site's home ("home") shows the latest season's standings."""
    season = started_season()
    html = Client().get("/").content.decode()
    assert season.name in html and 'class="list standings"' in html and f"/seasons/{season.slug}/" in html


def test_my_season_page_and_the_two_step_transfer() -> None:
    """A player's own page: balance, ledger, and a transfer confirmed by the sender before anything moves."""
    season = started_season()
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=5, reason="seed", user=host_user())
    c = signed_in("ann")
    page = c.get(f"/seasons/{season.slug}/me/").content.decode()
    assert "Host: seed" in page and "Transfer garnets" in page
    step1 = c.post(f"/seasons/{season.slug}/me/", {"to": "bob", "amount": 2}).content.decode()
    assert "Send <strong>2</strong> garnets to <strong>bob</strong>?" in step1
    assert not LedgerEntry.objects.filter(source="transfer").exists()
    c.post(f"/seasons/{season.slug}/me/", {"to": "bob", "amount": 2, "confirmed": "on"})
    assert selectors.balance(selectors.entrant_by_handle(season, "bob"), "garnet") == 2
    r = c.post(f"/seasons/{season.slug}/me/", {"to": "bob", "amount": 50, "confirmed": "on"}, follow=True)
    assert "You have 3 free garnets; you cannot transfer 50" in r.content.decode()
    assert selectors.balance(selectors.entrant_by_handle(season, "bob"), "garnet") == 2


def test_pick_page_refuses_acting_for_another_player() -> None:
    """Bad input: "acting for another player": a clear message and nothing changed."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    url = f"/seasons/{season.slug}/picks/{pick.pk}/"
    assert "ann won this episode" in Client().get(url).content.decode()
    r = signed_in("bob").post(url, {"choice": "gus"}, follow=True)
    assert "This pick belongs to eve; you cannot act for another player" in r.content.decode()
    assert Pick.objects.get(pk=pick.pk).status == Pick.Status.OPEN
    r = signed_in("eve").post(url, {"choice": "ann"}, follow=True)
    assert "immune" in r.content.decode() and Pick.objects.get(pk=pick.pk).status == Pick.Status.OPEN
    signed_in("eve").post(url, {"choice": "gus"})
    assert Pick.objects.get(pk=pick.pk).choice.handle == "gus"


def test_archive_export_json_and_markdown() -> None:
    """ "an archive export of a finished season (JSON and a readable Markdown page for a wiki)"."""
    season = started_season()
    episode = abc_episode(season)
    play_to_end(episode.mm_match)
    assert Client().get(f"/seasons/{season.slug}/archive.json").status_code == 404  # not finished yet
    crown_champion(season)
    season_finish(season_id=season.pk, user=host_user())
    data = json.loads(Client().get(f"/seasons/{season.slug}/archive.json").content)
    assert data["season"]["gamewide_order"] == season.gamewide_order and len(data["standings"]) == 13
    mm = data["episodes"][0]["main_match"]
    assert mm["seed"] == "ep-seed" and mm["log"] and mm["outcome"]["candidates"]
    md = Client().get(f"/seasons/{season.slug}/archive.md").content.decode()
    assert md.startswith("# Season s1") and "## Episode 1" in md and "| Player | Status |" in md
    assert f"**Champion: {data['season']['champion']}**" in md
