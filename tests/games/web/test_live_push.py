"""Pushed pages: an edge on the live path (the submit, the deadline task, the host's close) hands the close a
``live.ClosePages``, which draws every seat's page and the spectators' once from the close's value and pushes
them, so no page fetches after a close; a sweep's batch, and any close given no drawer, only says what changed."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.match import broadcast
from games.match.presence import groups_listening, presence_join, presence_leave
from games.match.services import submission_submit, turn_close, turns_close_due
from games.models import Match, Message, Turn
from games.web import live
from tests.factories import UserFactory, abc_match
from tests.trust.wsutil import unbatch_pushes

pytestmark = pytest.mark.django_db(transaction=True)  # pushes leave after commit, as in production

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
ROOT = re.compile(r'<div class="live-root".*</div>', re.S)
CSRF_FIELD = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[broadcast.Event]:
    """Every push to a match's groups, as sent after commit (a user's own group, where a new turn tells its
    awaited players "your turn" (the alerts app), is no part of the match's pushes)."""
    out: list[broadcast.Event] = []

    def send(events: Any) -> int:
        out.extend(e for e in unbatch_pushes(events) if not e[0].startswith("user-"))
        return 0

    monkeypatch.setattr(broadcast, "send", send)
    return out


def _lock_in_the_x(match: Match) -> None:
    """The X's lock-in, as an edge on the live path makes it (the pages drawn for its close)."""
    submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True, draw=live.ClosePages())


def _root(html: str) -> str:
    """The live part's root of a fetched page, less its CSRF field (a pushed form posts through htmx,
    which sends the page's token as a header)."""
    found = ROOT.search(CSRF_FIELD.sub("", html))
    assert found, html[:300]
    return found.group(0)


def test_a_close_pushes_every_seat_its_own_page_and_the_spectators_theirs(sent: list[broadcast.Event]) -> None:
    """One page per seat to that seat's group, one to the watchers' group, none to the public group."""
    match = abc_match()
    _lock_in_the_x(match)
    pages = {group: payload for group, payload in sent if payload["event"] == "live"}
    expected = {broadcast.group_player(match.pk, p) for p in match.players} | {broadcast.group_watch(match.pk)}
    assert set(pages) == expected
    match.refresh_from_db()
    awaited = Turn.objects.get(match=match, number=2).awaiting
    for p in match.players:
        payload = pages[broadcast.group_player(match.pk, p)]
        assert payload["seq"] == match.last_seq and "private_seq" in payload
        assert 'data-turn="2"' in payload["html"]
        assert ('id="move-form-2"' in payload["html"]) == (p in awaited)
    assert "private_seq" not in pages[broadcast.group_watch(match.pk)]
    assert "move-form" not in pages[broadcast.group_watch(match.pk)]["html"]


def test_each_seat_gets_one_frame_with_its_page_before_the_public_one_with_the_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A close sends one frame per group: each seat its page (which holds every line, so no private line events
    with it), the watchers theirs, and last the public group its lines and the turn event, which a page that took
    its push then finds already shown."""
    frames: list[broadcast.Event] = []
    # (A user's own group gets "your turn" in a send of its own: no part of the match's frames.)
    monkeypatch.setattr(
        broadcast, "send", lambda events: frames.extend(e for e in events if not e[0].startswith("user-")) or 0
    )
    match = abc_match()
    _lock_in_the_x(match)
    groups = [group for group, _payload in frames]
    assert len(groups) == len(set(groups)), "one frame per group"
    public = broadcast.group_public(match.pk)
    assert groups[-1] == public
    for group, payload in frames[:-1]:
        assert payload["event"] == "live", (group, payload["event"])
    last = frames[-1][1]
    assert last["event"] == "batch"
    kinds = [event["event"] for event in last["events"]]
    assert kinds[-1] == "turn" and set(kinds[:-1]) == {"message"}
    assert all("type" not in event for event in last["events"])


def test_each_pushed_page_is_the_page_that_viewer_would_fetch(
    sent: list[broadcast.Event], client_for: Callable[[str], Client]
) -> None:
    """The pushed page of a seat is its own ``/live/`` page (everything the page tests prove holds for it),
    and the spectators' is an anonymous visitor's (the host's, with every seat's view, is never pushed)."""
    match = abc_match()
    _lock_in_the_x(match)
    pages = {group: payload["html"] for group, payload in sent if payload["event"] == "live"}
    live_url = reverse("games:match_live", args=[match.pk])
    for p in match.players:
        fetched = client_for(p).get(live_url).content.decode()
        assert pages[broadcast.group_player(match.pk, p)].strip() == _root(fetched)
    assert pages[broadcast.group_watch(match.pk)].strip() == _root(Client().get(live_url).content.decode())


def test_a_pushed_page_shows_no_other_seats_private_lines(sent: list[broadcast.Event]) -> None:
    """Each seat's page carries its own private lines and nobody else's; the spectators' page carries none."""
    match = abc_match()
    _lock_in_the_x(match)
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    for p in turn.awaiting:
        submission_submit(
            match_id=match.pk, player=p, move={"action": "betray", "double": False}, lock=True, draw=live.ClosePages()
        )
    private = {p: set(Message.objects.filter(match=match, to=p).values_list("text", flat=True)) for p in match.players}
    assert any(private.values()), "the round should have told someone something privately"
    for group, payload in sent:
        if payload["event"] != "live":
            continue
        owner = next((p for p in match.players if broadcast.group_player(match.pk, p) == group), None)
        for p, texts in private.items():
            for text in texts:
                shown = text in payload["html"] or text.replace("'", "&#x27;") in payload["html"]
                assert not shown or p == owner, f"{p}'s private line reached {owner or 'the spectators'}"


