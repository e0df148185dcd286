"""Episode: MM → ledger → EC(s) → the EC's DMO pick → the Death Match → elimination (issue 7)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.match.services.matches import match_start
from games.models import Match
from seasons import selectors
from seasons.models import Duel, Entrant, Episode, LedgerEntry, Pick
from seasons.services import (
    SeasonError,
    episode_dmo_pick,
    episode_ec_pick,
    episode_start,
    ledger_adjust,
    picks_close_due,
)
from seasons.services.options import mm_options
from tests.seasons.factories import (
    ABC5,
    abc_episode,
    finish_dm,
    finish_mm,
    host_user,
    open_pick,
    play_to_end,
    started_season,
    user,
)

pytestmark = pytest.mark.django_db


def test_host_picks_game_and_alive_players_and_starts_the_main_match() -> None:
    """ "the host picks a game and the alive players for the Main Match and starts it"."""
    season = started_season()
    episode = abc_episode(season)
    assert episode.number == 1 and episode.status == Episode.Status.MAIN
    assert episode.mm_match.game == "abc" and episode.mm_match.players == ABC5
    assert episode.mm_match.turn_seconds == season.mm_turn_seconds


def test_episode_start_refuses_eliminated_players_wrong_counts_and_overlap() -> None:
    """Only alive players; the engine's own player count; one episode at a time. Nothing is created on refusal."""
    season = started_season()
    Entrant.objects.filter(season=season, user__username="eve").update(status=Entrant.Status.ELIMINATED)
    with pytest.raises(SeasonError, match="eve has been eliminated"):
        abc_episode(season)
    with pytest.raises(SeasonError, match="takes 5"):
        episode_start(season_id=season.pk, game="abc", players=["ann", "bob"])
    assert not Episode.objects.exists() and not Match.objects.exists()
    abc_episode(season, ["ann", "bob", "cat", "dan", "fay"])
    with pytest.raises(SeasonError, match="not over"):
        abc_episode(season, ["gus", "hal", "ivy", "jon", "kim"])


def test_main_match_outcome_feeds_tokens_and_garnets_to_the_ledger() -> None:
    """ "the match's Outcome feeds the season: Tokens of Life and garnets are written to the ledger"."""
    season = started_season()
    ledger_adjust(season=season, handle="bob", currency="garnet", amount=2, reason="brought in", user=host_user())
    episode = finish_mm(
        abc_episode(season), winners=["ann"], candidates=["eve"], tokens={"ann": 1}, garnets={"ann": 3, "bob": -2}
    )
    rows = LedgerEntry.objects.filter(source="match")
    entries = {(e.entrant.handle, e.currency, e.amount, e.source) for e in rows}
    assert entries == {("ann", "token", 1, "match"), ("ann", "garnet", 3, "match"), ("bob", "garnet", -2, "match")}
    assert all(e.match_id == episode.mm_match_id and e.reason for e in rows)


