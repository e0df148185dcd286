"""Garnets that can't be spent twice: a saved move that costs garnets holds them from the free balance."""

from __future__ import annotations

from random import Random

import pytest

from games.engine import BaseEngine
from games.match.services import SubmissionRefused, submission_submit, turn_close
from games.models import Match, Submission, Turn
from games.registry import get_engine, slugs
from seasons import selectors
from seasons.models import Entrant, GarnetHold, LedgerEntry, Season
from seasons.services import SeasonError, ledger_adjust, ledger_transfer
from tests.seasons.factories import abc_episode, host_user, play_to_end, started_season, user
from tests.trust.conftest import postgres_only, run_together

pytestmark = pytest.mark.django_db(transaction=True)

PAIRS_DOUBLED = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": True}
PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


def _season_with(garnets: int, slug: str = "s1") -> tuple[Season, Match, Entrant]:
    season = started_season(slug=slug)
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=garnets, reason="brought in", user=host_user())
    match, ann = abc_episode(season).mm_match, selectors.entrant_by_handle(season, "ann")
    assert match is not None and ann is not None
    return season, match, ann


def test_the_engine_contract_declares_a_moves_garnet_cost() -> None:
    """The engine contract declares a move's garnet cost, so the season's check works for any game."""
    abc = get_engine("abc")
    state = abc.setup(
        ["ann", "bob", "cat", "dan", "eve"],
        {"garnets": {"ann": 5}, "x_order": ["ann", "bob", "cat", "dan", "eve"]},
        Random(0),
    )
    assert abc.garnet_cost(state, "ann", abc.validate(state, "ann", PAIRS_DOUBLED)) == 2
    assert abc.garnet_cost(state, "ann", abc.validate(state, "ann", PAIRS)) == 0
    for slug in slugs():
        assert isinstance(get_engine(slug), BaseEngine)


def test_a_double_then_a_transfer_of_everything_is_refused() -> None:
    """A player doubles (cost 2), then tries to transfer all 10 garnets away before the round closes: refused,
    and the balance never goes below zero."""
    season, match, ann = _season_with(10)
    submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    assert selectors.free_garnets(ann) == 8 and selectors.held_garnets(ann) == 2
    with pytest.raises(SeasonError, match="You have 8 free garnets .2 more are held"):
        ledger_transfer(season=season, sender=user("ann"), to="bob", amount=10, confirmed=True)
    ledger_transfer(season=season, sender=user("ann"), to="bob", amount=8, confirmed=True)
    assert selectors.free_garnets(ann) == 0
    match = play_to_end(match)
    assert selectors.balance(ann, "garnet") >= 0
    assert not GarnetHold.objects.filter(entrant=ann, match__status="running").exists()


def test_a_transfer_then_a_double_is_refused_and_nothing_is_saved() -> None:
    """Transfers and other spends see only the free balance: a double the free balance can't cover is refused."""
    season, match, ann = _season_with(2)
    ledger_transfer(season=season, sender=user("ann"), to="bob", amount=1, confirmed=True)
    with pytest.raises(SubmissionRefused, match="This move costs 2 garnets; your free season balance is 1"):
        submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    assert not Submission.objects.exists() and not GarnetHold.objects.exists()


def test_changing_the_move_releases_the_hold_and_the_close_charges_it() -> None:
    """A hold is replaced when the move changes, released when the move no longer spends, charged at the close."""
    season, match, ann = _season_with(3)
    submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    submission_submit(match_id=match.pk, player="ann", move=PAIRS)
    assert selectors.free_garnets(ann) == 3 and not GarnetHold.objects.exists()
    submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    assert GarnetHold.objects.get().amount == 2
    turn_close(turn_id=Turn.objects.get(match=match, number=1).pk, force=True)
    hold = GarnetHold.objects.get()
    assert hold.charged and hold.amount == 2 and selectors.free_garnets(ann) == 1
    match = play_to_end(match)
    # Once the match is over its holds stop counting: the outcome's net garnets are in the ledger instead.
    net = match.outcome["garnets"]["ann"]
    assert selectors.free_garnets(ann) == selectors.balance(ann, "garnet") == 3 + net >= 0


