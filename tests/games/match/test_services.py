"""match_start, submission_submit and turn_close: the framework's writes (DESIGN.md, "Turns and deadlines")."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from datetime import timedelta
from random import Random
from typing import Any

import pytest
from django.utils import timezone

from games.match.services import ClosedTurn, SubmissionRefused, submission_submit, turn_close, turns_close_due
from games.match.services.matches import MatchStartError, match_start
from games.match.services.replay import match_replay
from games.models import Match, Message, Submission, Turn
from games.registry import get_engine
from tests.factories import abc_match, users
from tests.trust.wsutil import unbatch_pushes

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}

pytestmark = pytest.mark.django_db


def open_turn(match: Match) -> Turn:
    return Turn.objects.get(match=match, status=Turn.Status.OPEN)


def test_match_start_opens_the_first_turn_with_an_absolute_deadline(match: Match) -> None:
    """match_start sets the match up and opens turn 1, deadline stored as an absolute UTC time."""
    turn = open_turn(match)
    assert turn.number == 1 and turn.awaiting == ["ann"]
    assert turn.deadline.utcoffset() == timedelta(0)
    assert match.seats.count() == 5


def test_match_start_refuses_wrong_player_counts_and_unknown_users(db: Any) -> None:
    users(["ann", "bob"])
    with pytest.raises(MatchStartError, match="takes 5"):
        match_start(game="abc", players=["ann", "bob"])
    with pytest.raises(MatchStartError, match="no such user"):
        match_start(game="abc", players=["ann", "bob", "x1", "x2", "x3"])
    with pytest.raises(MatchStartError, match='no game "nope"'):
        match_start(game="nope", players=["ann"])


def test_submission_is_replaceable_until_locked(match: Match) -> None:
    """Until then a player may change their submission; the last one before the deadline counts."""
    submission_submit(match_id=match.pk, player="ann", move=PAIRS)
    other = {"pairs": [["bob", "dan"], ["cat", "eve"]], "double": False}
    submission_submit(match_id=match.pk, player="ann", move=other)
    sub = Submission.objects.get(player="ann")
    assert sub.move["pairs"] == other["pairs"] and sub.revision == 2
    assert open_turn(match).number == 1


def test_a_save_reads_its_own_seats_move_and_a_lock_in_every_seats(
    match: Match, django_capture_on_commit_callbacks: Any
) -> None:
    """A save cannot complete its turn, so it reads only the mover's earlier submission; a lock-in reads every
    seat's, and the last one awaited closes the turn."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with django_capture_on_commit_callbacks(execute=True):
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True)
    action = {"action": "ally", "double": False}
    turn = open_turn(match)
    for player in turn.awaiting[:2]:
        submission_submit(match_id=match.pk, player=player, move=action)
    saver = turn.awaiting[0]
    with CaptureQueriesContext(connection) as queries:
        submission_submit(match_id=match.pk, player=saver, move=action)
    reads = [q["sql"] for q in queries.captured_queries if 'FROM "games_submission"' in q["sql"]]
    assert len(reads) == 1 and '"games_submission"."player" =' in reads[0]
    assert Submission.objects.get(turn=turn, player=saver).revision == 2
    with django_capture_on_commit_callbacks(execute=True):
        for player in turn.awaiting:
            submission_submit(match_id=match.pk, player=player, move=action, lock=True)
    assert Turn.objects.get(pk=turn.pk).status == Turn.Status.CLOSED


def test_locking_in_closes_the_turn_early(match: Match, django_capture_on_commit_callbacks: Any) -> None:
    """A turn closes early when every awaited player has locked in."""
    with django_capture_on_commit_callbacks(execute=True):  # the early close runs after commit
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True)
    assert Turn.objects.get(match=match, number=1).status == Turn.Status.CLOSED
    nxt = open_turn(match)
    assert nxt.number == 2 and sorted(nxt.awaiting) == ["bob", "cat", "dan", "eve"]
    assert Message.objects.filter(match=match).exists()


