"""Issue 46: every call to act is signalled like a turn. "Awaits you" counts a move, the EC's pick of a Death Match
opponent, the winners' pick or vote, Ready for a Death Match and the notice of being picked or drawn by lot, in a
fixed number of queries; every such step that opens or closes tells the user's pages on /ws/me/; a closed turn
leaves at once; logging in from home lands on the soonest step."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.match.services.turns import turn_close
from games.match.waiting import awaits_of
from games.models import Turn
from seasons.models import Duel, Notice, Pick
from seasons.services import episode_dmo_pick
from seasons.services.duels import duel_ready
from seasons.services.picks import picks_close_due
from tests.alerts.frames import events_to, me_sockets_open
from tests.factories import abc_match, users
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season, user

pytestmark = pytest.mark.django_db


def _ec_picking(slug: str = "s1", **settings: Any) -> Pick:
    season = started_season(slug=slug, **{"dm_lead_seconds": 3600, "pick_seconds": 300, **settings})
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    return open_pick(episode)


def test_the_ecs_pick_awaits_them_like_a_turn() -> None:
    """The Elimination Candidate's pick is counted, with its page, deadline and plain words; nobody else's."""
    pick = _ec_picking()
    steps = awaits_of(user("eve"))
    assert [s.kind for s in steps] == ["pick"]
    assert steps[0].url == reverse("season_pick", args=["s1", pick.pk])
    assert steps[0].label == "Pick your Death Match opponent" and steps[0].live  # 5 minutes: a live step
    assert steps[0].deadline == pick.deadline
    assert awaits_of(user("gus")) == []


def test_awaits_you_is_a_fixed_number_of_queries_whatever_the_seasons() -> None:
    """One query for the turns and four for the seasons (notices, whether they play in a running season, picks,
    scheduled Death Matches), however many seasons and matches the user is in."""
    _ec_picking("s1")
    eve = user("eve")
    with CaptureQueriesContext(connection) as one:
        first = awaits_of(eve)
    for slug in ("s2", "s3"):
        _ec_picking(slug)
    abc_match(seed="extra")
    with CaptureQueriesContext(connection) as three:
        steps = awaits_of(eve)
    assert len(first) == 1 and len(steps) >= 3
    assert len(one) == len(three) == 5


def test_a_user_in_no_running_season_costs_the_nav_no_season_reads() -> None:
    """Every page's nav reads "awaits you" (issue 45): a user who plays in no running season is asked for their
    turns, their notices and whether they play in one, and never for picks or Death Matches."""
    _ec_picking("s1")
    zed = users(["zed"])[0]
    abc_match(["zed", "yan", "xia", "wes", "val"], seed="other")  # a friendly match: turns, no season
    with CaptureQueriesContext(connection) as reads:
        steps = awaits_of(zed)
    assert [s.kind for s in steps] == ["turn"]
    assert len(reads) == 3
    assert not any("seasons_pick" in q["sql"] or "seasons_duel" in q["sql"] for q in reads.captured_queries)


def test_the_picked_player_is_told_on_the_first_screen_and_in_the_title_until_ready(
    sent: list[tuple[str, dict[str, Any]]], client_for: Callable[[str], Client]
) -> None:
    """Being picked is a notice that counts like a turn, merged with the Ready it calls for; the pick leaves
    the EC's count; both hear `awaits` on /ws/me/."""
    pick = _ec_picking()
    sent.clear()
    duel = episode_dmo_pick(pick_id=pick.pk, user=user("eve"), dmo="gus")
    assert events_to(sent, "eve", "awaits") and events_to(sent, "gus", "awaits")
    steps = awaits_of(user("gus"))
    assert [s.kind for s in steps] == ["duel"]
    assert steps[0].label.startswith("eve picked you as their Death Match opponent") and "press Ready" in steps[0].label
    html = client_for("gus").get(reverse("home")).content.decode()
    assert "<title>(1) Your move · " in html
    first = html.split('id="your-turn"')[1].split("</section>")[0]
    assert "eve picked you" in first and reverse("season_duel", args=["s1", duel.pk]) in first
    # Her pick left the EC's count; the Death Match starts on its own in an hour, so its Ready is not awaited yet.
    assert awaits_of(user("eve")) == []
    sent.clear()
    duel_ready(duel_id=duel.pk, user=user("gus"))
    assert events_to(sent, "gus", "awaits") and events_to(sent, "eve", "awaits")
    assert awaits_of(user("gus")) == []  # Ready pressed: the notice merged into it is read with it
    # gus waits for her now: her Ready is awaited.
    steps = awaits_of(user("eve"))
    assert [s.kind for s in steps] == ["duel"] and steps[
        0
    ].label == "Your Death Match against gus is scheduled. Press Ready."


