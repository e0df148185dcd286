"""Ask the dealer: a private thread per player and match (or season) with its hosts; the host's inbox."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from reach.models import Post, Thread
from reach.selectors import inbox_threads
from seasons.archive import season_archive, season_archive_markdown
from seasons.services.seasons import season_finish
from tests.seasons.factories import abc_episode, started_season, user

pytestmark = pytest.mark.django_db(transaction=True)


def _client(handle: str) -> Client:
    c = Client()
    c.force_login(user(handle))
    return c


@pytest.fixture
def season_match() -> tuple[Any, Any]:
    season = started_season()
    return season, abc_episode(season).mm_match


def test_a_player_asks_the_dealer_and_the_host_answers_from_the_inbox(season_match: tuple[Any, Any]) -> None:
    """ "a private thread between each player and the hosts ... the host sees all threads in one inbox
    with unread counts and answers from there"."""
    _season, match = season_match
    ann = _client("ann")
    page = ann.get(reverse("reach:match_thread", args=[match.pk]))
    assert "goes into the season's public archive" in page.content.decode()  # players are told so when they write
    r = ann.post(reverse("reach:match_thread", args=[match.pk]), {"text": "May X pair herself?"})
    assert r.status_code == 302
    ann.post(reverse("reach:match_thread", args=[match.pk]), {"text": "And can I double twice?"})
    host = _client("host")
    inbox = host.get(reverse("reach:inbox"))
    assert b"ann" in inbox.content and b"2 unread" in inbox.content
    thread = Thread.objects.get(player__username="ann", match=match)
    assert [t.unread for t in inbox_threads(user("host"))] == [2]
    host.post(reverse("reach:host_thread", args=[thread.pk]), {"text": "No: X pairs the others."})
    assert [t.unread for t in inbox_threads(user("host"))] == [0]
    assert list(thread.posts.values_list("from_host", flat=True)) == [False, False, True]
    mine = ann.get(reverse("reach:match_thread", args=[match.pk]))
    assert b"No: X pairs the others." in mine.content


def test_nobody_else_reads_a_thread_while_the_season_runs(season_match: tuple[Any, Any]) -> None:
    """ "Nobody else can read a thread while the season runs" (not another player, not a spectator)."""
    season, match = season_match
    _client("ann").post(reverse("reach:match_thread", args=[match.pk]), {"text": "secret question"})
    thread = Thread.objects.get()
    for handle in ("bob", "max", "zed"):
        c = Client()
        from tests.factories import UserFactory

        c.force_login(UserFactory(username=handle))
        for url in (reverse("reach:host_thread", args=[thread.pk]), reverse("reach:thread_posts", args=[thread.pk])):
            assert c.get(url).status_code == 404
        assert b"secret question" not in c.get(reverse("reach:match_thread", args=[match.pk])).content
        assert b"secret question" not in c.get(reverse("games:match", args=[match.pk])).content
    assert "secret question" not in json.dumps(season_archive(season))
    assert Client().get(reverse("reach:thread_posts", args=[thread.pk])).status_code == 302


def test_posts_are_pushed_to_the_other_side_without_their_text(season_match: tuple[Any, Any]) -> None:
    """ "live over the websocket": the hosts' and the player's own sockets get a nudge naming the thread."""
    _season, match = season_match
    with mock.patch("games.broadcast.send") as send:
        _client("ann").post(reverse("reach:match_thread", args=[match.pk]), {"text": "a private question"})
    events = [e for call in send.call_args_list for e in call.args[0]]
    host = user("host")
    assert [g for g, _ in events] == [f"user-{host.pk}"]
    assert events[0][1]["kind"] == "thread" and "a private question" not in json.dumps(events)
    thread = Thread.objects.get()
    with mock.patch("games.broadcast.send") as send:
        _client("host").post(reverse("reach:host_thread", args=[thread.pk]), {"text": "an answer"})
    events = [e for call in send.call_args_list for e in call.args[0]]
    assert [g for g, _ in events] == [f"user-{user('ann').pk}"]


def test_a_season_thread_and_the_archive_once_the_season_is_over(season_match: tuple[Any, Any]) -> None:
    """ "Both go into the season archive when the season is over, threads included"."""
    season, match = season_match
    _client("bob").post(reverse("reach:season_thread", args=[season.slug]), {"text": "When is episode 2?"})
    thread = Thread.objects.get(season=season, match__isnull=True)
    _client("host").post(reverse("reach:host_thread", args=[thread.pk]), {"text": "Tomorrow."})
    data = season_archive(season)
    assert data["dealer_threads"] == [] and data["dealer_threads_sealed"] is True
    from games.models import Match

    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED)  # a season finishes with no match open
    type(season).objects.filter(pk=season.pk).update(
        champion=season.entrants.first()
    )  # the Final is not this test's matter
    season_finish(season_id=season.pk, user=user("host"), reason="the end")
    season.refresh_from_db()
    data = season_archive(season)
    assert data["dealer_threads"][0]["player"] == "bob"
    assert [p["text"] for p in data["dealer_threads"][0]["posts"]] == ["When is episode 2?", "Tomorrow."]
    assert "When is episode 2?" in season_archive_markdown(season)


def test_only_players_write_and_empty_messages_are_refused(season_match: tuple[Any, Any]) -> None:
    """A spectator has no thread on a match; an empty message is refused with a clear word, not a 500."""
    _season, match = season_match
    from tests.factories import UserFactory

    c = Client()
    c.force_login(UserFactory(username="zed"))
    assert c.post(reverse("reach:match_thread", args=[match.pk]), {"text": "hi"}).status_code == 404
    r = _client("ann").post(reverse("reach:match_thread", args=[match.pk]), {"text": "  "})
    assert r.status_code == 200 and b"write your message first" in r.content
    assert not Post.objects.exists()


def test_the_demo_season_has_threads_and_a_clarification_to_look_at() -> None:
    """Done means: "the demo season has threads and a clarification to look at" (idempotent)."""
    from django.core.management import call_command

    from reach.models import Clarification

    call_command("demo_season")
    call_command("demo_reach")
    call_command("demo_reach")
    assert Thread.objects.count() == 3 and Clarification.objects.count() == 1
    assert sorted(t.unread for t in inbox_threads(user("host"))) == [1, 1, 1]  # ann wrote again after the answer
    assert (
        b"X may not pair themself"
        in Client().get(reverse("games:match", args=[Clarification.objects.get().match_id])).content
    )
