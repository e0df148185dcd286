"""The turn signal (issue 38): which turns await a player's move, as every page's title, favicon and nav show it,
where logging in lands, and the "your turn" push a new turn sends to the awaited players' pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.match import broadcast
from games.match.events import check_event
from games.match.presence import user_socket_seen
from games.match.services.seats import match_player_replace
from games.match.services.submissions import submission_submit
from games.match.waiting import turns_awaiting
from games.models import Match
from tests.alerts.frames import me_sockets_open
from tests.factories import UserFactory, abc_match

pytestmark = pytest.mark.django_db

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


def test_a_turn_awaits_the_x_alone_and_a_saved_move_ends_the_wait(match: Match) -> None:
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    waiting = turns_awaiting(ann)
    assert [(t.match_id, t.number, t.live) for t in waiting] == [(match.pk, 1, False)]
    assert turns_awaiting(bob) == []
    submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=False)
    assert turns_awaiting(ann) == []


def test_the_waiting_turns_are_one_query_whatever_the_number_of_matches() -> None:
    for i in range(4):
        abc_match(seed=f"s{i}")
    ann = UserFactory(username="ann")
    with CaptureQueriesContext(connection) as queries:
        waiting = turns_awaiting(ann)
    assert len(waiting) == 4 and len(queries) == 1
    assert [t.deadline for t in waiting] == sorted(t.deadline for t in waiting)


def test_a_replacement_is_awaited_in_the_seat_they_took(match: Match) -> None:
    host, zed = UserFactory(username="host", is_superuser=True), UserFactory(username="zed")
    match_player_replace(match_id=match.pk, seat="ann", user=zed, by=host, reason="left")
    assert [t.match_id for t in turns_awaiting(zed)] == [match.pk]
    assert turns_awaiting(UserFactory(username="ann")) == []
    submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=False)
    assert turns_awaiting(zed) == []


def test_every_page_shows_the_count_in_its_title_favicon_and_nav(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    html = client_for("ann").get(reverse("season_list")).content.decode()
    assert "<title>(1) Your move · " in html
    assert "favicon-turn" in html and 'href="/me/#your-turn"' in html
    html = client_for("bob").get(reverse("season_list")).content.decode()
    assert "Your move ·" not in html.split("</title>")[0] and 'class="turn-badge badge" hidden' in html


def test_the_nav_adds_one_query_to_a_page(match: Match, client_for: Callable[[str], Client]) -> None:
    ann = client_for("ann")
    ann.get(reverse("season_list"))  # warm the session cache
    with CaptureQueriesContext(connection) as queries:
        ann.get(reverse("season_list"))
    mine = [q["sql"] for q in queries if "games_submission" in q["sql"]]
    assert len(mine) == 1


def test_the_dashboard_lists_the_waiting_turns_first(match: Match, client_for: Callable[[str], Client]) -> None:
    html = client_for("ann").get(reverse("games:dashboard")).content.decode()
    section = html.split('id="your-turn"')[1].split("</section>")[0]
    assert f'href="/matches/{match.pk}/"' in section and "Round 1" in section


def test_logging_in_lands_on_the_match_awaiting_you(match: Match) -> None:
    UserFactory(username="ann")
    client = Client()
    r = client.post(reverse("accounts:login"), {"username": "ann", "password": "garnet-pass-1"}, follow=True)
    assert r.redirect_chain[-1][0] == f"/matches/{match.pk}/"
    UserFactory(username="bob")
    r = Client().post(reverse("accounts:login"), {"username": "bob", "password": "garnet-pass-1"}, follow=True)
    assert r.redirect_chain[-1][0] == reverse("games:dashboard")


def test_the_waiting_turns_as_json(match: Match, client_for: Callable[[str], Client]) -> None:
    body = client_for("ann").get(reverse("alerts:turns")).json()
    assert body["turns"][0]["match"] == match.pk and body["turns"][0]["url"] == f"/matches/{match.pk}/"


@pytest.mark.django_db(transaction=True)
def test_a_new_turn_pushes_your_turn_to_each_awaited_players_socket(monkeypatch: Any) -> None:
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: sent.extend(events) or 0)
    users = {u: UserFactory(username=u) for u in ["ann", "bob", "cat", "dan", "eve"]}
    me_sockets_open()
    match = abc_match()
    pushes = [p for g, p in sent if g == broadcast.group_user(users["ann"].pk) and p.get("event") == "your_turn"]
    assert pushes and pushes[0]["match"] == match.pk and pushes[0]["url"] == f"/matches/{match.pk}/"
    # The frame the socket sends (all but the channel layer's "type") is the one games/match/events.py declares.
    assert check_event({k: v for k, v in pushes[0].items() if k != "type"}) == "your_turn"
    sent.clear()
    submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True)
    from games.match.services.turns import turn_close

    turn = match.turns.get(number=1)
    turn_close(turn_id=turn.pk, force=True)
    groups = {g for g, p in sent if p.get("event") == "your_turn"}
    assert broadcast.group_user(users["bob"].pk) in groups and broadcast.group_user(users["ann"].pk) not in groups


def test_a_player_with_no_notice_socket_gets_no_frame_but_still_a_web_push(
    monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Issue 45: a frame to a user's /ws/me/ group with no socket in it reaches nobody, so a turn alert sends its
    frames only to the awaited players whose socket is open; the Web Push (for players with no page open) still
    goes to every awaited player."""
    sent: list[tuple[str, dict[str, Any]]] = []
    pushed: list[list[int]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: sent.extend(events) or 0)
    monkeypatch.setattr("alerts.services.push_dispatch", lambda *, user_ids, payload: pushed.append(user_ids))
    users = {u: UserFactory(username=u) for u in ["ann", "bob", "cat", "dan", "eve"]}
    user_socket_seen(user_id=users["bob"].pk)
    with django_capture_on_commit_callbacks(execute=True):
        match = abc_match()
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True)
    groups = {g for g, p in sent if p.get("event") in ("your_turn", "turn_done")}
    assert groups == {broadcast.group_user(users["bob"].pk)}
    awaited = {users[u].pk for u in ["bob", "cat", "dan", "eve"]}
    assert awaited <= {uid for ids in pushed for uid in ids}


