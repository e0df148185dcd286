"""A turn everyone locked in whose close died with its web process is closed by the sweep, once, after a grace."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.match.services.recovery import GRACE, turns_close_complete
from games.models import Submission, Turn
from tests.factories import abc_match

pytestmark = pytest.mark.django_db

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


def _locked_but_open(*, ago: timedelta) -> Turn:
    """Turn 1 of an ABC match with its one awaited lock-in stored and no close (the process died after the commit)."""
    turn = Turn.objects.get(match=abc_match(), number=1)
    Submission.objects.create(turn=turn, player="ann", move=PAIRS, locked=True, submitted_at=timezone.now() - ago)
    return turn


def test_a_complete_turn_left_open_is_closed_after_the_grace_and_only_once() -> None:
    turn = _locked_but_open(ago=GRACE + timedelta(seconds=1))
    assert turns_close_complete() == 1
    turn.refresh_from_db()
    assert turn.status == Turn.Status.CLOSED and turn.moves == {"ann": PAIRS}
    assert Turn.objects.filter(match=turn.match, number=2, status=Turn.Status.OPEN).count() == 1
    assert turns_close_complete() == 0


def test_a_fresh_lock_in_is_left_to_the_process_that_took_it() -> None:
    turn = _locked_but_open(ago=timedelta(seconds=1))
    assert turns_close_complete() == 0
    assert Turn.objects.get(pk=turn.pk).status == Turn.Status.OPEN


def test_a_turn_still_awaiting_someone_stays_open() -> None:
    match = abc_match()
    assert turns_close_complete() == 0  # turn 1 awaits ann, who has not locked in
    turn = Turn.objects.get(match=match, number=1)
    Submission.objects.create(
        turn=turn, player="ann", move=PAIRS, locked=False, submitted_at=timezone.now() - timedelta(minutes=1)
    )
    assert turns_close_complete() == 0
    assert Turn.objects.get(pk=turn.pk).status == Turn.Status.OPEN
