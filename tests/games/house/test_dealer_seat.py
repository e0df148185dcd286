"""The dealer's seat in the framework (issue 25): a host of a match whose game has a dealer, and who plays no
seat in it, sits in ``games.engine.DEALER`` on every edge (pages, API, websocket); a host who also plays
gets their own seat only; the dealer's seat is never a player, an entrant, an outcome's name or a notice.

Played with a toy game that has a dealer (``tests.games.house.dealtoy``), so the framework's side is tested apart
from the dealers' own games' engine.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client

from games.engine import DEALER
from games.match import broadcast, dealing, selectors
from games.match.services import submission_submit, turn_close
from games.match.services.matches import match_start
from games.match.viewing import match_for_viewer
from games.models import Match, Message, Submission, Turn
from tests.factories import UserFactory, abc_match, users
from tests.games.house.dealtoy.engine import SLUG, dealer_game
from tests.trust.wsutil import communicator, drain

PLAYERS = ["ann", "bob", "cat"]

pytestmark = pytest.mark.usefixtures("memory_layer")


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    with dealer_game():
        yield


def _client(handle: str) -> Client:
    client = Client()
    client.force_login(UserFactory(username=handle))
    return client


def _match(*, hosts: list[str] = ("host",), players: list[str] = PLAYERS) -> Match:  # type: ignore[assignment]
    users(players)
    return match_start(game=SLUG, players=list(players), hosts=users(list(hosts)), seed="dealer-seat")


def _to_tally(match: Match, numbers: dict[str, int] | None = None) -> Turn:
    """Every player locks in a number; the close opens the dealer's tally turn."""
    numbers = numbers or {p: 10 * (i + 1) + 7 for i, p in enumerate(match.players)}
    for p in match.players:
        submission_submit(match_id=match.pk, player=p, move={"n": numbers[p]}, lock=True)
    turn_close(turn_id=Turn.objects.get(match=match, status=Turn.Status.OPEN).pk, force=True)  # on_commit's close
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    assert turn.awaiting == [DEALER]
    return turn


@pytest.mark.django_db
def test_a_host_who_does_not_play_sits_in_the_dealers_seat() -> None:
    match = _match()
    host = get_user_model().objects.get(username="host")
    assert selectors.viewer_handle(match, host) == DEALER
    viewer = match_for_viewer(match, host)
    assert viewer.role == selectors.Role.HOST and viewer.me == DEALER and viewer.is_dealer
    # The dealer's seat is not a player's: no seat, no username, not in the match's players.
    assert selectors.seat_of(match, host) is None
    assert DEALER not in selectors.seat_usernames(match) and DEALER not in match.players
    assert dealing.match_dealers(match) == [host]


@pytest.mark.django_db
def test_a_host_of_a_game_without_a_dealer_is_no_dealer() -> None:
    host = UserFactory(username="host")
    match = abc_match(hosts=[host])
    assert selectors.viewer_handle(match, host) is None
    assert match_for_viewer(match, host).me is None


@pytest.mark.django_db
def test_players_spectators_and_the_signed_out_never_sit_in_the_dealers_seat() -> None:
    match = _match()
    for handle in [*PLAYERS, "watcher"]:
        user = UserFactory(username=handle)
        assert selectors.viewer_handle(match, user) != DEALER
    assert selectors.viewer_handle(match, None) is None


