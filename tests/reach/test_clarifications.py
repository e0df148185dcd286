"""Clarifications and amendments: public, pinned, in the log, live, on Discord and in the archive."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import OptionSpec
from games.match import broadcast
from games.models import HostAction, Match, Message, Turn
from games.registry import get_engine
from reach.models import Clarification
from reach.services import ReachError
from reach.services.clarify import clarification_post
from reach.services.discord import season_channel_set
from seasons.archive import season_archive, season_archive_markdown
from tests.reach.conftest import FakeDiscord
from tests.seasons.factories import abc_episode, started_season, user

pytestmark = pytest.mark.django_db(transaction=True)


def _host() -> Client:
    c = Client()
    c.force_login(user("host"))
    return c


def test_a_clarification_is_pinned_logged_pushed_announced_and_archived(fake_discord: FakeDiscord) -> None:
    """ "it is public, pinned above the match's rules panel with its time, pushed live, listed in the
    match log and in the archive"."""
    season = started_season()
    season_channel_set(season=season, discord_webhook=fake_discord.url)
    match = abc_episode(season).mm_match
    with mock.patch("games.match.broadcast.send") as send:
        r = _host().post(reverse("reach:clarify_match", args=[match.pk]), {"text": "X may not pair herself."})
    assert r.status_code == 302
    page = Client().get(reverse("games:match", args=[match.pk])).content.decode()
    assert "From the dealer" in page and "X may not pair herself." in page and "localtime" in page
    assert page.index("From the dealer") < page.index("game-view")  # pinned above the game's panels
    line = Message.objects.filter(match=match, to__isnull=True).order_by("-seq").first()
    assert line.text == "Clarification: X may not pair herself."
    events = [e for call in send.call_args_list for e in call.args[0]]
    assert (broadcast.group_public(match.pk), mock.ANY) in events
    assert "Clarification" in fake_discord.titles
    assert season_archive(season)["clarifications"][0]["text"] == "X may not pair herself."
    assert "X may not pair herself." in season_archive_markdown(season)


def test_a_season_clarification_shows_on_the_season_and_its_matches() -> None:
    """A host posts one "to a match or to the season"."""
    season = started_season()
    match = abc_episode(season).mm_match
    _host().post(reverse("reach:clarify_season", args=[season.slug]), {"text": "Garnets are public this season."})
    assert b"Garnets are public this season." in Client().get(reverse("season_home", args=[season.slug])).content
    assert b"Garnets are public this season." in Client().get(reverse("games:match", args=[match.pk])).content
    assert Message.objects.filter(match=match, text="Clarification: Garnets are public this season.").exists()


@pytest.fixture
def changeable_x_order() -> Any:
    """ABC declares no changeable option yet: declare its X order changeable for these tests."""
    engine = get_engine("abc")
    spec = OptionSpec("x_order", "players", label="X order", changeable=True)
    with mock.patch.object(type(engine), "options_schema", (spec,)):
        yield spec


def test_an_amendment_changes_a_changeable_option_for_the_rest_of_the_match(changeable_x_order: Any) -> None:
    """ "an amendment may also change a game option for the rest of the match when the engine declares
    that option changeable, as a logged host step"."""
    season = started_season()
    match = abc_episode(season).mm_match
    new_order = ["eve", "dan", "cat", "bob", "ann"]
    r = _host().post(
        reverse("reach:clarify_match", args=[match.pk]),
        {"text": "X order reversed after round 1.", "option_name": "x_order", "option_value": ", ".join(new_order)},
    )
    assert r.status_code == 302
    match.refresh_from_db()
    assert match.options["x_order"] == new_order and match.state["x_order"] == new_order
    assert Turn.objects.get(match=match, status="open").state_before["x_order"] == new_order
    step = HostAction.objects.get(match=match, action="option_change")
    assert step.details["after"] == new_order and step.reason == "X order reversed after round 1."
    clar = Clarification.objects.get()
    assert (clar.kind, clar.option_name) == ("amendment", "x_order")
    assert Message.objects.filter(match=match, text__startswith="Amendment: X order reversed").exists()


def test_an_option_the_engine_does_not_declare_changeable_is_refused(changeable_x_order: Any) -> None:
    """A bad amendment gets a clear word naming the rule, never a 500; nothing changes."""
    season = started_season()
    match = abc_episode(season).mm_match
    with pytest.raises(ReachError, match="not an option a host may change"):
        clarification_post(
            user=user("host"), match=match, text="more garnets", option_name="garnets_start", option_value="3"
        )
    assert not Clarification.objects.exists()
    assert Match.objects.get(pk=match.pk).options == match.options


def test_only_a_host_posts_clarifications() -> None:
    """Players and spectators cannot post rulings."""
    season = started_season()
    match = abc_episode(season).mm_match
    ann = Client()
    ann.force_login(user("ann"))
    assert ann.post(reverse("reach:clarify_match", args=[match.pk]), {"text": "I rule!"}).status_code == 404
    with pytest.raises(ReachError):
        clarification_post(user=user("ann"), match=match, text="I rule!")
    assert not Clarification.objects.exists()


def test_a_new_clarification_shows_on_a_match_page_whose_list_was_cached() -> None:
    """Match pages cache their pinned clarifications; posting one (to the match or its season) shows it at once."""
    season = started_season()
    match = abc_episode(season).mm_match
    live = reverse("games:match_live", args=[match.pk])
    assert b"From the dealer" not in Client().get(live).content  # the empty list is cached now
    _host().post(reverse("reach:clarify_match", args=[match.pk]), {"text": "Pairs are announced at once."})
    assert b"<div>Pairs are announced at once." in Client().get(live).content
    _host().post(reverse("reach:clarify_season", args=[season.slug]), {"text": "No trading garnets today."})
    assert b"<div>No trading garnets today." in Client().get(live).content
    Clarification.objects.filter(text="No trading garnets today.").first().delete()
    assert b"<div>No trading garnets today." not in Client().get(live).content  # unpinned (the log keeps its line)


def test_a_cached_list_of_clarifications_is_one_cache_round_trip() -> None:
    """Every live part a match draws reads its pinned clarifications (issue 45): once cached, the list and the
    clarifications version it was read under come back in one cache read, and no query."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from reach.selectors import clarifications_for_match

    season = started_season()
    match = abc_episode(season).mm_match
    _host().post(reverse("reach:clarify_match", args=[match.pk]), {"text": "Pairs are announced at once."})
    assert [c.text for c in clarifications_for_match(match)] == ["Pairs are announced at once."]
    with (
        mock.patch("reach.selectors.soft_get", side_effect=AssertionError("a second round trip")),
        mock.patch.object(cache, "get_many", wraps=cache.get_many) as get_many,
        CaptureQueriesContext(connection) as queries,
    ):
        assert [c.text for c in clarifications_for_match(match)] == ["Pairs are announced at once."]
    assert (get_many.call_count, len(queries)) == (1, 0)
