"""A host's elimination racing a transfer or the player's Death Match (issue 40, items 1 and 6)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connections, transaction

from seasons import selectors
from seasons.models import Entrant, LedgerEntry
from seasons.services import ledger_adjust, ledger_transfer
from seasons.services.entrants import entrant_eliminate
from seasons.services.errors import PlayerNotAlive
from tests.seasons.factories import host_user, started_season, user
from tests.trust.conftest import postgres_only


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_transfer_to_a_player_being_eliminated_is_refused_after_it_waits_for_their_row_lock() -> None:
    """The transfer reads ``bob`` alive, then waits for his row lock while the host's elimination (holding it)
    confiscates his garnets and commits; the transfer must look again under the lock and refuse: an
    eliminated player never keeps garnets sent in the same instant."""
    season = started_season(["ann", "bob", "cat"])
    host = host_user("host2")
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=5, reason="seed", user=host)
    ledger_adjust(season=season, handle="bob", currency="garnet", amount=2, reason="seed", user=host)
    bob = selectors.entrant_by_handle(season, "bob")
    locked, release = threading.Event(), threading.Event()
    outcome: dict[str, Any] = {}

    def eliminate() -> None:
        try:
            with transaction.atomic():
                entrant_eliminate(entrant=bob, episode=None, reason="host: disqualified")
                locked.set()
                release.wait(10)  # the transfer reaches the row lock while this commit is pending
        finally:
            connections.close_all()

    def transfer() -> None:
        try:
            outcome["entry"] = ledger_transfer(season=season, sender=user("ann"), to="bob", amount=3, confirmed=True)
        except Exception as exc:  # noqa: BLE001 - the refusal is what the test checks
            outcome["error"] = exc
        finally:
            connections.close_all()

    host_thread = threading.Thread(target=eliminate)
    host_thread.start()
    assert locked.wait(10)
    sender = threading.Thread(target=transfer)
    sender.start()
    time.sleep(0.5)  # the transfer has passed its first checks and waits for bob's row
    release.set()
    host_thread.join(10)
    sender.join(10)
    assert isinstance(outcome.get("error"), PlayerNotAlive), outcome
    bob.refresh_from_db()
    assert bob.status == Entrant.Status.ELIMINATED
    assert selectors.balance(bob, "garnet") == 0
    assert selectors.balance(selectors.entrant_by_handle(season, "ann"), "garnet") == 5
    assert not LedgerEntry.objects.filter(source=LedgerEntry.Source.TRANSFER).exists()