def test_a_notice_of_being_drawn_by_lot_stays_until_its_page_is_opened(
    sent: list[tuple[str, dict[str, Any]]], client_for: Callable[[str], Client]
) -> None:
    """The EC's time runs out: her signal leaves, the player drawn by lot is called until they read it."""
    pick = _ec_picking()
    Pick.objects.filter(pk=pick.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    sent.clear()
    assert picks_close_due() == 1
    assert not [s for s in awaits_of(user("eve")) if s.kind == "pick"]
    duel = Duel.objects.get(episode=pick.episode)
    assert duel.dmo is not None
    drawn = duel.dmo.handle
    assert events_to(sent, drawn, "awaits") and events_to(sent, "eve", "awaits")
    steps = awaits_of(user(drawn))
    assert "drawn by lot" in steps[0].label
    # Opening the Death Match's page reads the notice: nothing more awaits them until the start nears.
    sent.clear()
    client_for(drawn).get(reverse("season_duel", args=["s1", duel.pk]))
    assert not Notice.objects.filter(user=user(drawn), seen=False, kind="dmo").exists()
    assert events_to(sent, drawn, "awaits")
    assert awaits_of(user(drawn)) == []
    Duel.objects.filter(pk=duel.pk).update(starts_at=timezone.now() + timedelta(minutes=10))
    steps = awaits_of(user(drawn))
    assert [s.kind for s in steps] == ["duel"] and steps[0].live
    assert steps[0].label == "Your Death Match against eve is scheduled. Press Ready."


def test_the_winners_pick_awaits_the_winner() -> None:
    """The Main Match winners' pick (or vote) of the Elimination Candidate counts for each winner called."""
    season = started_season(mm_winners_pick_ec=True)
    finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    steps = awaits_of(user("ann"))
    assert [s.kind for s in steps] == ["pick"] and steps[0].label == "Pick the Elimination Candidate"


def test_a_closed_turn_leaves_its_players_pages_at_once(
    sent: list[tuple[str, dict[str, Any]]],
) -> None:
    """A turn a host closes early (or that ends the match) sends its awaited players `turn_done`."""
    match = abc_match(seed="done")
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    me_sockets_open()
    sent.clear()
    turn_close(turn_id=turn.pk, force=True)
    done = events_to(sent, "ann", "turn_done")
    assert done == [{"type": "user.notify", "event": "turn_done", "match": match.pk, "turn": turn.number}]


def test_logging_in_from_home_lands_on_the_soonest_step() -> None:
    """The header's "Log in" carries next=/ from home: it is no destination, so the EC lands on her pick; a
    next naming another page still wins."""
    pick = _ec_picking()
    client = Client()
    r = client.post(
        f"{reverse('accounts:login')}?next=/", {"username": "eve", "password": "garnet-pass-1"}, follow=True
    )
    assert r.redirect_chain[-1][0] == reverse("season_pick", args=["s1", pick.pk])
    r = Client().post(
        f"{reverse('accounts:login')}?next=/seasons/", {"username": "eve", "password": "garnet-pass-1"}, follow=True
    )
    assert r.redirect_chain[-1][0] == "/seasons/"


def test_the_dashboard_list_says_what_awaits_and_never_nothing_beside_a_badge(
    client_for: Callable[[str], Client],
) -> None:
    """My matches: "Awaits you" lists the pick; "Nothing awaits you now" is drawn hidden beside a count."""
    _ec_picking()
    html = client_for("eve").get(reverse("games:dashboard")).content.decode()
    section = html.split('id="your-turn"')[1].split("</section>")[0]
    assert "Pick your Death Match opponent" in section
    assert "data-awaits-none hidden" in section
    body = client_for("eve").get(reverse("alerts:turns")).json()
    assert [t["kind"] for t in body["turns"]] == ["pick"] and body["turns"][0]["key"] == body["turns"][0]["url"]


def test_a_proposed_start_awaits_the_other_player_until_they_open_it(client_for: Callable[[str], Client]) -> None:
    """The other player proposing a Death Match start calls them (a "dmo" notice) until its page is opened."""
    from seasons.services.duel_times import duel_time_propose

    pick = _ec_picking(dm_window_hours=24)
    duel = episode_dmo_pick(pick_id=pick.pk, user=user("eve"), dmo="gus")
    client_for("gus").get(reverse("season_duel", args=["s1", duel.pk]))  # the pick's notice is read
    duel.refresh_from_db()
    assert duel.starts_at is not None
    duel_time_propose(duel_id=duel.pk, user=user("eve"), starts_at=duel.starts_at + timedelta(minutes=30))
    time_page = reverse("season_duel_time", args=["s1", duel.pk])
    assert [s.url for s in awaits_of(user("gus"))] == [time_page]
    client_for("gus").get(time_page)
    assert awaits_of(user("gus")) == []