def test_the_ec_is_named_and_picks_a_dmo_in_a_turn_of_their_own() -> None:
    """ "the EC (or several) is named; the EC then picks a DMO in a turn of their own"."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    assert episode.status == Episode.Status.DMO_PICK
    pick = open_pick(episode)
    assert pick.picker.handle == "eve" and pick.duel.ec.handle == "eve"
    assert pick.deadline > timezone.now() + timedelta(seconds=season.pick_seconds - 60)


def test_dmo_pool_excludes_mm_winners_and_token_holders_in_shield_mode() -> None:
    """ "from the alive players who are not immune (this episode's MM winners, token holders as the settings say)"."""
    season = started_season()
    ledger_adjust(season=season, handle="fay", currency="token", amount=1, reason="test", user=host_user())
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"], tokens={"ann": 1})
    pool = selectors.dmo_eligible(episode)
    assert "ann" not in pool and "fay" not in pool and "eve" not in pool and "gus" in pool
    pick = open_pick(episode)
    with pytest.raises(SeasonError, match="ann won this episode's Main Match and is immune"):
        episode_dmo_pick(pick_id=pick.pk, user=user("eve"), dmo="ann")
    with pytest.raises(SeasonError, match="fay holds a Token of Life"):
        episode_dmo_pick(pick_id=pick.pk, user=user("eve"), dmo="fay")
    assert Pick.objects.get(pk=pick.pk).status == Pick.Status.OPEN and Duel.objects.get().dmo is None


def test_token_holders_may_be_picked_when_tokens_are_spent() -> None:
    """In "spent" mode a token is not a shield: its holder may be picked as DMO."""
    season = started_season(token_mode="spent")
    ledger_adjust(season=season, handle="fay", currency="token", amount=1, reason="test", user=host_user())
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    assert "fay" in selectors.dmo_eligible(episode)


def test_picking_an_eliminated_player_is_refused() -> None:
    """Bad input: "Picking an immune or eliminated player ... a clear message and nothing changed"."""
    season = started_season()
    Entrant.objects.filter(season=season, user__username="max").update(status=Entrant.Status.ELIMINATED)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    with pytest.raises(SeasonError, match="max has been eliminated and cannot be picked"):
        episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="max")
    assert not Match.objects.filter(game="warriors").exists()


def test_death_match_starts_with_the_dmo_holding_the_advantage() -> None:
    """ "the Death Match (warriors by default, any 2-player game) starts with the DMO holding the advantage"."""
    season = started_season(dm_turn_seconds=90)
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    match = duel.match
    assert match.game == "warriors" and match.players == ["eve", "gus"]
    assert match.options["advantage"] == "gus" and match.turn_seconds == 90
    assert Episode.objects.get().status == Episode.Status.DEATH


def test_dm_loser_is_eliminated_and_garnets_confiscated() -> None:
    """ "its loser is eliminated, their garnets handled per the settings" (confiscated by default)."""
    season = started_season()
    ledger_adjust(season=season, handle="eve", currency="garnet", amount=7, reason="seed", user=host_user())
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    finish_dm(duel, loser="eve")
    eve = selectors.entrant_by_handle(season, "eve")
    assert eve.status == Entrant.Status.ELIMINATED and eve.eliminated_in == episode and eve.place == 13
    assert selectors.balance(eve, "garnet") == 0
    assert LedgerEntry.objects.filter(entrant=eve, source="elimination", amount=-7).exists()
    assert Episode.objects.get().status == Episode.Status.DONE


def test_garnets_kept_when_the_season_does_not_confiscate() -> None:
    """With confiscation off, an eliminated player keeps their garnets."""
    season = started_season(confiscate_garnets=False)
    ledger_adjust(season=season, handle="gus", currency="garnet", amount=4, reason="seed", user=host_user())
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    finish_dm(episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus"), loser="gus")
    assert selectors.balance(selectors.entrant_by_handle(season, "gus"), "garnet") == 4


def test_several_ecs_and_several_eliminations_in_one_episode() -> None:
    """ "Several ECs and several eliminations in one episode ... are settings too"."""
    season = started_season(ecs_per_episode=2)
    episode = finish_mm(
        abc_episode(season),
        winners=["ann"],
        candidates=["eve"],
        scores={"ann": 9, "bob": 5, "cat": 1, "dan": 3, "eve": 0},
    )
    picks = list(Pick.objects.filter(episode=episode, kind="dmo").order_by("pk"))
    assert [p.picker.handle for p in picks] == ["eve", "cat"]  # the MM's EC, then the lowest score
    d1 = episode_dmo_pick(pick_id=picks[0].pk, user=user("eve"), dmo="gus")
    with pytest.raises(SeasonError, match="gus is already a DMO"):
        episode_dmo_pick(pick_id=picks[1].pk, user=user("cat"), dmo="gus")
    with pytest.raises(SeasonError, match="eve is an Elimination Candidate"):
        episode_dmo_pick(pick_id=picks[1].pk, user=user("cat"), dmo="eve")
    d2 = episode_dmo_pick(pick_id=picks[1].pk, user=user("cat"), dmo="hal")
    finish_dm(d1, loser="eve")
    assert Episode.objects.get().status == Episode.Status.DEATH
    finish_dm(d2, loser="hal")
    assert Episode.objects.get().status == Episode.Status.DONE
    assert sorted(selectors.alive_handles(season)) == sorted(set(selectors.alive_handles(season)) - {"eve", "hal"})
    assert Entrant.objects.filter(status="eliminated").count() == 2


def test_mm_winners_pick_the_ec() -> None:
    """ "the MM winners picking the EC" (a setting): a winner picks among the MM's other players."""
    season = started_season(mm_winners_pick_ec=True)
    episode = finish_mm(abc_episode(season), winners=["ann", "bob"], candidates=["eve"])
    assert episode.status == Episode.Status.EC_PICK and not Duel.objects.exists()
    pick = open_pick(episode, kind="ec")
    picker = pick.picker.handle
    assert picker in ("ann", "bob")
    other = "bob" if picker == "ann" else "ann"
    with pytest.raises(SeasonError, match="won the Main Match and is immune"):
        episode_ec_pick(pick_id=pick.pk, user=user(picker), ec=other)
    with pytest.raises(SeasonError, match="did not play this Main Match"):
        episode_ec_pick(pick_id=pick.pk, user=user(picker), ec="max")
    duel = episode_ec_pick(pick_id=pick.pk, user=user(picker), ec="cat")
    assert duel.ec.handle == "cat" and open_pick(episode).picker.handle == "cat"