def test_a_locked_submission_cannot_change(match: Match, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, lock=True)
    submission_submit(match_id=match.pk, player="bob", move={"action": "ally"}, lock=True)
    with pytest.raises(SubmissionRefused, match="locked in"):
        submission_submit(match_id=match.pk, player="bob", move={"action": "betray"})


@pytest.mark.parametrize(
    ("player", "move", "status", "text"),
    [
        ("bob", PAIRS, 409, "does not await you"),
        ("zed", PAIRS, 403, "not a player"),
        ("ann", {"pairs": [["bob", "bob"], ["dan", "eve"]]}, 400, None),
        ("ann", ["not", "an", "object"], 400, "JSON object"),
        ("ann", {"pairs": "garbage"}, 400, None),
    ],
)
def test_bad_submissions_are_refused_and_change_nothing(
    match: Match, player: str, move: Any, status: int, text: str | None
) -> None:
    """Every bad call gets a clear message and changes nothing."""
    with pytest.raises(SubmissionRefused, match=text) as err:
        submission_submit(match_id=match.pk, player=player, move=move)
    assert err.value.status == status and str(err.value)
    assert not Submission.objects.exists()


def test_wrong_turn_number_is_refused(match: Match) -> None:
    with pytest.raises(SubmissionRefused, match="That turn is over"):
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, turn_number=7)


def test_late_submission_is_refused_with_the_deadline(match: Match) -> None:
    """A late submission is refused with a clear message."""
    turn = open_turn(match)
    with pytest.raises(SubmissionRefused, match="Too late: the deadline"):
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, now=turn.deadline + timedelta(seconds=1))


def test_missing_submission_becomes_the_default_move_at_the_deadline(match: Match) -> None:
    """A missing submission becomes the engine's default_move."""
    turn = open_turn(match)
    assert turns_close_due(now=turn.deadline + timedelta(seconds=1)) == 1
    turn.refresh_from_db()
    assert turn.status == Turn.Status.CLOSED and "ann" in turn.moves


def test_closing_twice_is_a_no_op(match: Match) -> None:
    """Closing twice is a no-op: the second call closes nothing and says so (None)."""
    turn = open_turn(match)
    later = turn.deadline + timedelta(seconds=1)
    assert isinstance(turn_close(turn_id=turn.pk, now=later), ClosedTurn)
    count = Message.objects.count()
    assert turn_close(turn_id=turn.pk, now=later) is None
    assert turn_close(turn_id=turn.pk, now=later, force=True) is None
    assert Message.objects.count() == count
    assert Turn.objects.filter(match=match).count() == 2


def test_a_close_returns_what_it_closed_as_a_value(match: Match) -> None:
    """The close's value: the match as stored, the closed turn, the new state already decoded, the lines, the
    next turn and the data pushes (the lines, then the turn event), the seats they go to."""
    turn = open_turn(match)
    closed = turn_close(turn_id=turn.pk, force=True)
    assert closed is not None
    match.refresh_from_db()
    engine = get_engine("abc")
    assert closed.match_id == match.pk and closed.number == 1 and closed.turn.status == Turn.Status.CLOSED
    assert closed.engine is engine and engine.dump(closed.state) == match.state
    assert closed.next_turn == open_turn(match) and closed.next_turn.number == 2
    assert closed.outcome is None and not closed.finished
    assert [m.pk for m in closed.messages] == list(
        Message.objects.filter(match=match).order_by("pk").values_list("pk", flat=True)
    )
    assert closed.seats == tuple(match.players)
    kinds = [payload["event"] for _group, payload in closed.events]
    assert kinds == ["message"] * len(closed.messages) + ["turn"]
    assert closed.events[-1][1]["turn"]["number"] == 2 and closed.match.last_seq == match.last_seq
    with pytest.raises(FrozenInstanceError):
        closed.state = None  # type: ignore[misc]


def test_a_close_that_ends_the_match_says_how(match: Match) -> None:
    """The last close carries the outcome and no next turn; its last push is the end."""
    closed = None
    while (turn := Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()) is not None:
        closed = turn_close(turn_id=turn.pk, force=True)
    assert closed is not None and closed.finished and closed.next_turn is None
    assert closed.match.status == Match.Status.FINISHED and closed.outcome is not None
    assert closed.events[-1][1]["event"] == "finished"