def test_a_close_reads_its_players_for_the_alerts_after_its_commit(
    monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """A close holds its turn's and match's row locks until its commit, and every other seat's submit waits on them
    (issue 45): the users that turn_done and your_turn go to are read after the commit, not under the locks."""
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: sent.extend(events) or 0)
    users = {u: UserFactory(username=u) for u in ["ann", "bob", "cat", "dan", "eve"]}
    me_sockets_open()
    match = abc_match()
    from games.match.services.turns import turn_close

    turn = match.turns.get(number=1)
    with django_capture_on_commit_callbacks() as callbacks, CaptureQueriesContext(connection) as locked:
        turn_close(turn_id=turn.pk, force=True)
    assert not [q for q in locked if "games_seat" in q["sql"]]
    sent.clear()
    with CaptureQueriesContext(connection) as committed:
        for callback in callbacks:
            callback()
    assert len([q for q in committed if "games_seat" in q["sql"]]) == 1  # one read for both alerts
    events = {(g, p["event"]) for g, p in sent if p.get("type") == "user.notify"}
    assert (broadcast.group_user(users["ann"].pk), "turn_done") in events
    assert (broadcast.group_user(users["bob"].pk), "your_turn") in events


def test_a_close_pushes_its_own_frames_before_the_turn_alerts(
    monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Issue 45: the alerts' ``turn_done`` and ``your_turn`` go after the close's own frames (its pages, its lines,
    the next turn), so the match's pages move on first and the alerts' hops come after them."""
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: sent.extend(events) or 0)
    users = {u: UserFactory(username=u) for u in ["ann", "bob", "cat", "dan", "eve"]}
    me_sockets_open()
    match = abc_match()
    from games.match.services.turns import turn_close

    turn = match.turns.get(number=1)
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        turn_close(turn_id=turn.pk, force=True)
    alerts = [p.get("type") == "user.notify" for _g, p in sent]
    assert True in alerts and False in alerts
    assert alerts == sorted(alerts)  # every frame of the match's groups before the first alert
    assert (broadcast.group_user(users["bob"].pk), "your_turn") in {(g, p.get("event")) for g, p in sent}
