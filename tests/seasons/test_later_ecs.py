"""Second and later ECs follow the game's own EC rule (issue 28; seasons/RULES.md, "Outcome" and "EC(s)")."""

from __future__ import annotations

import pytest

from games.models import Match
from seasons.models import Pick
from tests.seasons.factories import abc_episode, finish_mm, play_to_end, started_season

pytestmark = pytest.mark.django_db


def test_later_ecs_are_the_games_next_candidates_not_the_next_lowest_score() -> None:
    """ "the first `ecs_per_episode` candidates are named, in that order (so the second EC is the game's second
    candidate by its own rule)": the game ranks bob second (say, most Black cubes) although cat scored less."""
    season = started_season(ecs_per_episode=2)
    episode = finish_mm(
        abc_episode(season),
        winners=["ann"],
        candidates=["eve", "bob", "dan", "cat"],
        scores={"ann": 9, "bob": 5, "cat": 1, "dan": 3, "eve": 0},
    )
    picks = Pick.objects.filter(episode=episode, kind="dmo").order_by("pk")
    assert [p.picker.handle for p in picks] == ["eve", "bob"]


def test_a_real_main_match_hands_the_season_its_whole_order_with_the_gamewide_order() -> None:
    """ "`Outcome.candidates` is the whole order by the text's own rule ... then the season's gamewide tiebreak
    order (the season option `gamewide_order`)": the season passes its order in, and names the ECs from the
    game's order."""
    season = started_season(ecs_per_episode=2)
    episode = abc_episode(season)
    match = episode.mm_match
    assert match is not None
    order = [h for h in season.gamewide_order if h in match.players]
    assert match.options["gamewide_order"] == order
    done = play_to_end(Match.objects.get(pk=match.pk), seed="later-ecs")
    outcome = done.outcome or {}
    episode.refresh_from_db()
    assert sorted(outcome["candidates"]) == sorted(p for p in match.players if p not in outcome["winners"])
    assert episode.candidates == outcome["candidates"]
    picks = Pick.objects.filter(episode=episode, kind="dmo").order_by("pk")
    assert [p.picker.handle for p in picks] == outcome["candidates"][:2]