@pytest.mark.django_db
def test_the_dealer_tallies_a_round_on_the_match_page(django_capture_on_commit_callbacks: Any) -> None:
    match = _match()
    _to_tally(match, {"ann": 17, "bob": 27, "cat": 37})
    host = _client("host")
    page = host.get(f"/matches/{match.pk}/").content.decode()
    assert "you deal this match" in page and "Your move as the dealer" in page
    assert "'n': 27" in html.unescape(page) and "'n': 37" in html.unescape(page)  # every submission of the round
    move = {"announcement": "Round 1: bob wins the round.", "private": {"cat": "Only cat reads this line."}}
    with django_capture_on_commit_callbacks(execute=True):  # the last lock-in closes the turn after commit
        answer = host.post(
            f"/matches/{match.pk}/submit/", {"move_json": json.dumps(move), "lock": "1", "turn": "2"}, follow=True
        )
    assert answer.status_code == 200
    assert Submission.objects.get(turn__match=match, turn__number=2).player == DEALER
    assert Turn.objects.get(match=match, number=2).status == Turn.Status.CLOSED
    for handle in PLAYERS:
        text = _client(handle).get(f"/matches/{match.pk}/").content.decode()
        assert "Round 1: bob wins the round." in text
        assert ("Only cat reads this line." in text) == (handle == "cat")


@pytest.mark.django_db
def test_the_dealer_tallies_through_the_api(django_capture_on_commit_callbacks: Any) -> None:
    match = _match()
    _to_tally(match)
    host = _client("host")
    detail = host.get(f"/api/matches/{match.pk}/").json()
    assert detail["me"] == DEALER and detail["role"] == "host" and "dealer" in detail["view"]
    with django_capture_on_commit_callbacks(execute=True):
        sent = host.post(
            f"/api/matches/{match.pk}/submit/",
            {"move": {"announcement": "Done.", "end": True}, "lock": True},
            content_type="application/json",
        )
    assert sent.status_code == 201, sent.content
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # The dealer is never named in the outcome the season gets.
    assert DEALER not in json.dumps(match.outcome)


@pytest.mark.django_db
def test_a_dealer_who_also_plays_is_refused_a_tally_of_their_own_match() -> None:
    """Issue 25: "a dealer who also plays is refused a tally of their own match"."""
    match = _match(hosts=["ann"])
    _to_tally(match, {"ann": 17, "bob": 27, "cat": 37})
    ann = _client("ann")
    assert selectors.viewer_handle(match, get_user_model().objects.get(username="ann")) == "ann"
    assert dealing.match_dealers(match) == []  # nobody is told a tally awaits them
    detail = ann.get(f"/api/matches/{match.pk}/").json()
    assert detail["me"] == "ann" and detail["role"] == "player" and "dealer" not in detail["view"]
    page = ann.get(f"/matches/{match.pk}/").content.decode()
    assert "Your move" not in page and "'n': 27" not in html.unescape(page)
    api = ann.post(
        f"/api/matches/{match.pk}/submit/", {"move": {"announcement": "I win."}}, content_type="application/json"
    )
    assert api.status_code == 409 and api.json()["code"] == "inactive_player"
    assert api.json()["detail"].endswith("it awaits the dealer.")
    form = ann.post(f"/matches/{match.pk}/submit/", {"move_json": json.dumps({"announcement": "I win."})})
    assert form.status_code == 302
    assert not Submission.objects.filter(turn__match=match, turn__number=2).exists()
    # Naming the seat outright does not help either: the service checks who plays it.
    with pytest.raises(Exception, match="not a player"):
        submission_submit(match_id=match.pk, player=DEALER, move={}, by=get_user_model().objects.get(username="ann"))


@pytest.mark.django_db
def test_nobody_but_a_host_moves_for_the_dealer() -> None:
    match = _match()
    _to_tally(match)
    for handle in ["watcher", "bob"]:
        r = _client(handle).post(
            f"/api/matches/{match.pk}/submit/", {"move": {"announcement": "x"}}, content_type="application/json"
        )
        assert r.status_code in (403, 409)
    assert Client().post(
        f"/api/matches/{match.pk}/submit/", {"move": {}}, content_type="application/json"
    ).status_code in (401, 403)
    assert not Submission.objects.filter(player=DEALER).exists()