def test_a_turn_is_not_closed_before_its_deadline(match: Match) -> None:
    turn = open_turn(match)
    assert turn_close(turn_id=turn.pk) is None
    assert turns_close_due() == 0


def test_submission_after_close_is_refused(match: Match) -> None:
    """None is accepted after the close."""
    turn = open_turn(match)
    turn_close(turn_id=turn.pk, force=True)
    with pytest.raises(SubmissionRefused, match="does not await you|has closed|That turn is over"):
        submission_submit(match_id=match.pk, player="ann", move=PAIRS, turn_number=1)


def test_messages_are_numbered_in_order(match: Match) -> None:
    """Message: public or private, in order; each audience (public, each player) numbered on its own."""
    for _ in range(4):
        turn_close(turn_id=open_turn(match).pk, force=True)
    rows = list(Message.objects.filter(match=match).order_by("pk").values_list("to", "seq"))
    for audience in {to for to, _ in rows}:
        seqs = [seq for to, seq in rows if to == audience]
        assert seqs == list(range(1, len(seqs) + 1)), audience
    match.refresh_from_db()
    assert match.last_seq == sum(1 for to, _ in rows if to is None)


def test_whole_match_by_deadlines_finishes_and_replays_identically(match: Match) -> None:
    """A host can replay any finished match from its seed and submissions and see it reproduces the result."""
    now = timezone.now()
    for _ in range(40):
        if not turns_close_due(now=now + timedelta(days=30)):
            break
        now += timedelta(days=2)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome is not None
    report = match_replay(match_id=match.pk)
    assert report.identical, report.summary


def test_sweep_closes_overdue_turns_in_deadline_order(db: Any) -> None:
    """The sweeper down for a while closes every overdue turn when it returns, in deadline order."""
    first = abc_match(seed="s1")
    second = abc_match(["fay", "gus", "hal", "ivy", "jon"], seed="s2")
    Turn.objects.filter(match=second).update(deadline=timezone.now() - timedelta(hours=2))
    Turn.objects.filter(match=first).update(deadline=timezone.now() - timedelta(hours=1))
    assert turns_close_due() == 2
    closed = list(Turn.objects.filter(number=2).order_by("pk").values_list("match_id", flat=True))
    assert closed == [second.pk, first.pk]


def test_a_lock_in_is_pushed_to_every_watcher_without_the_move(django_capture_on_commit_callbacks: Any) -> None:
    """Lock-in ticks are pushed live: a "locked" event naming the player, never their move."""
    from unittest import mock

    from games.match import broadcast

    match = abc_match()
    sent: list[tuple[str, dict]] = []
    with (
        mock.patch.object(broadcast, "send", side_effect=lambda events: sent.extend(unbatch_pushes(events)) or 0),
        django_capture_on_commit_callbacks(execute=True),
    ):
        # The X's lock-in is the one the turn awaits: the close pushes the next turn, the tick is not pushed.
        submission_submit(match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]}, lock=True)
    assert not [p for _group, p in sent if p.get("event") == "locked"]
    assert [p for _group, p in sent if p.get("event") == "turn"]
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    assert len(turn.awaiting) > 1
    first = turn.awaiting[0]
    move = get_engine("abc").random_move(get_engine("abc").load(turn.state_before), first, Random(1))
    with (
        mock.patch.object(broadcast, "send", side_effect=lambda events: sent.extend(unbatch_pushes(events)) or 0),
        django_capture_on_commit_callbacks(execute=True),
    ):
        submission_submit(match_id=match.pk, player=first, move=dict(move), lock=True)
    locked = [payload for group, payload in sent if payload.get("event") == "locked"]
    assert locked and locked[0]["player"] == first and "move" not in locked[0]
    assert all(group == broadcast.group_public(match.pk) for group, p in sent if p.get("event") == "locked")
