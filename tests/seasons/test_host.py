"""Host control: confirm, override or undo every automatic step with a logged reason; replay (issue 7)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from games.models import Match
from seasons import selectors
from seasons.models import Duel, Entrant, LedgerEntry, Pick, Season, SeasonLog
from seasons.services import (
    SeasonError,
    entrant_replace,
    entrant_restore,
    episode_dmo_pick,
    episode_dmo_set,
    episode_ec_set,
    ledger_adjust,
    season_pause,
    season_resume,
)
from seasons.services.host import season_step_confirm
from tests.factories import users
from tests.seasons.factories import (
    abc_episode,
    finish_dm,
    finish_mm,
    host_user,
    open_pick,
    play_to_end,
    started_season,
    user,
)

pytestmark = pytest.mark.django_db


def test_every_host_step_needs_a_reason_and_is_logged() -> None:
    """ "every automatic step can be confirmed, overridden or undone with a logged reason"."""
    season = started_season()
    host = host_user()
    # Reasons are optional (issue 26): a step without one is taken and logged with none.
    ledger_adjust(season=season, handle="ann", currency="token", amount=1, reason=" ", user=host)
    assert SeasonLog.objects.get(action="ledger_adjust").reason == ""
    ledger_adjust(season=season, handle="ann", currency="token", amount=1, reason="bonus round", user=host)
    step = SeasonLog.objects.filter(action="ledger_adjust").latest("pk")
    assert step.user == host and step.reason == "bonus round" and step.details["player"] == "ann"
    start = SeasonLog.objects.get(action="season_start")
    season_step_confirm(season=season, log_id=start.pk, user=host, reason="checked the draw")
    assert SeasonLog.objects.filter(action="confirm", details__step=start.pk).exists()


def test_replace_a_player() -> None:
    """ "replace a player": the newcomer takes the place, tokens and garnets; logged."""
    season = started_season()
    users(["zoe"])
    host = host_user()
    ledger_adjust(season=season, handle="bob", currency="garnet", amount=4, reason="seed", user=host)
    new = entrant_replace(season=season, handle="bob", new_handle="zoe", reason="bob left", user=host)
    assert new.alive and selectors.balance(new, "garnet") == 4
    assert selectors.entrant_by_handle(season, "bob").status == Entrant.Status.REPLACED
    season.refresh_from_db()
    assert "zoe" in season.gamewide_order and "bob" not in season.gamewide_order
    assert SeasonLog.objects.filter(action="entrant_replace", reason="bob left").exists()


def test_set_ec_and_dmo_by_hand() -> None:
    """ "set an EC or DMO by hand" (the host may set an immune DMO; not an eliminated one)."""
    season = started_season()
    host = host_user()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_ec_set(episode_id=episode.pk, ec="dan", replace="eve", user=host, reason="eve was wrongly named")
    pick = open_pick(episode)
    assert duel.ec.handle == "dan" and pick.picker.handle == "dan"
    Entrant.objects.filter(season=season, user__username="max").update(status=Entrant.Status.ELIMINATED)
    with pytest.raises(SeasonError, match="max has been eliminated"):
        episode_dmo_set(pick_id=pick.pk, dmo="max", user=host, reason="x")
    duel = episode_dmo_set(pick_id=pick.pk, dmo="ann", user=host, reason="the EC asked the host")
    assert duel.dmo.handle == "ann" and Pick.objects.get(pk=pick.pk).status == Pick.Status.OVERRIDDEN
    assert duel.match.options["advantage"] == "ann"
    assert SeasonLog.objects.filter(action="dmo_overridden", reason="the EC asked the host").exists()


def test_undo_an_elimination_returns_confiscated_garnets() -> None:
    """Undo: an elimination is undone with a reason; confiscated garnets come back (a new entry)."""
    season = started_season()
    host = host_user()
    ledger_adjust(season=season, handle="eve", currency="garnet", amount=5, reason="seed", user=host)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    finish_dm(episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus"), loser="eve")
    eve = entrant_restore(season=season, handle="eve", reason="the DM was misjudged", user=host)
    assert eve.alive and selectors.balance(eve, "garnet") == 5
    assert LedgerEntry.objects.filter(entrant=eve).count() == 3


def test_pause_the_season_pauses_its_matches_and_its_picks() -> None:
    """ "pause the season": its running matches pause; picks and transfers wait."""
    season = started_season()
    host = host_user()
    episode = abc_episode(season)
    season = season_pause(season_id=season.pk, user=host, reason="holiday")
    assert season.status == Season.Status.PAUSED
    assert Match.objects.get(pk=episode.mm_match_id).status == Match.Status.PAUSED
    with pytest.raises(SeasonError, match="not running"):
        from seasons.services import ledger_transfer

        ledger_transfer(season=season, sender=user("ann"), to="bob", amount=1, confirmed=True)
    season = season_resume(season_id=season.pk, user=host, reason="back")
    assert Match.objects.get(pk=episode.mm_match_id).status == Match.Status.RUNNING


def test_host_replays_a_finished_match_from_its_seed() -> None:
    """ "A host can replay any finished match from its seed and submissions and see that it reproduces"."""
    season = started_season()
    match = play_to_end(abc_episode(season).mm_match)
    c = Client()
    c.force_login(user("host"))
    Season.objects.get(pk=season.pk).hosts.add(user("host"))
    response = c.get(f"/seasons/{season.slug}/host/replay/{match.pk}/", follow=True)
    assert b"identical to the stored match" in response.content


def test_host_console_takes_steps_and_refuses_non_hosts() -> None:
    """The console calls one service per step; a non-host gets 403; a refused step changes nothing."""
    season = started_season()
    c = Client()
    c.force_login(user("ann"))
    assert c.get(f"/seasons/{season.slug}/host/").status_code == 403
    c.force_login(user("host"))
    assert c.get(f"/seasons/{season.slug}/host/").status_code == 200
    r = c.post(
        f"/seasons/{season.slug}/host/",
        {"step": "adjust", "player": "ann", "currency": "garnet", "amount": 3, "reason": "prize"},
        follow=True,
    )
    assert b"Done" in r.content and selectors.balance(selectors.entrant_by_handle(season, "ann"), "garnet") == 3
    r = c.post(
        f"/seasons/{season.slug}/host/",
        {"step": "adjust", "player": "nobody", "currency": "garnet", "amount": 3, "reason": "prize"},
        follow=True,
    )
    assert b"Nothing changed" in r.content
    r = c.post(
        f"/seasons/{season.slug}/host/episode/",
        {"game": "abc", "players": ["ann", "bob", "cat", "dan", "eve"]},
        follow=True,
    )
    assert b"Episode 1 has started" in r.content and Duel.objects.count() == 0


def test_a_pause_gives_open_picks_their_time_back() -> None:
    """ "pause the season": a pick's deadline does not run while the season is paused."""
    season = started_season()
    host = host_user()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    before = open_pick(episode).deadline
    season_pause(season_id=season.pk, user=host, reason="holiday")
    SeasonLog.objects.filter(action="season_pause").update(created_at=before - timedelta(days=3))
    season_resume(season_id=season.pk, user=host, reason="back")
    assert open_pick(episode).deadline > before + timedelta(days=2)


