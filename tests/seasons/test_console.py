"""The host's side from the browser: a new season, casting with invites, options forms, match controls, the log."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from games.models import Turn
from seasons.log_text import log_sentence
from seasons.models import Entrant, Invite, LedgerEntry, Season, SeasonLog
from tests.factories import users
from tests.seasons.factories import HANDLES, abc_episode, host_user, started_season

pytestmark = pytest.mark.django_db


def _host_client() -> tuple[Client, object]:
    host = host_user()
    client = Client()
    client.force_login(host)
    return client, host


NEW = {
    "name": "Garnet Season 3",
    "starting_garnets": 5,
    "starting_tokens": 1,
    "token_mode": "shield",
    "confiscate_garnets": "on",
    "garnets_public": "on",
    "mm_turn_seconds": 86400,
    "pick_seconds": 86400,
    "ecs_per_episode": 1,
    "dm_game": "warriors",
    "time_zone": "Europe/London",
    "dm_lead_seconds": 900,
    "dm_no_show": "default",
    "finalists": 2,
    "final_legs": 3,
}


def test_a_staff_host_creates_casts_and_starts_a_season_with_starting_garnets(
    django_capture_on_commit_callbacks,
) -> None:  # type: ignore[no-untyped-def]
    """Pasted handles: accounts join at once; the others get a one-time invite, mailed when an address is given."""
    client, _host = _host_client()
    users(HANDLES[:7])
    roster = "\n".join(HANDLES[:7]) + "\nnewbie newbie@example.com\n@pal\n"
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post("/seasons/new/", {**NEW, "roster": roster})
    assert r.status_code == 302, [x for x in r.content.decode().splitlines() if "error" in x or "flash" in x]
    assert r["Location"] == "/seasons/garnet-season-3/host/"
    season = Season.objects.get(slug="garnet-season-3")
    assert season.entrants.count() == 7 and season.time_zone == "Europe/London"
    assert sorted(Invite.objects.filter(season=season).values_list("handle", flat=True)) == ["newbie", "pal"]
    assert len(mail.outbox) == 1 and "newbie" in mail.outbox[0].body
    page = client.get(r["Location"]).content.decode()
    links = re.findall(r'value="http://testserver(/invite/[^"]+/)"', page)
    assert len(links) == 2
    # Starting now is refused while invites wait.
    client.post(r["Location"], {"step": "start"})
    assert Season.objects.get(pk=season.pk).status == Season.Status.DRAFT
    for link in links:
        player = Client()
        data = {"password": "a long Passphrase 9", "time_zone": "Asia/Tokyo"}
        assert player.post(link, data).status_code == 302
        assert player.get(link).status_code == 410  # one-time: "already been used"
    # Invite joiners get the zone their browser preselected, like those who sign up (issue 26).
    assert set(Invite.objects.filter(season=season).values_list("user__time_zone", flat=True)) == {"Asia/Tokyo"}
    client.post(r["Location"], {"step": "order_random"})
    client.post(r["Location"], {"step": "start"})
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING and len(season.gamewide_order) == 9
    garnets = LedgerEntry.objects.filter(season=season, currency="garnet", reason="Starting garnets")
    assert garnets.count() == 9 and {e.amount for e in garnets} == {5}


def test_only_staff_create_seasons() -> None:
    users(["ann"])
    client = Client()
    client.force_login(Entrant.objects.model.user.field.related_model.objects.get(username="ann"))
    assert client.get("/seasons/new/").status_code == 403


def test_the_main_match_options_come_from_the_declared_schema_and_counts_are_checked() -> None:
    season = started_season()
    client = Client()
    client.force_login(season.hosts.get())
    page = client.get(f"/seasons/{season.slug}/host/").content.decode()
    assert 'name="exodus-variant"' in page and "as JSON" not in page
    r = client.post(
        f"/seasons/{season.slug}/host/episode/",
        {"game": "exodus", "players": HANDLES[:8], "exodus-variant": "cubes"},
        follow=True,
    )
    assert "takes 9 players, not 8" in r.content.decode()
    r = client.post(
        f"/seasons/{season.slug}/host/episode/",
        {"game": "exodus", "players": HANDLES[:8], "exodus-variant": "gems"},
        follow=True,
    )
    assert "Episode 1 has started" in r.content.decode()
    assert season.episodes.get().mm_match.options["variant"] == "gems"


def test_match_controls_with_a_reason_and_the_log_as_sentences() -> None:
    season = started_season()
    episode = abc_episode(season)
    client = Client()
    client.force_login(season.hosts.get())
    url = f"/seasons/{season.slug}/host/"
    turn = Turn.objects.get(match=episode.mm_match, status="open")
    before = turn.deadline
    client.post(
        url,
        {
            "step": "match",
            "control": "extend",
            "target_id": episode.mm_match_id,
            "seconds": 3600,
            "minutes": 15,
            "reason": "late night",
        },
    )
    turn.refresh_from_db()
    assert (turn.deadline - before).total_seconds() == 900
    # Reasons are optional (issue 26): a pause with none is taken, and so is a resume.
    r = client.post(
        url, {"step": "match", "control": "pause", "target_id": episode.mm_match_id, "reason": ""}, follow=True
    )
    episode.mm_match.refresh_from_db()
    assert episode.mm_match.status == "paused" and "Nothing changed" not in r.content.decode()
    client.post(url, {"step": "match", "control": "resume", "target_id": episode.mm_match_id, "reason": ""})
    episode.mm_match.refresh_from_db()
    assert episode.mm_match.status == "running"
    client.post(url, {"step": "match", "control": "pause", "target_id": episode.mm_match_id, "reason": "break"})
    episode.mm_match.refresh_from_db()
    assert episode.mm_match.status == "paused"
    page = client.get(url).content.decode()
    assert "A host extended the turn by 15 min in" in page and "“late night”" in page
    assert "{" not in "".join(log_sentence(x) for x in SeasonLog.objects.filter(season=season))


def _dm_scheduled(**settings: object):  # type: ignore[no-untyped-def]
    from seasons.models import Pick
    from seasons.services import episode_dmo_pick
    from tests.seasons.factories import finish_mm

    season = started_season(dm_lead_seconds=900, **settings)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = Pick.objects.get(episode=episode, status="open")
    ec = pick.picker
    dmo = next(h for h in ("bob", "cat", "dan", "fay") if h != ec.handle)
    duel = episode_dmo_pick(pick_id=pick.pk, user=ec.user, dmo=dmo)
    return season, duel


def test_a_death_match_is_scheduled_and_starts_when_both_players_are_ready() -> None:
    """ "the first turn opens at the scheduled time or as soon as both are ready, whichever comes first"."""
    season, duel = _dm_scheduled()
    assert duel.match is None and duel.starts_at is not None
    spectator = Client().get(f"/seasons/{season.slug}/").content.decode()
    assert "starts in" in spectator
    for entrant in (duel.ec, duel.dmo):
        c = Client()
        c.force_login(entrant.user)
        assert "I'm ready" in c.get(f"/seasons/{season.slug}/duels/{duel.pk}/").content.decode()
        c.post(f"/seasons/{season.slug}/duels/{duel.pk}/")
    duel.refresh_from_db()
    assert duel.match is not None and duel.match.options["advantage"] == duel.dmo.handle


def test_at_the_scheduled_time_a_no_show_forfeits_when_the_season_says_so() -> None:
    from seasons.services.duels import duel_ready, duels_start_due

    season, duel = _dm_scheduled(dm_no_show="forfeit")
    duel_ready(duel_id=duel.pk, user=duel.ec.user)
    assert duels_start_due(now=duel.starts_at) == 1
    duel.refresh_from_db()
    assert duel.match is None and duel.loser == duel.dmo
    assert Entrant.objects.get(pk=duel.dmo.pk).status == "eliminated"


def test_at_the_scheduled_time_the_match_starts_with_default_moves_by_default() -> None:
    from seasons.services.duels import duels_start_due

    season, duel = _dm_scheduled()
    assert duels_start_due(now=duel.starts_at) == 1
    duel.refresh_from_db()
    assert duel.match is not None and duel.loser is None


def test_the_match_page_shows_a_season_host_the_same_controls() -> None:
    season = started_season()
    episode = abc_episode(season)
    host = Client()
    host.force_login(season.hosts.get())
    page = host.get(f"/matches/{episode.mm_match_id}/").content.decode()
    assert "Host controls" in page and 'value="close_now"' in page
    host.post(
        f"/seasons/{season.slug}/host/",
        {
            "step": "match",
            "control": "close_now",
            "reason": "all in",
            "target_id": episode.mm_match_id,
            "next": f"/matches/{episode.mm_match_id}/",
        },
    )
    assert Turn.objects.filter(match=episode.mm_match, number=2).exists()
    player = Client()
    player.force_login(Entrant.objects.get(season=season, user__username="ann").user)
    assert "Host controls" not in player.get(f"/matches/{episode.mm_match_id}/").content.decode()
