"""``season_of_match``: asked by every match page, submit and push, so cached; a new link is seen at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Match
from seasons.models import Episode
from seasons.selectors import season_of_match
from tests.factories import abc_match
from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db


def test_a_match_outside_any_season_is_answered_from_the_cache_without_a_query() -> None:
    match = abc_match()
    assert season_of_match(match) is None
    with CaptureQueriesContext(connection) as queries:
        assert season_of_match(Match.objects.get(pk=match.pk)) is None
    assert len(queries.captured_queries) == 1  # the match itself; the answer came from the cache


def test_a_season_match_costs_one_primary_key_read_once_cached() -> None:
    season = started_season()
    match = abc_episode(season).mm_match
    assert season_of_match(match) == season
    fresh = Match.objects.get(pk=match.pk)
    with CaptureQueriesContext(connection) as queries:
        assert season_of_match(fresh) == season
    assert len(queries.captured_queries) == 1 and '"seasons_season"."id" =' in queries.captured_queries[0]["sql"]


def test_linking_a_match_to_an_episode_after_none_was_cached_is_seen_at_once() -> None:
    """A match is linked after it starts: the cached "none" must not outlive the link."""
    season = started_season()
    episode = abc_episode(season)
    match = abc_match(["ann", "bob", "cat", "dan", "eve"], seed="late-link")
    assert season_of_match(match) is None  # cached as none
    Episode.objects.filter(pk=episode.pk).update(mm_match=None)
    episode.refresh_from_db()
    episode.mm_match = match
    episode.save()
    assert season_of_match(Match.objects.get(pk=match.pk)) == season
