"""A host's elimination racing a transfer or the player's Death Match, and the console settling any Death
Match a host's steps left half done (issue 40, items 1 and 6)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connections, transaction
from django.test import Client

from games.engine import Outcome
from games.match.services.host import match_abort
from games.models import Match
from seasons import selectors
from seasons.models import Duel, Entrant, Episode, LedgerEntry, Pick
from seasons.services import episode_dmo_pick, ledger_adjust, ledger_transfer
from seasons.services.duels import duels_start_due
from seasons.services.entrants import entrant_eliminate
from seasons.services.errors import PlayerNotAlive
from seasons.services.host import entrant_eliminate_by_host
from seasons.services.picks import picks_close_due
from tests.seasons.factories import abc_episode, finish_dm, finish_mm, host_user, open_pick, started_season, user
from tests.trust.conftest import postgres_only


def _death_match(**settings: Any) -> tuple[Any, Episode, Duel]:
    """A season whose Episode 1 is in its Death Match: eve (EC) against gus (DMO)."""
    season = started_season(**settings)
    ledger_adjust(season=season, handle="eve", currency="garnet", amount=4, reason="seed", user=host_user("h0"))
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    return season, episode, duel


@pytest.mark.django_db
def test_a_death_match_lost_by_a_player_the_host_eliminated_first_is_recorded_and_the_episode_ends() -> None:
    """The host eliminates eve during her Death Match, then she loses it: the season takes the result (the
    duel has its loser), the host's elimination stands, and the next episode may start."""
    season, episode, duel = _death_match()
    entrant_eliminate_by_host(season=season, handle="eve", user=host_user("h1"), reason="disqualified")
    finish_dm(duel, loser="eve")
    duel.refresh_from_db()
    assert duel.loser is not None and duel.loser.handle == "eve"
    assert Episode.objects.get(pk=episode.pk).status == Episode.Status.DONE
    eve = selectors.entrant_by_handle(season, "eve")
    assert eve.status == Entrant.Status.ELIMINATED and selectors.balance(eve, "garnet") == 0
    assert season.log.filter(action="dm_lost_when_out", details__player="eve").exists()
    assert abc_episode(season, ["ann", "bob", "cat", "dan", "fay"]).number == 2


@pytest.mark.django_db
def test_a_death_match_won_by_a_player_the_host_eliminated_still_eliminates_its_loser() -> None:
    """The host eliminates gus during the Death Match, and eve loses it: both are out, the episode ends."""
    season, episode, duel = _death_match()
    entrant_eliminate_by_host(season=season, handle="gus", user=host_user("h1"), reason="disqualified")
    finish_dm(duel, loser="eve")
    assert selectors.entrant_by_handle(season, "eve").status == Entrant.Status.ELIMINATED
    assert Episode.objects.get(pk=episode.pk).status == Episode.Status.DONE


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_death_match_result_in_the_same_instant_as_the_hosts_elimination_is_recorded() -> None:
    """The host's elimination of eve holds her row lock when her Death Match ends with her the loser: the
    result waits for the lock, finds her out, and is recorded all the same (the episode ends)."""
    season, episode, duel = _death_match()
    eve = selectors.entrant_by_handle(season, "eve")
    locked, release = threading.Event(), threading.Event()
    outcome: dict[str, Any] = {}

    def eliminate() -> None:
        try:
            with transaction.atomic():
                entrant_eliminate(entrant=eve, episode=episode, reason="host: disqualified")
                locked.set()
                release.wait(10)
        finally:
            connections.close_all()

    def result() -> None:
        try:
            outcome["duel"] = finish_dm(Duel.objects.get(pk=duel.pk), loser="eve")
        except Exception as exc:  # noqa: BLE001 - what the test checks
            outcome["error"] = exc
        finally:
            connections.close_all()

    host_thread = threading.Thread(target=eliminate)
    host_thread.start()
    assert locked.wait(10)
    match_thread = threading.Thread(target=result)
    match_thread.start()
    time.sleep(0.5)  # the result has begun and waits for eve's row
    release.set()
    host_thread.join(10)
    match_thread.join(10)
    assert "error" not in outcome, outcome
    assert Duel.objects.get(pk=duel.pk).loser_id == eve.pk
    assert Episode.objects.get(pk=episode.pk).status == Episode.Status.DONE


@pytest.mark.django_db
def test_the_console_settles_a_death_match_whose_result_the_season_never_took() -> None:
    """A finished Death Match whose result the season refused (today's wedge) is listed on the console with a
    "Settle" button; its page says who lost; confirming records the result and ends the episode."""
    season, episode, duel = _death_match()
    match = duel.match
    assert match is not None
    outcome = Outcome(winners=("gus",), candidates=("eve",))
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, outcome=outcome.to_json())
    host = Client()
    host.force_login(season.hosts.get())
    console = host.get(f"/seasons/{season.slug}/host/").content.decode()
    settle = f"/seasons/{season.slug}/duels/{duel.pk}/settle/"
    assert "Death Matches to settle" in console and settle in console
    page = host.get(settle).content.decode()
    assert "the season has not recorded the result" in page and "<strong>eve</strong>" in page
    assert 'name="loser"' in page and "Yes, settle it" in page
    assert Duel.objects.get(pk=duel.pk).loser_id is None  # the page alone changes nothing
    response = host.post(settle, {"loser": "eve", "reason": "the season refused the result"})
    assert response.status_code == 302
    assert Duel.objects.get(pk=duel.pk).loser.handle == "eve"
    assert Episode.objects.get(pk=episode.pk).status == Episode.Status.DONE
    eve = selectors.entrant_by_handle(season, "eve")
    assert eve.status == Entrant.Status.ELIMINATED and selectors.balance(eve, "garnet") == 0
    assert "Death Matches to settle" not in host.get(f"/seasons/{season.slug}/host/").content.decode()
    assert Client().get(settle).status_code == 302  # signed out: to the login page
    player = Client()
    player.force_login(user("ann"))
    assert player.get(settle).status_code == 403


