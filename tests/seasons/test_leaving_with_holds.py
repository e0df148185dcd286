"""Leaving the season with garnets held by a move in a running match (issue 28).

Ruling (seasons/RULES.md, "Leaving with garnets held"): a saved move stands, and what it holds stays
committed to it; the elimination takes the free balance, and what the match leaves the player when it
ends is confiscated then. A replacement passes the holds to the newcomer before the balance.
"""

from __future__ import annotations

import pytest

from games.match.services import SubmissionRefused, match_start, submission_submit, turn_close
from games.models import Match, Turn
from seasons import selectors
from seasons.models import Duel, Entrant, GarnetHold, LedgerEntry, Season, SeasonLog
from seasons.services import entrant_replace, entrant_restore, ledger_adjust
from seasons.services.host import entrant_eliminate_by_host
from seasons.services.match_controls import season_match_seat_replace
from seasons.services.seasons import season_matches_abort
from tests.factories import UserFactory
from tests.seasons.factories import abc_episode, finish_dm, host_user, play_to_end, started_season
from tests.trust.conftest import postgres_only, run_together

pytestmark = pytest.mark.django_db(transaction=True)

DOUBLED = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": True}


def _doubled(garnets: int = 10, slug: str = "s1") -> tuple[Season, Match, Entrant]:
    """A season whose ann has ``garnets`` and, as the first X of a running ABC Main Match, doubled (2 held)."""
    season = started_season(slug=slug)
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=garnets, reason="brought in", user=host_user())
    match = abc_episode(season).mm_match
    assert match is not None
    submission_submit(match_id=match.pk, player="ann", move=DOUBLED)
    ann = selectors.entrant_by_handle(season, "ann")
    assert ann is not None and selectors.held_garnets(ann) == 2
    return season, match, ann


def _eliminate(season: Season, handle: str = "ann") -> Entrant:
    return entrant_eliminate_by_host(season=season, handle=handle, user=season.hosts.get(), reason="disqualified")


def _garnets(entrant: Entrant) -> int:
    return selectors.balance(entrant, LedgerEntry.Currency.GARNET)


def test_leaving_with_garnets_held_a_host_eliminates_and_the_held_garnets_stay_committed() -> None:
    """ "a saved move stands, and what it holds stays committed to it": the host's elimination takes the
    free balance at once, and the hold is left to its match (nothing rolls back)."""
    season, match, ann = _doubled(10)
    ann = _eliminate(season)
    assert ann.status == Entrant.Status.ELIMINATED
    assert _garnets(ann) == 2 and selectors.held_garnets(ann) == 2 and selectors.free_garnets(ann) == 0
    step = SeasonLog.objects.get(season=season, action="entrant_eliminate")
    assert step.details["confiscated"] == 8 and step.details["held"] == 2
    turn_close(turn_id=Turn.objects.get(match=match, number=1).pk, force=True)
    assert GarnetHold.objects.get(entrant=ann).charged  # the double was played as saved


def test_leaving_with_garnets_held_what_the_match_leaves_is_confiscated_when_it_ends() -> None:
    """ "whatever it leaves them (a released hold, winnings) is confiscated by a second elimination entry,
    so an eliminated player ends with nothing"; undoing the elimination returns every such entry."""
    season, match, ann = _doubled(10)
    _eliminate(season)
    done = play_to_end(match)
    assert done.status == Match.Status.FINISHED
    net = int((done.outcome or {})["garnets"].get("ann", 0))
    assert _garnets(ann) == 0 and selectors.free_garnets(ann) == 0
    taken = LedgerEntry.objects.filter(entrant=ann, source=LedgerEntry.Source.ELIMINATION)
    assert -sum(e.amount for e in taken) == 10 + net
    if 2 + net > 0:
        assert taken.filter(match=done).exists()
    entrant_restore(season=season, handle="ann", reason="overturned", user=season.hosts.get())
    assert _garnets(ann) == 10 + net


def test_leaving_with_garnets_held_a_double_saved_after_the_elimination_is_refused() -> None:
    """ "comes second and is refused (nothing is free any more)"."""
    season = started_season()
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=10, reason="brought in", user=host_user())
    match = abc_episode(season).mm_match
    assert match is not None
    ann = _eliminate(season)
    with pytest.raises(SubmissionRefused, match="your free season balance is 0"):
        submission_submit(match_id=match.pk, player="ann", move=DOUBLED)
    assert not GarnetHold.objects.filter(entrant=ann).exists()