def test_the_ledger_refuses_a_balance_below_zero() -> None:
    """The ledger refuses a balance below zero (a locked check), and below what running matches hold."""
    season, match, ann = _season_with(3)
    with pytest.raises(SeasonError, match="less than none"):
        ledger_adjust(season=season, handle="ann", currency="garnet", amount=-4, reason="fine", user=host_user())
    submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    with pytest.raises(SeasonError, match="held by moves in running matches"):
        ledger_adjust(season=season, handle="ann", currency="garnet", amount=-2, reason="fine", user=host_user())
    assert selectors.balance(ann, "garnet") == 3 and LedgerEntry.objects.filter(amount__lt=0).count() == 0


def test_a_double_outside_a_season_holds_nothing() -> None:
    """Outside a season there is no ledger: the engine's own balance is the only check."""
    from tests.factories import abc_match

    match = abc_match(options={"garnets": {"ann": 2}})
    submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    assert not GarnetHold.objects.exists()


@postgres_only
def test_a_double_and_a_transfer_at_once_never_spend_the_same_garnets() -> None:
    """Concurrently (real PostgreSQL row locks): a double and a transfer of everything race; exactly one wins,
    and the free balance never goes below zero. Repeated to give the race a chance."""
    for round_ in range(6):
        season, match, ann = _season_with(10, slug=f"race{round_}")
        results = run_together(
            [
                lambda match=match: submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED),
                lambda season=season: ledger_transfer(
                    season=season, sender=user("ann"), to="bob", amount=10, confirmed=True
                ),
            ]
        )
        failures = [r for r in results if isinstance(r, Exception)]
        assert len(failures) == 1, results
        assert isinstance(failures[0], SubmissionRefused | SeasonError), failures
        assert selectors.free_garnets(ann) >= 0
        assert selectors.balance(ann, "garnet") - selectors.held_garnets(ann) >= 0


@postgres_only
def test_a_sweep_charges_a_season_matchs_hold_beside_plain_matches() -> None:
    """A sweep learns its batch's seasons at once: the season match's hold is charged, the plain ones hold nothing."""
    from datetime import timedelta

    from django.utils import timezone

    from games.match.services import turns_close_due
    from tests.factories import abc_matches

    season, match, ann = _season_with(3)
    plain = abc_matches(2, seed="plain")
    assert selectors.seasons_of_matches([match, *plain]) == {match.pk: season, plain[0].pk: None, plain[1].pk: None}
    submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    Turn.objects.filter(status=Turn.Status.OPEN).update(deadline=timezone.now() - timedelta(seconds=1))
    assert turns_close_due() == 3
    hold = GarnetHold.objects.get()
    assert hold.charged and hold.amount == 2 and selectors.free_garnets(ann) == 1


def test_a_closing_match_keeps_its_no_season_answer_and_an_open_one_does_not() -> None:
    """Only the match a close holds locked may keep "no season" on itself: elsewhere it may be linked later
    (the shared cache of the answer is dropped when that happens; an object's own memory is not)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from core.memo import beside
    from tests.factories import abc_match

    open_match, closing = abc_match(seed="open"), abc_match(seed="closing")
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert selectors.season_of_match(open_match) is None
            assert selectors.season_of_match(closing, closing=True) is None
    assert len(queries) == 0  # learnt when each match started (its first turn's hooks asked), cached since
    kept = "seasons.season_of_match"  # what season_of_match keeps beside a match object
    assert kept not in beside(open_match) and beside(closing)[kept] is None


def test_a_free_move_replacing_a_free_move_asks_the_season_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Holds change only for a move that costs garnets or replaces one that did; most moves are free, and
    their saves skip the hold hook (its season lookup) altogether."""
    from games.match import hooks

    season, match, ann = _season_with(3)
    calls: list[int] = []
    monkeypatch.setattr(hooks, "MOVE_SAVED", [*hooks.MOVE_SAVED, lambda m, t, p, cost: calls.append(cost)])
    submission_submit(match_id=match.pk, player="ann", move=PAIRS)
    submission_submit(match_id=match.pk, player="ann", move=PAIRS)
    assert calls == []
    submission_submit(match_id=match.pk, player="ann", move=PAIRS_DOUBLED)
    submission_submit(match_id=match.pk, player="ann", move=PAIRS)  # releases the double's hold
    assert calls == [2, 0] and not GarnetHold.objects.exists()
    submission_submit(match_id=match.pk, player="ann", move=PAIRS)
    assert calls == [2, 0] and selectors.free_garnets(ann) == 3
