"""The season page tells a spectator what comes next and when, and why things happened (issue 38;
seasons/RULES.md 17)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from seasons.explain import duel_reasons, season_next
from seasons.models import Duel
from seasons.services import episode_dmo_pick, picks_close_due
from seasons.services.picks import episode_ec_set
from tests.seasons.factories import abc_episode, finish_mm, host_user, open_pick, started_season, user

pytestmark = pytest.mark.django_db


def test_during_the_main_match_the_page_says_its_deadline_and_the_steps_after_it_with_their_times() -> None:
    season = started_season(pick_seconds=6 * 3600, dm_lead_seconds=900)
    abc_episode(season)
    steps = season_next(season)
    assert steps[0].text.startswith("Episode 1's Main Match: ") and steps[0].at is not None
    texts = [s.text for s in steps]
    assert "When it ends, the Elimination Candidate is named by the Main Match's own rule." in texts
    assert "Each Elimination Candidate then has 6 hours to pick a Death Match opponent." in texts
    assert any(t.startswith("The Death Match (") and "15 minutes later" in t for t in texts)


def test_an_open_pick_says_who_picks_by_when_and_what_happens_if_they_do_not() -> None:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    (first, *_rest) = season_next(season)
    assert first.text == "eve picks a Death Match opponent; if they do not in time, it is drawn by lot."
    assert first.at == pick.deadline and first.when == "by"


def test_the_page_says_why_the_candidate_and_that_the_opponent_was_drawn_by_lot() -> None:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    picks_close_due(now=pick.deadline + timedelta(seconds=1))
    duel = Duel.objects.get()
    why = duel_reasons(season, [episode])[duel.pk]
    assert why[0] == "eve is the Elimination Candidate: the Main Match (The ABC Game) named them by its own rule."
    assert why[1] == f"{duel.dmo} was drawn by lot: eve did not pick an opponent in time."
    page = Client().get(f"/seasons/{season.slug}/").content.decode()
    assert "was drawn by lot: eve did not pick an opponent in time." in page
    assert "What happens next" in page


def test_a_picked_opponent_and_a_host_named_candidate_say_so() -> None:
    season = started_season(ecs_per_episode=1)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    episode_ec_set(episode_id=episode.pk, ec="hal", user=host_user("host2"), reason="")
    reasons = duel_reasons(season, [episode])
    texts = [line for lines in reasons.values() for line in lines]
    assert "eve picked gus as their Death Match opponent." in texts
    assert "hal is the Elimination Candidate because a host named them." in texts