def test_leaving_with_garnets_held_a_death_match_lost_and_an_aborted_match() -> None:
    """A Death Match's loser whose move holds garnets elsewhere is eliminated all the same; when that match
    is aborted ("spends nothing: its holds come back and are confiscated the same way")."""
    season, match, ann = _doubled(10)
    fay = selectors.entrant_by_handle(season, "fay")
    episode = season.episodes.get()
    dm = match_start(game="warriors", players=["ann", "fay"], options={}, seed="dm")
    duel = Duel.objects.create(episode=episode, ec=ann, dmo=fay, match=dm)
    finish_dm(duel, loser="ann")
    ann.refresh_from_db()
    assert ann.status == Entrant.Status.ELIMINATED and _garnets(ann) == 2 and selectors.free_garnets(ann) == 0
    season_matches_abort(season_id=season.pk, user=season.hosts.get(), reason="season cancelled")
    assert _garnets(ann) == 0 and selectors.held_garnets(ann) == 0


def test_leaving_with_garnets_held_a_seat_replaced_passes_the_holds_to_the_newcomer() -> None:
    """ "the holds pass to the newcomer first, then the whole balance (held and free)"."""
    season, match, ann = _doubled(10)
    UserFactory(username="zed")
    season_match_seat_replace(
        season=season,
        match_id=match.pk,
        reason="ann moved abroad",
        user=season.hosts.get(),
        seat="ann",
        new_player="zed",
    )
    zed = selectors.entrant_by_handle(season, "zed")
    assert zed is not None and _garnets(zed) == 10 and selectors.held_garnets(zed) == 2
    assert _garnets(ann) == 0 and not GarnetHold.objects.filter(entrant=ann).exists()
    done = play_to_end(match)
    assert _garnets(zed) == 10 + int((done.outcome or {})["garnets"].get("ann", 0)) >= 0


def test_leaving_with_garnets_held_a_seat_still_played_by_the_replaced_player_charges_the_newcomer() -> None:
    """ "A seat still played by the replaced player when its match ends credits or charges whoever took their
    place (they have the balance and the holds)"."""
    season, match, ann = _doubled(10)
    UserFactory(username="zed")
    entrant_replace(season=season, handle="ann", new_handle="zed", reason="left", user=season.hosts.get())
    zed = selectors.entrant_by_handle(season, "zed")
    assert zed is not None and selectors.held_garnets(zed) == 2 and _garnets(ann) == 0
    done = play_to_end(match)
    net = int((done.outcome or {})["garnets"].get("ann", 0))
    assert _garnets(zed) == 10 + net and _garnets(ann) == 0
    assert not LedgerEntry.objects.filter(entrant=ann, source=LedgerEntry.Source.MATCH).exists()


@postgres_only
def test_leaving_with_garnets_held_the_race_of_a_double_and_the_elimination() -> None:
    """ "a double saved at the same moment either holds first (and stays committed) or comes second and is
    refused": on real PostgreSQL row locks, the elimination always goes through and nothing is spent twice."""
    for round_ in range(6):
        season = started_season(slug=f"race{round_}")
        ledger_adjust(season=season, handle="ann", currency="garnet", amount=10, reason="in", user=host_user())
        match = abc_episode(season).mm_match
        assert match is not None
        results = run_together(
            [
                lambda match=match: submission_submit(match_id=match.pk, player="ann", move=DOUBLED),
                lambda season=season: _eliminate(season),
            ]
        )
        assert isinstance(results[1], Entrant), results
        assert not isinstance(results[0], Exception) or isinstance(results[0], SubmissionRefused), results
        ann = selectors.entrant_by_handle(season, "ann")
        assert ann is not None and ann.status == Entrant.Status.ELIMINATED
        held = selectors.held_garnets(ann)
        assert held == (0 if isinstance(results[0], SubmissionRefused) else 2)
        assert _garnets(ann) == held and selectors.free_garnets(ann) == 0


def test_leaving_with_garnets_held_a_replaced_player_still_seated_doubles_from_the_newcomers_balance() -> None:
    """ "A seat still played by the replaced player ... credits or charges whoever took their place": a double
    saved by the seat after the replacement holds the newcomer's garnets, and the close charges it."""
    season = started_season()
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=10, reason="in", user=host_user())
    match = abc_episode(season).mm_match
    assert match is not None
    UserFactory(username="zed")
    entrant_replace(season=season, handle="ann", new_handle="zed", reason="left", user=season.hosts.get())
    submission_submit(match_id=match.pk, player="ann", move=DOUBLED)
    zed = selectors.entrant_by_handle(season, "zed")
    assert zed is not None and selectors.held_garnets(zed) == 2 and selectors.free_garnets(zed) == 8
    turn_close(turn_id=Turn.objects.get(match=match, number=1).pk, force=True)
    assert GarnetHold.objects.get(entrant=zed).charged
