"""The season's plots: the numbers behind them are public facts, right, and cached per season state."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.match.services import turn_close
from games.match.services.matches import match_start
from games.models import Match, Turn
from games.registry import get_engine
from seasons.services import episode_dmo_pick
from seasons.services.ledger import ledger_adjust
from story.plots import Series, balances_by_episode, match_plots, season_plots, season_series, season_version
from tests.factories import users
from tests.seasons.factories import abc_episode, finish_mm, open_pick, play_to_end, started_season, user

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


def _public_views(match: Match) -> list[dict[str, Any]]:
    """The public view at every turn of ``match`` and now, straight from the engine."""
    engine = get_engine(match.game)
    states = [t.state_before for t in Turn.objects.filter(match=match).order_by("number")] + [match.state]
    return [engine.view(engine.load(data), None)["public"] for data in states]


def _plot(match: Match, name: str) -> Series:
    return next(s for s in match_plots(match) if s.title.endswith(f": {name}"))


def test_abc_points_by_round_are_its_public_history_and_end_on_the_final_scores() -> None:
    season = started_season()
    ep = abc_episode(season)
    assert ep.mm_match is not None
    match = play_to_end(ep.mm_match, seed="plots")
    points = _plot(match, "Points")
    history = _public_views(match)[-1]["history"]
    assert points.columns == [f"Round {e['round']}" for e in history]
    for i, entry in enumerate(history):
        assert {p: points.rows[p][i] for p in match.players} == {p: float(v) for p, v in entry["totals"].items()}
    assert {p: points.rows[p][-1] for p in match.players} == {p: float(v) for p, v in match.outcome["scores"].items()}


def test_density_lives_are_what_the_public_saw_between_its_matches() -> None:
    users(["ann", "bob", "cat", "dan"])
    match = play_to_end(match_start(game="density", players=["ann", "bob", "cat", "dan"], seed="plots"), seed="plots")
    lives = _plot(match, "Lives")
    views = _public_views(match)
    last = views[-1]["match"]
    assert lives.columns == ["Start", *[f"After match {n}" for n in range(1, last + 1)]]
    for public in views:
        n = public["match"] if public["phase"] in ("ec", "over") else public["match"] - 1
        shown = {p: lives.rows[p][n] for p in match.players}
        assert shown == {p: float(v) for p, v in public["lives"].items()}
    assert {p: lives.rows[p][-1] for p in match.players} == {p: float(v) for p, v in match.outcome["scores"].items()}


def test_a_death_match_plots_bout_points_only_as_each_bout_ends_and_rounds_won_as_announced() -> None:
    users(["ann", "bob"])
    match = match_start(game="warriors", players=["ann", "bob"], seed="plots")
    for _ in range(14):  # into bout 2: bout 1's points are out, bout 2's are not
        turn_close(turn_id=Turn.objects.get(match=match, status="open").pk, force=True)
    match.refresh_from_db()
    public = _public_views(match)[-1]
    assert public["bout"] == 2 and len(public["bouts"]) == 1
    assert _plot(match, "Bout points").columns == ["Bout 1"]
    match = play_to_end(match, seed="plots")
    public = _public_views(match)[-1]
    points, rounds = _plot(match, "Bout points"), _plot(match, "Rounds won (as announced)")
    assert points.columns == rounds.columns == [f"Bout {b['bout']}" for b in public["bouts"]]
    for i, bout in enumerate(public["bouts"]):
        assert {p: points.rows[p][i] for p in match.players} == {p: float(v) for p, v in bout["points"].items()}
        log = [e for e in public["log"] if e["bout"] == bout["bout"]]
        for p in match.players:
            assert rounds.rows[p][i] == sum(e["winner"] in (p, "both") for e in log)
    wins = {
        p: sum(points.rows[p][i] > points.rows[q][i] for i in range(len(points.columns)))
        for p in match.players
        for q in match.players
        if q != p
    }
    assert wins == {p: int(v) for p, v in match.outcome["scores"].items()}


def test_exodus_totals_stay_off_the_plots_until_the_match_is_over() -> None:
    engine = get_engine("exodus")
    handles = [f"x{i}" for i in range(engine.min_players)]
    users(handles)
    match = match_start(game="exodus", players=handles, seed="plots")
    turn_close(turn_id=Turn.objects.get(match=match, status="open").pk, force=True)
    match.refresh_from_db()
    assert match_plots(match) == []
    match = play_to_end(match, seed="plots")
    (plot,) = match_plots(match)
    final = _public_views(match)[-1]["final"]
    assert len(plot.columns) == len(final["history"])
    assert {p: plot.rows[p][-1] for p in match.players} == {p: float(v) for p, v in final["scores"].items()}


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


def test_a_seasons_death_match_gets_its_bout_by_bout_plots_beside_the_main_match() -> None:
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    assert duel.match is not None
    play_to_end(duel.match, seed="plots")
    titles = [s.title for s in season_series(season)]
    dm = [t for t in titles if t.endswith((": Bout points", ": Rounds won (as announced)"))]
    assert len(dm) == 2, titles


def test_exodia_plots_its_public_counts_by_round_and_owners_held_once_hands_are_shown() -> None:
    engine = get_engine("exodia")
    handles = [f"e{i}" for i in range(engine.min_players)]
    users(handles)
    match = play_to_end(match_start(game="exodia", players=handles, seed="plots"), seed="plots")
    cards, strikes = _plot(match, "Cards in hand"), _plot(match, "Strikes")
    expected: dict[str, dict[str, dict[str, int]]] = {"hand_sizes": {}, "strikes": {}}
    for public in _public_views(match):
        if public["phase"] != "twist":
            when = "End" if public["phase"] in ("ec", "over") else f"Round {public['round']}"
            for key in expected:
                expected[key][when] = public[key]
    for plot, key in ((cards, "hand_sizes"), (strikes, "strikes")):
        assert plot.columns == list(expected[key]) and plot.columns[-1] == "End"
        for i, column in enumerate(plot.columns):
            assert {p: plot.rows[p][i] for p in handles} == {p: float(v) for p, v in expected[key][column].items()}
    owners = _plot(match, "Initial owners held")
    assert owners.columns == ["End"]
    assert {p: owners.rows[p][0] for p in handles} == {p: float(v) for p, v in match.outcome["scores"].items()}
