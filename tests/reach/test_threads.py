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
    assert "stays out of the season's public archive unless you choose" in page.content.decode()  # told when writing
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
    with mock.patch("games.match.broadcast.send") as send:
        _client("ann").post(reverse("reach:match_thread", args=[match.pk]), {"text": "a private question"})
    events = [e for call in send.call_args_list for e in call.args[0]]
    host = user("host")
    assert [g for g, _ in events] == [f"user-{host.pk}"]
    assert events[0][1]["kind"] == "thread" and "a private question" not in json.dumps(events)
    thread = Thread.objects.get()
    with mock.patch("games.match.broadcast.send") as send:
        _client("host").post(reverse("reach:host_thread", args=[thread.pk]), {"text": "an answer"})
    events = [e for call in send.call_args_list for e in call.args[0]]
    assert [g for g, _ in events] == [f"user-{user('ann').pk}"]


def test_a_season_thread_and_the_archive_once_the_season_is_over(season_match: tuple[Any, Any]) -> None:
    """ "Both go into the season archive when the season is over, threads included" (a thread its player chose
    to publish: reach/RULES.md, issue 28)."""
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
    _client("bob").post(reverse("reach:season_thread", args=[season.slug]), {"publish_choice": "1", "publish": "on"})
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


def _finish(season: Any, match: Any) -> None:
    from games.models import Match

    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED)  # a season finishes with no match open
    type(season).objects.filter(pk=season.pk).update(champion=season.entrants.first())
    season_finish(season_id=season.pk, user=user("host"), reason="the end")
    season.refresh_from_db()


def test_publishing_a_thread_private_threads_stay_out_of_the_archive_unless_the_player_publishes(
    season_match: tuple[Any, Any],
) -> None:
    """reach/RULES.md, "Publishing a thread": "A thread is left out of the season's public archive (JSON, Markdown
    and the HTML bundle ...) unless its player chose to publish it ... off by default"."""
    import io
    import zipfile

    from story.bundle import season_bundle

    season, match = season_match
    _client("ann").post(reverse("reach:match_thread", args=[match.pk]), {"text": "my secret plan: betray bob"})
    _client("bob").post(reverse("reach:season_thread", args=[season.slug]), {"text": "may I publish this?"})
    bob = _client("bob")
    page = bob.post(reverse("reach:season_thread", args=[season.slug]), {"publish_choice": "1", "publish": "on"})
    assert page.status_code == 302 and Thread.objects.get(player=user("bob")).publish
    assert "checked" in bob.get(reverse("reach:season_thread", args=[season.slug])).content.decode()
    _finish(season, match)
    data = season_archive(season)
    assert [t["player"] for t in data["dealer_threads"]] == ["bob"]
    markdown = season_archive_markdown(season)
    assert "may I publish this?" in markdown and "secret plan" not in markdown
    with zipfile.ZipFile(io.BytesIO(season_bundle(season))) as z:
        everything = " ".join(z.read(n).decode(errors="replace") for n in z.namelist())
    assert "secret plan" not in everything and "may I publish this?" in everything
    assert "secret plan" not in json.dumps(data)


def test_publishing_a_thread_only_the_player_decides_and_the_choice_stands_once_the_season_is_over(
    season_match: tuple[Any, Any],
) -> None:
    """ "Only the player decides, never a host ... once the season is finished its archive is out and the choice
    stands"."""
    from reach.services import ReachError
    from reach.services.threads import thread_publish_set

    season, match = season_match
    _client("ann").post(reverse("reach:match_thread", args=[match.pk]), {"text": "a question"})
    thread = Thread.objects.get(player=user("ann"))
    with pytest.raises(ReachError, match="Only the player who asked decides"):
        thread_publish_set(thread=thread, user=user("host"), publish=True)
    host_page = _client("host").post(
        reverse("reach:host_thread", args=[thread.pk]), {"publish_choice": "1", "publish": "on"}
    )
    assert host_page.status_code == 302
    thread.refresh_from_db()
    assert not thread.publish
    thread_publish_set(thread=thread, user=user("ann"), publish=True)
    thread_publish_set(thread=thread, user=user("ann"), publish=False)  # changed her mind while the season runs
    _finish(season, match)
    with pytest.raises(ReachError, match="the choice stands"):
        thread_publish_set(thread=thread, user=user("ann"), publish=True)
    assert season_archive(season)["dealer_threads"] == []
