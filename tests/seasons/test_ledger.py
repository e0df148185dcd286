"""Ledger: append-only entries, transfers confirmed by the sender, ABC doubling against the live balance (issue 7)."""

from __future__ import annotations

import pytest

from games.match.services import SubmissionRefused, submission_submit
from games.models import Submission, Turn
from seasons import selectors
from seasons.models import Entrant, LedgerEntry, Notice, Season
from seasons.services import SeasonError, ledger_adjust, ledger_transfer, ledger_undo
from tests.seasons.factories import ABC5, abc_episode, host_user, play_to_end, started_season, user

pytestmark = pytest.mark.django_db


def _give(season: Season, handle: str, n: int) -> None:
    ledger_adjust(season=season, handle=handle, currency="garnet", amount=n, reason="seed", user=host_user())


def test_entries_are_append_only_and_balances_are_sums() -> None:
    """ "every ... change is an append-only entry with its reason and its source ...; balances are sums"."""
    season = started_season()
    _give(season, "ann", 5)
    _give(season, "ann", -2)
    ann = selectors.entrant_by_handle(season, "ann")
    assert selectors.balance(ann, "garnet") == 3
    entry = LedgerEntry.objects.first()
    assert entry.reason == "Host: seed" and entry.source == "host" and entry.created_by.username == "host"
    entry.amount = 100
    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    with pytest.raises(ValueError, match="append-only"):
        entry.delete()
    with pytest.raises(SeasonError, match="would leave less than none"):
        ledger_undo(entry_id=entry.pk, reason="typo", user=host_user())  # 3 - 5 < 0: the ledger refuses
    undo = ledger_undo(entry_id=LedgerEntry.objects.get(amount=-2).pk, reason="typo", user=host_user())
    assert undo.amount == 2 and LedgerEntry.objects.count() == 3
    assert selectors.balance(ann, "garnet") == 5


def test_transfer_moves_garnets_and_both_see_it() -> None:
    """ "Players transfer garnets to each other (confirmed by the sender, ... both see it)"."""
    season = started_season()
    _give(season, "ann", 5)
    ledger_transfer(season=season, sender=user("ann"), to="bob", amount=3, confirmed=True)
    ann, bob = selectors.entrant_by_handle(season, "ann"), selectors.entrant_by_handle(season, "bob")
    assert selectors.balance(ann, "garnet") == 2 and selectors.balance(bob, "garnet") == 3
    assert LedgerEntry.objects.filter(source="transfer", counterpart=bob, entrant=ann, amount=-3).exists()
    assert Notice.objects.filter(user__username="ann", kind="transfer").exists()
    assert Notice.objects.filter(user__username="bob", kind="transfer", text__contains="ann sent you 3").exists()


def test_unconfirmed_transfer_changes_nothing() -> None:
    """A transfer is confirmed by the sender: without the confirmation nothing moves."""
    season = started_season()
    _give(season, "ann", 5)
    with pytest.raises(SeasonError, match="Confirm the transfer"):
        ledger_transfer(season=season, sender=user("ann"), to="bob", amount=3, confirmed=False)
    assert not LedgerEntry.objects.filter(source="transfer").exists()


def test_transfer_refused_when_the_balance_is_short() -> None:
    """Bad input: "transferring more garnets than you hold": a clear message and nothing changed."""
    season = started_season()
    _give(season, "ann", 2)
    with pytest.raises(SeasonError, match="You have 2 free garnets; you cannot transfer 3"):
        ledger_transfer(season=season, sender=user("ann"), to="bob", amount=3, confirmed=True)
    with pytest.raises(SeasonError, match="whole number"):
        ledger_transfer(season=season, sender=user("ann"), to="bob", amount=-1, confirmed=True)
    assert not LedgerEntry.objects.filter(source="transfer").exists()


def test_transfer_after_elimination_or_to_the_eliminated_is_refused() -> None:
    """Bad input: "acting after elimination": refused, nothing changed."""
    season = started_season()
    _give(season, "ann", 5)
    Entrant.objects.filter(season=season, user__username="ann").update(status=Entrant.Status.ELIMINATED)
    with pytest.raises(SeasonError, match="You have been eliminated"):
        ledger_transfer(season=season, sender=user("ann"), to="bob", amount=1, confirmed=True)
    _give(season, "bob", 5)
    with pytest.raises(SeasonError, match="ann has been eliminated and cannot receive"):
        ledger_transfer(season=season, sender=user("bob"), to="ann", amount=1, confirmed=True)
    with pytest.raises(SeasonError, match="not a player in this season"):
        ledger_transfer(season=season, sender=host_user("outsider"), to="bob", amount=1, confirmed=True)
    assert not LedgerEntry.objects.filter(source="transfer").exists()


def test_abc_gets_the_live_balances_at_match_start() -> None:
    """ "in a season pass the live balances in options at match start"."""
    season = started_season()
    _give(season, "ann", 6)
    episode = abc_episode(season)
    assert episode.mm_match.options["garnets"] == {"ann": 6, "bob": 0, "cat": 0, "dan": 0, "eve": 0}


def test_doubling_checks_the_live_season_balance() -> None:
    """ "A match that lets players spend garnets (ABC's doubling) checks and debits the live balance"."""
    season = started_season()
    _give(season, "ann", 2)
    episode = abc_episode(season)
    match = episode.mm_match
    # ann gives her garnets away during the match: the engine still thinks she has 2, the season knows better.
    ledger_transfer(season=season, sender=user("ann"), to="fay", amount=2, confirmed=True)
    pairs = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": True}
    with pytest.raises(SubmissionRefused, match="This move costs 2 garnets; your free season balance is 0"):
        submission_submit(match_id=match.pk, player="ann", move=pairs)
    assert not Submission.objects.exists()


@pytest.mark.django_db(transaction=True)  # its turns close, and notices go out, after commit
def test_a_double_in_play_is_debited_from_the_live_balance_and_written_at_the_end() -> None:
    """Garnets committed to a double count against transfers at once; the match's net is written at its end."""
    season = started_season()
    _give(season, "ann", 2)
    match = abc_episode(season).mm_match
    submission_submit(
        match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]], "double": True}, lock=True
    )
    ann = selectors.entrant_by_handle(season, "ann")
    assert selectors.live_garnets(ann) == 0  # the X's double is committed with the pairing
    with pytest.raises(SeasonError, match="You have 0 free garnets"):
        ledger_transfer(season=season, sender=user("ann"), to="bob", amount=1, confirmed=True)
    match = play_to_end(match)
    net = match.outcome["garnets"]["ann"]
    assert LedgerEntry.objects.filter(entrant=ann, source="match", amount=net).exists() or net == 0
    assert selectors.balance(ann, "garnet") == 2 + net
    assert Turn.objects.filter(match=match).count() > 5 and ABC5[0] == "ann"