def test_a_spent_token_lets_the_ec_escape_and_the_next_candidate_takes_its_place() -> None:
    """ "one token lets the EC escape the DM, the next candidate taking its place"."""
    season = started_season(token_mode="spent")
    ledger_adjust(season=season, handle="eve", currency="token", amount=1, reason="earlier win", user=host_user())
    episode = finish_mm(
        abc_episode(season),
        winners=["ann"],
        candidates=["eve"],
        scores={"ann": 9, "bob": 5, "cat": 4, "dan": 1, "eve": 0},
    )
    assert Duel.objects.get().ec.handle == "dan" and episode.escaped == ["eve"]
    eve = selectors.entrant_by_handle(season, "eve")
    assert selectors.balance(eve, "token") == 0
    assert LedgerEntry.objects.filter(entrant=eve, source="token_use", amount=-1).exists()


def test_shield_mode_does_not_spend_tokens_to_escape() -> None:
    """In "shield" mode a token holder who is the EC still plays the DM."""
    season = started_season()
    ledger_adjust(season=season, handle="eve", currency="token", amount=1, reason="earlier win", user=host_user())
    finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    assert Duel.objects.get().ec.handle == "eve"


def test_dmo_pick_timeout_draws_by_lot_among_the_eligible() -> None:
    """RULES.md: when the EC's DMO pick times out, the DMO is drawn by lot (seeded) among those who may be picked."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    assert picks_close_due() == 0
    assert picks_close_due(now=pick.deadline + timedelta(seconds=1)) == 1
    pick.refresh_from_db()
    assert pick.status == Pick.Status.TIMED_OUT and pick.choice.handle in selectors.dmo_eligible(episode) + [
        pick.choice.handle
    ]
    assert pick.choice.handle not in ("ann", "eve")
    assert Duel.objects.get().match.options["advantage"] == pick.choice.handle


def test_exodia_twists_come_from_the_season() -> None:
    """ "Games whose rules depend on earlier episodes (Exodia's twists ...) get them from the season"."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann", "bob"], candidates=["eve"])
    finish_dm(episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus"), loser="eve")
    seven = ["ann", "bob", "cat", "dan", "gus", "hal", "ivy"]
    opts = mm_options(season=season, game="exodia", players=seven, number=2)
    assert opts["mm_winners"] == ["ann", "bob"] and opts["dm_winner"] == "gus"
    assert sorted(opts["gamewide_order"]) == sorted(seven)
    assert opts["gamewide_order"] == [h for h in season.gamewide_order if h in seven]
    assert "garnets" not in opts


def test_real_abc_main_match_flows_into_the_episode() -> None:
    """An ABC Main Match played to its end through the framework names the EC and writes its garnets."""
    season = started_season()
    episode = abc_episode(season)
    match = play_to_end(episode.mm_match)
    episode.refresh_from_db()
    outcome = match.outcome
    assert episode.mm_winners == outcome["winners"] and episode.status == Episode.Status.DMO_PICK
    assert Duel.objects.get().ec.handle == outcome["candidates"][0]
    for handle, n in outcome["garnets"].items():
        assert selectors.balance(selectors.entrant_by_handle(season, handle), "garnet") == n


def test_framework_matches_outside_seasons_are_untouched() -> None:
    """A match outside any season ends without season side effects (games knows nothing of seasons)."""
    started_season()
    match = match_start(game="abc", players=ABC5, options={"x_order": ABC5}, seed="x")
    play_to_end(match)
    assert not LedgerEntry.objects.exists() and not Duel.objects.exists()


def test_an_eliminated_player_cannot_act() -> None:
    """Bad input: "acting after elimination": an EC eliminated by a host can no longer pick; nothing changes."""
    from seasons.services.host import entrant_eliminate_by_host

    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    entrant_eliminate_by_host(season=season, handle="eve", user=host_user(), reason="left the game")
    with pytest.raises(SeasonError, match="You have been eliminated"):
        episode_dmo_pick(pick_id=pick.pk, user=user("eve"), dmo="gus")
    assert Pick.objects.get(pk=pick.pk).status == Pick.Status.OPEN and Duel.objects.get().dmo is None


def test_an_episode_without_any_candidate_ends_without_a_death_match() -> None:
    """If every player of the MM won it, nobody can be named EC: the episode is done (a host may name one)."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=ABC5, candidates=[])
    assert episode.status == Episode.Status.DONE and not Duel.objects.exists()


def test_the_host_may_pick_another_two_player_game_for_the_death_match() -> None:
    """ "the Death Match (warriors by default, any 2-player game)": per episode, refused if not 2-player."""
    season = started_season()
    with pytest.raises(SeasonError, match="not an installed 2-player game"):
        abc_episode(season, dm_game="abc")
    assert not Episode.objects.exists()
    episode = abc_episode(season, dm_game="warriors")
    assert episode.dm_game == "warriors"
    episode = finish_mm(episode, winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    assert duel.match.game == "warriors"


def test_the_in_process_sweeper_times_out_overdue_picks() -> None:
    """The embedded default has no beat: its in-process sweeper closes overdue picks beside due turns."""
    from games.match.sweeper import sweep_once

    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    Pick.objects.filter(pk=pick.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    sweep_once(1.0)
    pick.refresh_from_db()
    assert pick.status == Pick.Status.TIMED_OUT