def test_console_episode_start_passes_game_options() -> None:
    """The host picks a game, the alive players and (optionally) the game's options, a form the engine declares;
    ABC's X order is chosen with one select per place, never typed, and must place every chosen player once."""
    season = started_season()
    c = Client()
    c.force_login(user("host"))
    url = f"/seasons/{season.slug}/host/episode/"
    five = ["ann", "bob", "cat", "dan", "eve"]
    page = c.get(f"/seasons/{season.slug}/host/").content.decode()
    assert 'name="abc-x_order__5"' in page and "Drawn from the match&#x27;s seed" in page
    places = {f"abc-x_order__{i}": h for i, h in enumerate(["eve", "dan", "cat", "bob", "ann"], 1)}
    r = c.post(
        url, {"game": "abc", "players": five, "abc-x_order": "chosen", **places, "abc-x_order__5": "eve"}, follow=True
    )
    assert "X order: names eve more than once" in r.content.decode() and not Match.objects.exists()
    r = c.post(
        url, {"game": "abc", "players": five, "abc-x_order": "chosen", **places, "abc-x_order__5": "fay"}, follow=True
    )
    assert "X order: &quot;fay&quot; is not a player in this match" in r.content.decode()
    r = c.post(
        url, {"game": "abc", "players": five, "abc-x_order": "chosen", **places, "abc-x_order__5": ""}, follow=True
    )
    assert "X order: must place every player of the match exactly once; missing: ann" in r.content.decode()
    assert not Match.objects.exists()
    r = c.post(url, {"game": "abc", "players": five, "abc-x_order": "chosen"}, follow=True)
    assert "choose a player for each place" in r.content.decode()
    c.post(url, {"game": "abc", "players": five, "abc-x_order": "chosen", **places})
    assert Match.objects.get().options["x_order"] == ["eve", "dan", "cat", "bob", "ann"]
    r = c.post(url, {"game": "abc", "players": ["ann"], "abc-x_order": "roster"}, follow=True)
    assert b"Nothing started" in r.content


def test_the_x_order_as_listed_or_drawn_from_the_seed() -> None:
    season = started_season()
    c = Client()
    c.force_login(user("host"))
    url = f"/seasons/{season.slug}/host/episode/"
    c.post(url, {"game": "abc", "players": ["eve", "ann", "cat", "bob", "dan"], "abc-x_order": "roster"})
    match = Match.objects.get()
    assert match.options["x_order"] == match.players and sorted(match.players) == ["ann", "bob", "cat", "dan", "eve"]
