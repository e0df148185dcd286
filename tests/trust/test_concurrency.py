"""Concurrency on real PostgreSQL: many closers, many submitters, submissions racing the deadline.

Each thread has its own database connection (Django's connections are per thread),
so these are real concurrent transactions taking real row locks.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from games.match.services import ClosedTurn, SubmissionRefused, submission_submit, turn_close, turns_close_due
from games.match.services.turns import turn_rng
from games.models import Match, Message, Submission, Turn
from games.registry import get_engine
from tests.factories import abc_match
from tests.trust.conftest import postgres_only, run_together

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

OTHER_PAIRS = {"pairs": [["bob", "dan"], ["cat", "eve"]], "double": False}


def _open(match: Match) -> Turn:
    return Turn.objects.get(match=match, status=Turn.Status.OPEN)


def _expected(match: Match, turn: Turn, moves: dict[str, dict[str, Any]]) -> tuple[list[tuple[str, str | None]], str]:
    """What resolving ``turn`` with ``moves`` must store: its messages and the new state."""
    engine = get_engine(match.game)
    state, msgs = engine.resolve(engine.load(turn.state_before), moves, turn_rng(match, turn.number))
    return [(m.text, m.to) for m in msgs], json.dumps(engine.dump(state), sort_keys=True)


@pytest.mark.parametrize("closers", [8])
def test_eight_closers_of_one_due_turn_resolve_it_exactly_once(closers: int) -> None:
    """8 threads closing the same due turn, 25 times over: one resolution, one set of messages, one next turn."""
    for rep in range(25):
        match = abc_match(seed=f"race-{rep}")
        turn = _open(match)
        if rep % 2:  # half the time the X has submitted; half the time the default stands
            submission_submit(match_id=match.pk, player="ann", move=OTHER_PAIRS)
        later = turn.deadline + timedelta(seconds=1)
        calls = [(lambda: turn_close(turn_id=turn.pk, now=later)) for _ in range(closers // 2)]
        calls += [(lambda: turns_close_due(now=later)) for _ in range(closers - closers // 2)]
        results = run_together(calls)
        assert not [r for r in results if isinstance(r, BaseException)], results
        # turn_close answers what it closed (None: nothing), a sweep how many turns it closed.
        assert sum(r if isinstance(r, int) else int(r is not None) for r in results) == 1, f"rep {rep}: {results}"
        turn.refresh_from_db()
        match.refresh_from_db()
        assert turn.status == Turn.Status.CLOSED
        assert list(Turn.objects.filter(match=match).order_by("number").values_list("number", "status")) == [
            (1, "closed"),
            (2, "open"),
        ]
        stored = list(Message.objects.filter(match=match).order_by("pk").values_list("text", "to"))
        texts, state = _expected(match, turn, turn.moves)
        # Public lines are numbered on their own (issue 17): last_seq counts only them.
        assert stored == texts and match.last_seq == sum(1 for _, to in texts if to is None)
        assert json.dumps(match.state, sort_keys=True) == state
        if rep % 2:
            assert turn.moves["ann"]["pairs"] == OTHER_PAIRS["pairs"]


def test_eight_concurrent_submissions_by_one_player_store_exactly_one_row() -> None:
    """8 concurrent submissions by one player: one row, every accepted one a revision of it."""
    for rep in range(10):
        match = abc_match(seed=f"subs-{rep}")
        moves = [OTHER_PAIRS, {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}] * 4
        results = run_together(
            [(lambda m=m: submission_submit(match_id=match.pk, player="ann", move=m)) for m in moves]
        )
        errors = [r for r in results if isinstance(r, BaseException)]
        assert not errors, errors
        rows = list(Submission.objects.filter(turn__match=match))
        assert len(rows) == 1
        assert rows[0].revision == 8
        assert _open(match).number == 1


def test_concurrent_lock_ins_close_the_turn_once() -> None:
    """The 4 paired players of round 2 all lock in at once: the turn closes exactly once, early."""
    for rep in range(10):
        match = abc_match(seed=f"lock-{rep}")
        submission_submit(match_id=match.pk, player="ann", move=OTHER_PAIRS, lock=True)
        turn = _open(match)
        assert turn.number == 2
        results = run_together(
            [
                (lambda p=p: submission_submit(match_id=match.pk, player=p, move={"action": "ally"}, lock=True))
                for p in turn.awaiting
            ]
        )
        assert not [r for r in results if isinstance(r, BaseException)], results
        turn.refresh_from_db()
        assert turn.status == Turn.Status.CLOSED
        assert Turn.objects.filter(match=match, number=3).count() == 1
        rows = list(Message.objects.filter(match=match).order_by("pk").values_list("to", "seq"))
        for audience in {to for to, _ in rows}:  # each audience numbered 1, 2, 3... on its own
            seqs = [seq for to, seq in rows if to == audience]
            assert seqs == list(range(1, len(seqs) + 1))


def test_a_submission_racing_the_deadline_is_counted_or_refused_never_half_applied() -> None:
    """A submission and the close race, 30 times: either the close used it, or it was refused and left no row."""
    counted = refused = 0
    for rep in range(30):
        match = abc_match(seed=f"edge-{rep}")
        turn = _open(match)
        just_before = turn.deadline - timedelta(microseconds=1)
        after = turn.deadline + timedelta(microseconds=1)
        submit = lambda: submission_submit(match_id=match.pk, player="ann", move=OTHER_PAIRS, now=just_before)  # noqa: E731
        close = lambda: turn_close(turn_id=turn.pk, now=after)  # noqa: E731
        calls = [submit, close] if rep % 2 else [close, submit]
        results = run_together(calls)
        sub_result = results[0] if rep % 2 else results[1]
        close_result = results[1] if rep % 2 else results[0]
        assert isinstance(close_result, ClosedTurn), close_result
        turn.refresh_from_db()
        rows = list(Submission.objects.filter(turn=turn))
        if isinstance(sub_result, SubmissionRefused):
            refused += 1
            # Refused with a message: "Too late: ... has closed" or, once the next turn is open, "does not await you".
            assert sub_result.status == 409 and str(sub_result)
            assert rows == []
            engine = get_engine("abc")
            assert turn.moves["ann"] == engine.default_move(engine.load(turn.state_before), "ann")
        else:
            assert not isinstance(sub_result, BaseException), sub_result
            counted += 1
            assert len(rows) == 1 and turn.moves["ann"] == rows[0].move
        # None is accepted after the close.
        with pytest.raises(SubmissionRefused):
            submission_submit(match_id=match.pk, player="ann", move=OTHER_PAIRS, turn_number=1, now=just_before)
        assert Submission.objects.filter(turn=turn).count() == len(rows)
    assert counted + refused == 30


def test_a_seat_replaced_while_its_old_player_submits_takes_the_move_before_or_refuses_it() -> None:
    """The replacement and the old player's submission race, 10 times over: the move lands before the seat
    changes hands (it stays with the seat) or is refused as not a player's; never after, never lost half-way."""
    from django.contrib.auth import get_user_model

    from core.errors import NotAPlayer
    from games.match.selectors import seat_usernames
    from games.match.services import match_player_replace
    from tests.factories import UserFactory

    host = UserFactory(username="host")
    for rep in range(10):
        match = abc_match(seed=f"seat-race-{rep}")
        ann = get_user_model().objects.get(username="ann")
        newcomer = UserFactory(username=f"zed{rep}")
        results = run_together(
            [
                lambda: submission_submit(match_id=match.pk, player="ann", move=OTHER_PAIRS, by=ann),
                lambda: match_player_replace(match_id=match.pk, seat="ann", user=newcomer, by=host, reason="race"),
            ]
        )
        submitted, replaced = results
        assert not isinstance(replaced, BaseException), replaced
        assert seat_usernames(Match.objects.get(pk=match.pk))["ann"] == newcomer.username
        stored = Submission.objects.filter(turn__match=match, player="ann").exists()
        if isinstance(submitted, BaseException):
            assert isinstance(submitted, NotAPlayer) and not stored, submitted
        else:
            assert stored