def test_the_closing_lock_in_answers_with_the_page_its_close_drew(
    sent: list[broadcast.Event], client_for: Callable[[str], Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player whose lock-in closed the turn gets the page pushed to their seat, with the answer on top,
    drawn once: the submit draws no second page."""
    match = abc_match()
    drawn: list[str | None] = []
    real = live.live_root_render
    monkeypatch.setattr(live, "live_root_render", lambda viewer: drawn.append(viewer.me) or real(viewer))
    r = client_for("ann").post(
        reverse("games:match_submit", args=[match.pk]),
        {"move_json": '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}', "lock": "1", "turn": "1"},
        HTTP_HX_REQUEST="true",
    )
    html = r.content.decode()
    assert r.status_code == 200 and r["X-Garnet-Fragment"] == "live"
    assert 'data-result="saved"' in html and "Locked in." in html
    pushed = next(p["html"] for g, p in sent if g == broadcast.group_player(match.pk, "ann") and p["event"] == "live")
    assert html.endswith(pushed)
    assert sorted(drawn, key=str) == sorted([None, *match.players], key=str)  # once each, the closer's included


def test_a_sweep_only_says_what_changed(sent: list[broadcast.Event]) -> None:
    """A sweep closes 24-hour turns whose players are mostly away: it pushes the lines and the turn, and the
    pages that are open fetch themselves."""
    match = abc_match()
    turns_close_due(now=timezone.now() + timedelta(days=2))
    assert Turn.objects.get(match=match, number=1).status == Turn.Status.CLOSED
    assert sent and not [p for _g, p in sent if p["event"] == "live"]


def test_the_deadline_task_and_the_host_close_push_pages_too(sent: list[broadcast.Event]) -> None:
    """Every edge on the live path (the last lock-in, the deadline task, the host's "close now") pushes pages,
    between the close's lines and its turn event."""
    from games.match.services import turn_close_now
    from games.tasks import turn_close_task

    match = abc_match()
    turn = Turn.objects.get(match=match, number=1)
    Turn.objects.filter(pk=turn.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert turn_close_task(turn.pk) is True
    assert {g for g, p in sent if p["event"] == "live"} >= {broadcast.group_watch(match.pk)}
    assert [p["event"] for _g, p in sent][-1] == "turn"
    sent.clear()
    host = UserFactory(username="hostess", is_superuser=True)
    closed = turn_close_now(match_id=match.pk, user=host, reason="r", draw=live.ClosePages())
    assert closed is not None and closed.number == 2
    assert {g for g, p in sent if p["event"] == "live"} >= {broadcast.group_watch(match.pk)}
    # The close returns the pages it pushed, in its value: each seat's as its socket got it.
    pushed = {g: p["html"] for g, p in sent if p["event"] == "live"}
    assert closed.pages and all(pushed[g] == p["html"] for g, p in closed.pages)
    seat = closed.seats[0]
    assert closed.page_for(seat) == pushed[broadcast.group_player(match.pk, seat)]


def test_a_close_given_no_drawer_sends_its_data_once_after_commit(sent: list[broadcast.Event]) -> None:
    """Whoever calls the close, its lines and its turn event leave after its commit, once; with no pages."""
    match = abc_match()
    closed = turn_close(turn_id=Turn.objects.get(match=match, number=1).pk, force=True)
    assert closed is not None and closed.pages == () and closed.page_for(closed.seats[0]) is None
    assert sent == unbatch_pushes(broadcast.frames(closed.events))
    assert turn_close(turn_id=closed.turn.pk, force=True) is None
    assert sent == unbatch_pushes(broadcast.frames(closed.events))  # the second call closed nothing and sent nothing


def test_a_page_that_cannot_be_drawn_still_lets_the_close_push_its_lines(
    sent: list[broadcast.Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing the pages is after commit and is no part of the close: if it fails, the lines and the turn
    event still go, and the pages fetch on the turn event as before."""

    def broken(closed: Any, *, keep: str | None = None) -> dict[str, broadcast.Event]:
        raise RuntimeError("a template error")

    monkeypatch.setattr(live, "close_page_events", broken)
    _lock_in_the_x(abc_match())
    kinds = {payload["event"] for _group, payload in sent}
    assert "live" not in kinds and {"message", "turn"} <= kinds


def test_the_host_socket_does_not_join_the_watchers_group() -> None:
    """A host's page shows every seat's view: it never takes the spectators' page (it fetches its own)."""
    from asgiref.sync import async_to_sync

    from games.web.consumers import MatchConsumer

    host = UserFactory(username="hostess", is_superuser=True)
    match = abc_match(hosts=[host])
    joined: dict[str, list[str]] = {}

    class Probe(MatchConsumer):
        async def accept(self, subprotocol: Any = None, headers: Any = None) -> None:
            return None

        async def send_json(self, content: Any, close: bool = False) -> None:
            joined[self.scope["who"]] = list(self.groups_joined)  # the hello: every group is joined by then

    class Layer:  # a spectator joins through its process's crowd channel (games.web.crowd), which reads it
        async def new_channel(self) -> str:
            return "crowd"

        async def receive(self, channel: str) -> dict[str, Any]:
            await asyncio.Event().wait()
            return {}

        async def group_add(self, group: str, channel: str) -> None:
            return None

        async def group_discard(self, group: str, channel: str) -> None:
            return None

    for who, user in (("host", host), ("spectator", UserFactory(username="watcher")), ("ann", None)):
        if user is None:
            user = type(host).objects.get(username="ann")
        consumer = Probe()
        consumer.scope = {"url_route": {"kwargs": {"pk": match.pk}}, "user": user, "who": who}
        consumer.channel_layer = Layer()
        consumer.channel_name = "probe"

        async def visit(consumer: Probe = consumer) -> None:
            await consumer.connect()
            await consumer.disconnect(1000)

        async_to_sync(visit)()
    assert broadcast.group_watch(match.pk) not in joined["host"]
    assert broadcast.group_watch(match.pk) in joined["spectator"]
    assert broadcast.group_player(match.pk, "ann") in joined["ann"]
    assert broadcast.group_watch(match.pk) not in joined["ann"]


def test_a_close_draws_pages_only_for_the_groups_someone_listens_to(sent: list[broadcast.Event]) -> None:
    """Where the listeners are counted, a seat or the watchers' group with no socket gets no page (its page,
    opened later, fetches); where nobody knows who listens, every page is drawn."""
    match = abc_match()
    presence_join(match_id=match.pk, groups=[broadcast.group_public(match.pk), broadcast.group_player(match.pk, "bob")])
    _lock_in_the_x(match)
    assert {g for g, p in sent if p["event"] == "live"} == {broadcast.group_player(match.pk, "bob")}
    assert [p for _g, p in sent if p["event"] == "turn"], "the turn event still goes to everyone"


def test_the_closers_answer_shows_the_next_turn_even_when_its_socket_is_away(
    sent: list[broadcast.Event], client_for: Callable[[str], Client]
) -> None:
    """The submit whose lock-in closed the turn answers with its seat's page whether or not a socket listens
    for it: the close draws that seat's page in any case, for a move posted as JSON too (it names no seat: the
    seat is the poster's), and the answer is that page, drawn once."""
    match = abc_match()
    presence_join(match_id=match.pk, groups=[broadcast.group_watch(match.pk)])
    r = client_for("ann").post(
        reverse("games:match_submit", args=[match.pk]),
        {"move_json": '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}', "lock": "1", "turn": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert r.status_code == 200 and 'data-turn="2"' in r.content.decode() and "Locked in." in r.content.decode()
    pages = {g: p for g, p in sent if p["event"] == "live"}
    assert set(pages) == {broadcast.group_watch(match.pk), broadcast.group_player(match.pk, "ann")}
    assert _root(pages[broadcast.group_player(match.pk, "ann")]["html"]) in r.content.decode()


def test_listeners_are_counted_as_sockets_join_and_leave() -> None:
    """A count per group: joins raise it, leaves lower it (never below none), and a match nobody joined is
    unknown (every page is drawn)."""
    assert groups_listening(match_id=987654) is None
    presence_join(match_id=987654, groups=["a", "b"])
    presence_join(match_id=987654, groups=["a"])
    presence_leave(match_id=987654, groups=["a", "b"])
    assert groups_listening(match_id=987654) == {"a"}
    presence_leave(match_id=987654, groups=["a", "a"])
    assert groups_listening(match_id=987654) == set()


def test_a_listener_count_never_hides_a_listener_after_a_lost_join() -> None:
    """A leave whose join was lost (the counts were emptied while the socket was open) never leaves a count
    below zero, so the next socket to join is counted as listening."""
    presence_leave(match_id=987655, groups=["a"])
    presence_join(match_id=987655, groups=["a"])
    assert groups_listening(match_id=987655) == {"a"}


def test_listeners_are_counted_atomically_in_redis_where_the_cache_is_redis() -> None:
    """With a Redis cache the counts are a Redis hash changed by HINCRBY (joins from many threads and processes
    at once lose nothing), not a value read and written back."""
    from django.core.cache import caches

    from core.cache import redis_client
    from games.match import presence

    client = redis_client()
    if client is None:
        pytest.skip("the cache is not Redis here (the embedded default counts in its one process)")
    presence_join(match_id=987656, groups=["a", "b"])
    key = caches["default"].make_key(presence._key(987656))
    assert client.type(key) in (b"hash", "hash")
    assert groups_listening(match_id=987656) == {"a", "b"}
