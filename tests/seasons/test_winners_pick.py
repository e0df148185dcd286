"""The winners pick the EC, the way the season says (issue 28; seasons/RULES.md, "The winners pick the EC")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from seasons.models import Episode, Pick, Season
from seasons.services import SeasonError, episode_ec_pick, picks_close_due
from tests.seasons.factories import abc_episode, finish_mm, started_season, user

pytestmark = pytest.mark.django_db

SCORES = {"ann": 9, "bob": 9, "cat": 4, "dan": 1, "eve": 0}


def _won(way: str, ecs: int = 2, winners: tuple[str, ...] = ("ann", "bob")) -> tuple[Season, Episode]:
    season = started_season(mm_winners_pick_ec=True, ec_pick_way=way, ecs_per_episode=ecs)
    episode = finish_mm(abc_episode(season), winners=list(winners), candidates=["eve", "dan", "cat"], scores=SCORES)
    return season, episode


def _open(episode: Episode) -> list[Pick]:
    return list(Pick.objects.filter(episode=episode, kind="ec", status="open").order_by("pk"))


def _first_winner(season: Season, winners: tuple[str, ...] = ("ann", "bob")) -> tuple[str, str]:
    ordered = [h for h in season.gamewide_order if h in winners]
    return ordered[0], ordered[1]


def test_first_the_winner_first_in_the_gamewide_order_names_every_ec() -> None:
    """ "first ...: the winner first in the gamewide order names every EC (one pick per EC slot, all open at
    once)"."""
    season, episode = _won("first")
    first, _ = _first_winner(season)
    assert [p.picker.handle for p in _open(episode)] == [first, first]


def test_each_winner_names_one_ec_in_the_gamewide_order() -> None:
    """ "each: each winner names one EC, in the gamewide order. The first winner's pick opens first; the next
    winner's opens once it is made or timed out"."""
    season, episode = _won("each")
    first, second = _first_winner(season)
    assert [p.picker.handle for p in _open(episode)] == [first]
    duel = episode_ec_pick(pick_id=_open(episode)[0].pk, user=user(first), ec="cat")
    assert duel is not None and duel.ec.handle == "cat"
    (nxt,) = _open(episode)
    assert nxt.picker.handle == second
    with pytest.raises(SeasonError, match="already an Elimination Candidate"):
        episode_ec_pick(pick_id=nxt.pk, user=user(second), ec="cat")
    assert episode_ec_pick(pick_id=nxt.pk, user=user(second), ec="dan").ec.handle == "dan"
    assert _open(episode) == [] and episode.duels.count() == 2


def test_each_a_timed_out_pick_names_the_games_next_candidate_and_the_turn_passes() -> None:
    """ "A pick that times out names the game's next candidate"; with more EC slots than winners the turn goes
    round again."""
    season, episode = _won("each", ecs=3)
    first, second = _first_winner(season)
    picks_close_due(now=timezone.now() + timedelta(days=2))
    assert [d.ec.handle for d in episode.duels.order_by("pk")] == ["eve"]
    assert [p.picker.handle for p in _open(episode)] == [second]
    episode_ec_pick(pick_id=_open(episode)[0].pk, user=user(second), ec="cat")
    assert [p.picker.handle for p in _open(episode)] == [first]  # round again


def test_vote_most_votes_ties_by_the_gamewide_order_and_secret_until_counted() -> None:
    """ "vote: for each EC slot every alive winner votes ... the player with the most votes is the EC; a tie goes
    to the one first in the gamewide order ... A vote is secret until its slot is counted"."""
    season, episode = _won("vote", ecs=1)
    first, second = _first_winner(season)
    votes = {p.picker.handle: p for p in _open(episode)}
    assert sorted(votes) == ["ann", "bob"]
    assert episode_ec_pick(pick_id=votes[first].pk, user=user(first), ec="cat") is None  # waits for the other vote
    page = Client().get(f"/seasons/{season.slug}/picks/{votes[first].pk}/").content.decode()
    assert "Voted" in page and "<strong>cat</strong>" not in page
    duel = episode_ec_pick(pick_id=votes[second].pk, user=user(second), ec="dan")
    tied = [h for h in season.gamewide_order if h in ("cat", "dan")]
    assert duel is not None and duel.ec.handle == tied[0]
    page = Client().get(f"/seasons/{season.slug}/picks/{votes[first].pk}/").content.decode()
    assert "<strong>cat</strong>" in page


def test_vote_a_majority_wins_and_the_next_slot_votes_again() -> None:
    """ "the player with the most votes is the EC ... Then the next slot's vote opens"; a timed-out pick is no
    vote."""
    season, episode = _won("vote", ecs=2, winners=("ann", "bob", "cat"))
    votes = {p.picker.handle: p for p in _open(episode)}
    episode_ec_pick(pick_id=votes["ann"].pk, user=user("ann"), ec="eve")
    episode_ec_pick(pick_id=votes["bob"].pk, user=user("bob"), ec="dan")
    duel = episode_ec_pick(pick_id=votes["cat"].pk, user=user("cat"), ec="dan")
    assert duel is not None and duel.ec.handle == "dan"
    second_round = {p.picker.handle: p for p in _open(episode)}
    assert sorted(second_round) == ["ann", "bob", "cat"]
    episode_ec_pick(pick_id=second_round["bob"].pk, user=user("bob"), ec="eve")
    picks_close_due(now=timezone.now() + timedelta(days=2))  # ann and cat do not vote
    assert [d.ec.handle for d in episode.duels.order_by("pk")] == ["dan", "eve"]


def test_the_setup_page_and_the_console_show_how_the_winners_pick() -> None:
    """ "chosen when the season is set up (the "How the winners pick" field; shown on the season page and the
    console)"."""
    season, _ = _won("vote")
    home = Client().get(f"/seasons/{season.slug}/").content.decode()
    assert "2 Elimination Candidates per episode: the Main Match winners pick (the winners vote" in home
    host = Client()
    host.force_login(season.hosts.get())
    assert "the winners vote; ties by" in host.get(f"/seasons/{season.slug}/host/").content.decode()
    assert "How the winners pick" in host.get("/seasons/new/").content.decode()


def test_the_host_chooses_how_the_winners_pick_when_setting_up_the_season() -> None:
    """ "hosts run it one of three ways, chosen when the season is set up (the "How the winners pick" field)";
    left out, it is "first", what earlier seasons did."""
    from tests.seasons.test_console import NEW, _host_client

    client, _host = _host_client()
    client.post("/seasons/new/", {**NEW, "name": "Voting Season", "mm_winners_pick_ec": "on", "ec_pick_way": "vote"})
    client.post("/seasons/new/", {**NEW, "name": "Plain Season"})
    voting, plain = Season.objects.get(slug="voting-season"), Season.objects.get(slug="plain-season")
    assert voting.mm_winners_pick_ec and voting.ec_pick_way == Season.EcPickWay.VOTE
    assert not plain.mm_winners_pick_ec and plain.ec_pick_way == Season.EcPickWay.FIRST
