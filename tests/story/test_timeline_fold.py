"""The timeline folds a Death Match's rounds into one expandable entry, so the season's story stays on
top (issue 38; story/RULES.md, "Folded")."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.services import episode_dmo_pick
from story.selectors import timeline, timeline_folded
from tests.seasons.factories import abc_episode, finish_mm, open_pick, play_to_end, started_season, user

pytestmark = pytest.mark.django_db


def test_a_played_death_match_is_one_entry_holding_its_rounds_oldest_first() -> None:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    assert duel.match is not None
    play_to_end(duel.match, seed="fold")
    entries = timeline(season)
    dm_rounds = [e for e in entries if e.kind == "round" and e.match == duel.match.pk]
    assert len(dm_rounds) > 1
    folded = timeline_folded(season, entries)
    duels = [e for e in folded if e.kind == "duel"]
    assert len(duels) == 1
    (entry,) = duels
    assert entry.rounds == tuple(reversed(dm_rounds))
    assert entry.text.startswith("Episode 1 Death Match, eve vs gus; ")
    assert entry.text.endswith(f"was eliminated ({len(dm_rounds)} rounds)")
    assert not [e for e in folded if e.kind == "round" and e.match == duel.match.pk]
    assert len(folded) == len(entries) - len(dm_rounds) + 1
    assert [e.at for e in folded] == sorted((e.at for e in folded), reverse=True)
    page = Client().get(f"/seasons/{season.slug}/timeline/").content.decode()
    assert f'<details class="tl-fold" data-match="{duel.match.pk}">' in page and entry.text in page
