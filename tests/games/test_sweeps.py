"""Sweeps that never overlap: several at once split the due turns and close each exactly once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone

from games.models import Match, Message, Turn
from games.services import turns_close_due
from tests.factories import abc_match

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


@pytest.mark.skipif(
    not connection.features.has_select_for_update_skip_locked,
    reason="SKIP LOCKED needs PostgreSQL (SQLite has one writer and one sweeper)",
)
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
