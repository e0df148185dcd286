"""The season's plots: the numbers behind them are public facts, right, and cached per season state."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Turn
from games.registry import get_engine
from games.services import turn_close
from seasons.services.ledger import ledger_adjust
from story.plots import balances_by_episode, match_scores, season_plots, season_series, season_version
from tests.seasons.factories import abc_episode, finish_mm, play_to_end, started_season, user

pytestmark = pytest.mark.django_db


def test_balances_by_episode_are_the_ledger_cut_at_each_episode() -> None:
    season = started_season(starting_garnets=10)
    ep1 = abc_episode(season)
    finish_mm(ep1, winners=["bob"], candidates=["ann"], tokens={"bob": 1}, garnets={"bob": 5, "ann": -2})
    tokens, garnets = balances_by_episode(season)
    assert tokens.columns == ["Start", "Ep 1"]
    assert tokens.rows["bob"] == [0.0, 1.0] and tokens.rows["ann"] == [0.0, 0.0]
    assert garnets.rows["bob"] == [10.0, 15.0] and garnets.rows["ann"] == [10.0, 8.0]


def test_private_balances_make_no_garnet_plot() -> None:
    season = started_season(garnets_public=False)
    abc_episode(season)
    assert [s.key for s in balances_by_episode(season)] == ["token"]


def test_abc_scores_by_round_are_its_public_totals_then_the_final_scores() -> None:
    season = started_season()
    ep = abc_episode(season)
    assert ep.mm_match is not None
    match = play_to_end(ep.mm_match, seed="plots")
    series = match_scores(match)
    engine = get_engine("abc")
    turns = list(Turn.objects.filter(match=match).order_by("number"))
    firsts = [t for t in turns if engine.view(engine.load(t.state_before), None)["public"].get("totals")]
    assert series.columns[-1] == "Final"
    assert len(series.columns) == len(firsts) + 1
    for i, t in enumerate(firsts):
        totals = engine.view(engine.load(t.state_before), None)["public"]["totals"]
        assert {p: series.rows[p][i] for p in match.players} == {p: float(v) for p, v in totals.items()}
    assert {p: series.rows[p][-1] for p in match.players} == {p: float(v) for p, v in match.outcome["scores"].items()}


def test_plots_are_cached_until_a_public_fact_changes_and_the_page_has_tables() -> None:
    season = started_season()
    ep = abc_episode(season)
    v1 = season_version(season)
    first = season_plots(season)
    assert season_plots(season) == first
    assert ep.mm_match is not None
    turn_close(turn_id=Turn.objects.get(match=ep.mm_match, status="open").pk, force=True)
    assert season_version(season) != v1
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=3, user=user("host"), reason="bonus")
    assert len(season_series(season)) >= 2
    page = Client().get(f"/seasons/{season.slug}/plots/").content.decode()
    assert "data:image/svg+xml;base64," in page and "<table>" in page and 'scope="row">ann<' in page
