"""Discord: public announcements as embeds to a webhook on loopback; idempotent, 429 and 5xx handled."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.conf import settings

from games.match.services import submission_submit, turn_close
from games.models import Message, Turn
from reach.markdown import markdown_escape
from reach.models import Delivery
from reach.services.discord import announcement_queue, delivery_attempt, season_channel_set
from reach.tasks import discord_deliver
from tests.reach.conftest import FakeDiscord
from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db(transaction=True)


def _season_on(fake: FakeDiscord) -> Any:
    season = started_season()
    season_channel_set(season=season, discord_webhook=fake.url)
    return season


def test_public_announcements_post_as_embeds_with_a_link_back(fake_discord: FakeDiscord) -> None:
    """ "episode start ... posted there as embeds with a link back to the page"."""
    season = _season_on(fake_discord)
    match = abc_episode(season).mm_match
    assert fake_discord.titles == ["Episode 1 begins"]
    embed = fake_discord.posts[0]["embeds"][0]
    assert embed["url"] == f"{settings.GARNET_SITE_URL}/matches/{match.pk}/"
    assert "ann, bob, cat, dan, eve" in embed["description"]
    assert fake_discord.posts[0]["allowed_mentions"] == {"parse": []}
    assert Delivery.objects.get().status == Delivery.Status.SENT


def test_a_round_s_public_results_go_out_and_nothing_private(fake_discord: FakeDiscord) -> None:
    """ "each round's public results" — "Nothing private ever goes to a webhook"."""
    season = _season_on(fake_discord)
    match = abc_episode(season).mm_match
    submission_submit(match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]}, lock=True)
    turn = Turn.objects.get(match=match, status="open")
    for p in ("bob", "cat", "dan", "eve"):
        submission_submit(match_id=match.pk, player=p, move={"action": "betray" if p == "bob" else "ally"}, lock=True)
    assert Turn.objects.get(pk=turn.pk).status == "closed"
    results = [p for p in fake_discord.posts if "results" in p["embeds"][0]["title"]]
    assert len(results) == 2  # the pairing turn and the actions turn
    sent = " ".join(p["embeds"][0]["description"] for p in fake_discord.posts)
    private = list(Message.objects.filter(match=match, to__isnull=False).values_list("text", flat=True))
    public = list(Message.objects.filter(match=match, to__isnull=True).values_list("text", flat=True))
    # Public lines go out as inert Markdown (issue 40: a line may hold a player's free text).
    assert public and all(markdown_escape(line) in sent for line in public)
    assert all(markdown_escape(line) not in sent for line in private if line not in public)


def test_one_post_per_announcement_however_often_the_task_runs(fake_discord: FakeDiscord) -> None:
    """ "idempotent (one post per announcement however often the task runs)"."""
    season = _season_on(fake_discord)
    abc_episode(season)
    delivery = Delivery.objects.get()
    for _ in range(3):
        discord_deliver.apply(args=[delivery.pk])
    assert len(fake_discord.posts) == 1
    assert announcement_queue(season=season, key=delivery.key, title="again") is None


def test_a_429_waits_as_long_as_retry_after_says(fake_discord: FakeDiscord) -> None:
    """ "honour Discord's 429 retry_after"."""
    season = _season_on(fake_discord)
    fake_discord.script = [(429, {"message": "You are being rate limited.", "retry_after": 1.5, "global": False})]
    delivery = Delivery.objects.create(season=season, key="k-429", payload={"embeds": [{"title": "t"}]})
    first = delivery_attempt(delivery_id=delivery.pk)
    assert (first.done, first.retry_in, first.status) == (False, 1.5, 429)
    assert Delivery.objects.get(pk=delivery.pk).status == Delivery.Status.PENDING
    assert delivery_attempt(delivery_id=delivery.pk).done
    assert Delivery.objects.get(pk=delivery.pk).status == Delivery.Status.SENT
    assert len(fake_discord.posts) == 2


def test_the_task_retries_a_429_then_posts(fake_discord: FakeDiscord) -> None:
    """The Celery task itself retries after a 429 and the announcement ends up sent once."""
    season = _season_on(fake_discord)
    fake_discord.script = [(429, {"retry_after": 0.2, "global": False})]
    with mock.patch.object(discord_deliver, "retry", wraps=discord_deliver.retry) as retry:
        abc_episode(season)
    assert retry.call_args.kwargs["countdown"] == 0.2
    assert Delivery.objects.get().status == Delivery.Status.SENT
    assert fake_discord.titles == ["Episode 1 begins", "Episode 1 begins"]


def test_a_5xx_is_retried_with_backoff(fake_discord: FakeDiscord) -> None:
    """ "retry on 5xx with backoff"."""
    season = _season_on(fake_discord)
    fake_discord.script = [(500, None), (502, None)]
    delivery = Delivery.objects.create(season=season, key="k-500", payload={"embeds": [{"title": "t"}]})
    waits = [delivery_attempt(delivery_id=delivery.pk).retry_in for _ in range(2)]
    assert waits == [2.0, 4.0]
    assert delivery_attempt(delivery_id=delivery.pk).done
    row = Delivery.objects.get(pk=delivery.pk)
    assert (row.status, row.attempts) == (Delivery.Status.SENT, 3)


def test_without_a_webhook_nothing_is_queued() -> None:
    """ "skips webhooks when none is set"."""
    season = started_season()
    abc_episode(season)
    assert not Delivery.objects.exists()


def test_a_failing_announcement_never_blocks_a_turn_close(fake_discord: FakeDiscord) -> None:
    """ "never block a turn close": even an announcement that raises leaves the turn closed."""
    season = _season_on(fake_discord)
    match = abc_episode(season).mm_match
    turn = Turn.objects.get(match=match, status="open")
    with mock.patch("reach.announce.announcement_queue", side_effect=RuntimeError("discord is down")):
        assert turn_close(turn_id=turn.pk, force=True)
    assert Turn.objects.filter(match=match, number=2, status="open").exists()


def test_an_unreachable_webhook_leaves_the_delivery_pending_for_retry(fake_discord: FakeDiscord) -> None:
    """No answer at all counts like a 5xx: retried with backoff, the error kept for the host."""
    season = _season_on(fake_discord)
    season_channel_set(season=season, discord_webhook="http://127.0.0.1:9/api/webhooks/1/token")
    delivery = Delivery.objects.create(season=season, key="k-down", payload={"embeds": [{"title": "t"}]})
    result = delivery_attempt(delivery_id=delivery.pk)
    assert not result.done and result.retry_in == 2.0
    assert "no answer" in Delivery.objects.get(pk=delivery.pk).last_error