@pytest.mark.django_db
def test_a_scheduled_death_match_whose_opponent_the_host_eliminated_waits_for_the_host_to_settle_it() -> None:
    """A scheduled Death Match never starts with an eliminated player; the host settles it: the player out
    is its loser (no second elimination), and the episode ends."""
    season, episode, _ = _death_match(dm_lead_seconds=60)
    duel = Duel.objects.get(episode=episode)
    assert duel.match_id is None and duel.starts_at is not None
    entrant_eliminate_by_host(season=season, handle="gus", user=host_user("h1"), reason="left the server")
    Duel.objects.filter(pk=duel.pk).update(starts_at=duel.starts_at.replace(year=2000))
    assert duels_start_due() == 0 and Duel.objects.get(pk=duel.pk).match_id is None
    host = Client()
    host.force_login(season.hosts.get())
    settle = f"/seasons/{season.slug}/duels/{duel.pk}/settle/"
    assert "gus was eliminated before it started" in host.get(settle).content.decode()
    host.post(settle, {"loser": "eve"})  # not a loser this duel allows: refused
    assert Duel.objects.get(pk=duel.pk).loser_id is None
    host.post(settle, {"loser": "gus"})
    assert Duel.objects.get(pk=duel.pk).loser.handle == "gus"
    assert selectors.entrant_by_handle(season, "eve").status == Entrant.Status.ALIVE
    assert Episode.objects.get(pk=episode.pk).status == Episode.Status.DONE
    assert season.log.filter(action="entrant_eliminate", details__player="gus").count() == 1


@pytest.mark.django_db
def test_an_ec_the_host_eliminated_before_picking_is_never_given_an_opponent_and_is_settled_by_the_host() -> None:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    entrant_eliminate_by_host(season=season, handle="eve", user=host_user("h1"), reason="left")
    Pick.objects.filter(pk=pick.pk).update(deadline=pick.deadline.replace(year=2000))
    assert picks_close_due() == 0 and Duel.objects.get(episode=episode).dmo_id is None
    host = Client()
    host.force_login(season.hosts.get())
    host.post(f"/seasons/{season.slug}/duels/{pick.duel_id}/settle/", {"loser": "eve"})
    assert Pick.objects.get(pk=pick.pk).status == Pick.Status.OVERRIDDEN
    assert Episode.objects.get(pk=episode.pk).status == Episode.Status.DONE


@pytest.mark.django_db
def test_an_aborted_death_match_is_settled_by_the_host_naming_its_loser() -> None:
    season, episode, duel = _death_match()
    assert duel.match is not None
    match_abort(match_id=duel.match.pk, user=season.hosts.get(), reason="server trouble")
    host = Client()
    host.force_login(season.hosts.get())
    settle = f"/seasons/{season.slug}/duels/{duel.pk}/settle/"
    page = host.get(settle).content.decode()
    assert 'type="radio" name="loser" value="eve"' in page and 'value="gus"' in page
    host.post(settle, {"loser": "gus", "reason": "replayed on Discord"})
    assert Duel.objects.get(pk=duel.pk).loser.handle == "gus"
    assert selectors.entrant_by_handle(season, "gus").status == Entrant.Status.ELIMINATED
    assert Episode.objects.get(pk=episode.pk).status == Episode.Status.DONE


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_transfer_to_a_player_being_eliminated_is_refused_after_it_waits_for_their_row_lock() -> None:
    """The transfer reads ``bob`` alive, then waits for his row lock while the host's elimination (holding it)
    confiscates his garnets and commits; the transfer must look again under the lock and refuse: an
    eliminated player never keeps garnets sent in the same instant."""
    season = started_season(["ann", "bob", "cat"])
    host = host_user("host2")
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=5, reason="seed", user=host)
    ledger_adjust(season=season, handle="bob", currency="garnet", amount=2, reason="seed", user=host)
    bob = selectors.entrant_by_handle(season, "bob")
    locked, release = threading.Event(), threading.Event()
    outcome: dict[str, Any] = {}

    def eliminate() -> None:
        try:
            with transaction.atomic():
                entrant_eliminate(entrant=bob, episode=None, reason="host: disqualified")
                locked.set()
                release.wait(10)  # the transfer reaches the row lock while this commit is pending
        finally:
            connections.close_all()

    def transfer() -> None:
        try:
            outcome["entry"] = ledger_transfer(season=season, sender=user("ann"), to="bob", amount=3, confirmed=True)
        except Exception as exc:  # noqa: BLE001 - the refusal is what the test checks
            outcome["error"] = exc
        finally:
            connections.close_all()

    host_thread = threading.Thread(target=eliminate)
    host_thread.start()
    assert locked.wait(10)
    sender = threading.Thread(target=transfer)
    sender.start()
    time.sleep(0.5)  # the transfer has passed its first checks and waits for bob's row
    release.set()
    host_thread.join(10)
    sender.join(10)
    assert isinstance(outcome.get("error"), PlayerNotAlive), outcome
    bob.refresh_from_db()
    assert bob.status == Entrant.Status.ELIMINATED
    assert selectors.balance(bob, "garnet") == 0
    assert selectors.balance(selectors.entrant_by_handle(season, "ann"), "garnet") == 5
    assert not LedgerEntry.objects.filter(source=LedgerEntry.Source.TRANSFER).exists()