@pytest.mark.django_db
def test_the_dealers_view_reaches_only_the_dealer() -> None:
    match = _match()
    _to_tally(match, {"ann": 17, "bob": 27, "cat": 37})
    hidden = "'n': 37"  # cat's number, in the dealer's view only
    for handle in ["ann", "bob", "watcher"]:
        client = _client(handle)
        assert "dealer" not in client.get(f"/api/matches/{match.pk}/").json()["view"]
        assert hidden not in html.unescape(client.get(f"/matches/{match.pk}/live/").content.decode())
    assert hidden not in html.unescape(Client().get(f"/matches/{match.pk}/").content.decode())


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_dealers_socket_joins_the_dealers_private_group_alone() -> None:
    match = await sync_to_async(_match)()
    cookies = {}
    for handle in ["host", "ann", "watcher"]:
        client = await sync_to_async(_client)(handle)
        cookies[handle] = f"sessionid={client.cookies['sessionid'].value}"
    socks = {h: communicator(f"/ws/matches/{match.pk}/", c) for h, c in cookies.items()}
    hellos = {}
    for handle, sock in socks.items():
        assert (await sock.connect())[0]
        hellos[handle] = await sock.receive_json_from()
    assert hellos["host"]["player"] == DEALER and "private_seq" in hellos["host"]
    assert hellos["ann"]["player"] == "ann" and hellos["watcher"]["player"] is None
    secret = "A line only the dealer may read."
    line = await sync_to_async(Message.objects.create)(match=match, seq=1, to=DEALER, text=secret)
    await sync_to_async(broadcast.send)(broadcast.turn_events(match=match, closed=None, messages=[line], opened=None))
    frames = {h: str(await drain(s)) for h, s in socks.items()}
    assert secret in frames["host"] and secret not in frames["ann"] and secret not in frames["watcher"]
    for sock in socks.values():
        await sock.disconnect()


@pytest.mark.django_db
def test_the_dealers_seat_is_no_entrant_and_its_dealer_is_told_of_the_tally(settings: Any) -> None:
    from seasons.models import Entrant, Notice
    from seasons.services import episode_start
    from seasons.services.reminders import deadline_reminders_send
    from tests.seasons.factories import started_season

    season = started_season(["ann", "bob", "cat", "dan"])
    episode = episode_start(season_id=season.pk, game=SLUG, players=["ann", "bob", "cat"], seed="ep")
    match = episode.mm_match
    assert match is not None and selectors.viewer_handle(match, season.hosts.get()) == DEALER
    _to_tally(match)
    assert not Notice.objects.filter(user__username=DEALER).exists()
    # The season's host, who deals, is told the tally awaits them; no player is.
    told = Notice.objects.filter(text__contains="dealer's tally awaits you, the dealer")
    assert list(told.values_list("user__username", flat=True)) == [season.hosts.get().username]
    tally = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    assert deadline_reminders_send(now=tally.deadline - timedelta(minutes=5)) == 1
    assert Notice.objects.get(kind="deadline").user == season.hosts.get()
    sub = submission_submit(match_id=match.pk, player=DEALER, move={"announcement": "Over.", "end": True}, lock=True)
    turn_close(turn_id=sub.turn.pk, force=True)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert not Entrant.objects.filter(user__username=DEALER).exists()
    assert DEALER not in json.dumps(match.outcome)


@pytest.mark.django_db
def test_the_dealers_dashboard_lists_the_turns_awaiting_them() -> None:
    match = _match()
    assert "Awaiting you as the dealer" not in _client("host").get("/me/").content.decode()
    _to_tally(match)
    page = _client("host").get("/me/").content.decode()
    assert "Awaiting you as the dealer" in page and "Round 1 · dealer&#x27;s tally" in page
    assert "Awaiting you as the dealer" not in _client("ann").get("/me/").content.decode()
    # A host who plays in the match deals nothing in it.
    playing = _match(hosts=["ann"], players=["ann", "bob"])
    _to_tally(playing)
    assert [r.match for r in dealing.dealer_rows(get_user_model().objects.get(username="ann"))] == []
