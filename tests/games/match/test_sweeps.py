"""Sweeps that never overlap: several at once split the due turns and close each exactly once."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.match import broadcast, hooks
from games.match.services import turns_close_due
from games.models import Match, Message, Turn
from tests.factories import ABC_PLAYERS, abc_match, abc_matches
from tests.trust.wsutil import unbatch_pushes

pytestmark = pytest.mark.django_db(transaction=True)


def _due_matches(count: int) -> list[Match]:
    matches = [abc_match(seed=f"sweep-{i}") for i in range(count)]
    Turn.objects.filter(status=Turn.Status.OPEN).update(deadline=timezone.now() - timedelta(seconds=1))
    return matches


def test_closed_at_is_the_moment_of_the_close_not_the_sweeps_start() -> None:
    """``closed_at`` is stamped at the real close."""
    _due_matches(3)
    before = timezone.now()
    assert turns_close_due() == 3
    for turn in Turn.objects.filter(number=1):
        assert turn.closed_at is not None and turn.closed_at >= before
    stamps = sorted(Turn.objects.filter(number=1).values_list("closed_at", flat=True))
    assert len(set(stamps)) == 3, "each turn carries its own close time"


claims_batches = pytest.mark.skipif(
    not connection.features.has_select_for_update_skip_locked,
    reason="SKIP LOCKED needs PostgreSQL (SQLite has one writer and one sweeper, closing turn by turn)",
)


@claims_batches
def test_four_concurrent_sweeps_split_the_work_and_close_each_turn_once() -> None:
    matches = _due_matches(24)
    shares: list[int] = []
    barrier = threading.Barrier(4)

    def sweep() -> None:
        barrier.wait()
        try:
            shares.append(turns_close_due(batch=3))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sweep) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sum(shares) == len(matches)
    assert sum(1 for s in shares if s) >= 2, f"the sweeps did not split the work: {shares}"
    for match in matches:
        assert Turn.objects.filter(match=match, number=1, status=Turn.Status.CLOSED).count() == 1
        assert Turn.objects.filter(match=match, number=2).count() == 1
        # Each audience (the public, each player) has its own sequence: no number twice within one.
        seqs = list(Message.objects.filter(match=match).values_list("to", "seq"))
        assert len(seqs) == len(set(seqs))


class _Layer:
    """A channel layer that records what it is sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def group_send(self, group: str, payload: dict[str, Any]) -> None:
        self.sent.append((group, payload))


def _spy_layer(monkeypatch: pytest.MonkeyPatch) -> tuple[_Layer, list[bool]]:
    """Swap the broadcast's channel layer; also record, per send, whether a transaction was still open."""
    layer, in_transaction = _Layer(), []

    def get_layer() -> _Layer:
        in_transaction.append(connection.in_atomic_block)
        return layer

    monkeypatch.setattr(broadcast, "get_channel_layer", get_layer)
    return layer, in_transaction


@claims_batches
def test_a_sweep_sends_a_batchs_pushes_in_one_round_trip_after_its_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    matches = _due_matches(5)
    layer, in_transaction = _spy_layer(monkeypatch)
    assert turns_close_due(batch=5) == 5
    assert in_transaction == [False], "one send for the batch, after the commit"
    sent = unbatch_pushes(layer.sent)
    turns = {p["match"] for _g, p in sent if p["event"] == "turn"}
    assert turns == {m.pk for m in matches}
    # Each match's pushes keep their order: its lines by sequence, then its new turn.
    for match in matches:
        # (A user's own group gets "your turn" from the alerts app: no part of the match's own pushes.)
        own = [p for g, p in sent if p["match"] == match.pk and not p.get("private") and not g.startswith("user-")]
        assert own[-1]["event"] == "turn" and [p["seq"] for p in own[:-1]] == sorted(p["seq"] for p in own[:-1])


def test_a_close_that_fails_in_a_sweep_pushes_nothing_and_the_rest_still_go_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken, *fine = _due_matches(3)

    def refuse(sender: Any, match: Match, **kwargs: Any) -> None:
        if match.pk == broken.pk:
            raise RuntimeError("a broken receiver")

    hooks.turn_closed.connect(refuse, dispatch_uid="test.refuse")
    try:
        layer, _ = _spy_layer(monkeypatch)
        assert turns_close_due() == 2
    finally:
        hooks.turn_closed.disconnect(dispatch_uid="test.refuse")
    assert Turn.objects.get(match=broken, number=1).status == Turn.Status.OPEN
    assert {p["match"] for _g, p in layer.sent} == {m.pk for m in fine}


@claims_batches
def test_a_sweep_closes_each_turn_in_a_handful_of_queries() -> None:
    """The claim reads a batch's turns, matches and submissions at once; a close then only writes."""
    _due_matches(10)
    with CaptureQueriesContext(connection) as queries:
        assert turns_close_due(batch=10) == 10
    # Per close: its savepoint (2), the turn, the private line numbers, the lines, the next turn, the
    # match, reach's guarding savepoint (2); per batch: the claim, submissions, the seasons read ahead
    # in a savepoint (up to 6), begin and commit. (It was 23 per close, and one push round trip each.)
    assert len(queries) <= 9 * 10 + 12, "\n".join(q["sql"][:60] for q in queries.captured_queries)


def test_bulk_matches_start_as_match_start_starts_them() -> None:
    """The benches' bulk fixture makes the very rows ``abc_match`` makes, three inserts in all."""
    one = abc_match(ABC_PLAYERS, seed="same-0")
    with CaptureQueriesContext(connection) as queries:
        (bulk,) = abc_matches(1, seed="same")
    assert len([q for q in queries.captured_queries if q["sql"].startswith("INSERT")]) == 3
    assert (bulk.state, bulk.seed_sha256, bulk.options) == (one.state, one.seed_sha256, one.options)
    fields = ("number", "label", "awaiting", "state_before", "status")
    first_one = Turn.objects.filter(match=one).values(*fields).get()
    first_bulk = Turn.objects.filter(match=bulk).values(*fields).get()
    assert first_one == first_bulk
    assert list(bulk.seats.values_list("user__username", flat=True).order_by("position")) == ABC_PLAYERS
