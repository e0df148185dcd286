"""The statements of the submit and close path: every compiled read and write (``core.statements``) Garnet has.

Only the reads and the write every move makes are compiled once per process: a submit's locked open turn,
the seats, the turn's submissions and the saved-again write; a close's snapshot, its locked rows and the
log its pages show (which the match page reads too, with its open turn). Everything else is a plain queryset (Django compiles it per call; see
``docs/internals.md``, "Django internals we rely on"). ``STATEMENTS`` and ``ROW_UPDATES`` are the
registry ``tests/core/test_statements.py`` checks against a fresh compile of each: a statement is added
here, and to these tuples, or it is not a statement.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Max, QuerySet

from core.statements import RowUpdate, Statement
from games.models import Match, Message, Seat, Submission, Turn

LOG_FIELDS = ("seq", "to", "text", "turn_number")  # a log line's columns, in ``selectors.LogLine``'s order


# The submit: the locked open turn with its match (or the match alone), the seats, the submissions so far.
@Statement
def locked_open_turn(match_id: int) -> QuerySet[Turn]:
    return (
        Turn.objects.select_for_update(of=("self",))
        .select_related("match")
        .filter(match_id=match_id, status=Turn.Status.OPEN)
        .order_by("-number")[:1]
    )


@Statement
def match_row(pk: int) -> QuerySet[Match]:
    return Match.objects.filter(pk=pk)[:1]


@Statement
def seats(match_id: int) -> QuerySet[Seat, tuple[int, int, str]]:
    # No ordering: the rows become a dict (Seat's default ordering would join the match for nothing).
    return Seat.objects.filter(match_id=match_id).order_by().values_list("position", "user_id", "user__username")


@Statement
def turn_submissions(turn_id: int) -> QuerySet[Submission]:
    return Submission.objects.filter(turn_id=turn_id)


@Statement
def seat_submission(turn_id: int, player: str) -> QuerySet[Submission]:
    return Submission.objects.filter(turn_id=turn_id, player=player)[:1]


# A move saved again (most saves are): its one write.
resave = RowUpdate(Submission, ("move", "locked", "submitted_at", "revision"))


# The close: its snapshot, the rows it locks and checks, the private lines' numbers, the log its pages show.
@Statement
def turn_with_match(pk: int) -> QuerySet[Turn]:
    return Turn.objects.select_related("match").filter(pk=pk).order_by()[:1]


@Statement
def locked_turn(pk: int) -> QuerySet[Turn]:
    return Turn.objects.select_for_update().filter(pk=pk).order_by()[:1]


@Statement
def revisions(turn_id: int) -> QuerySet[Submission, tuple[str, int]]:
    return Submission.objects.filter(turn_id=turn_id).values_list("player", "revision")


@Statement
def locked_match(pk: int) -> QuerySet[Match]:
    return Match.objects.select_for_update().filter(pk=pk).order_by()[:1]


@Statement
def last_private_seqs(match_id: int) -> QuerySet[Message, tuple[str, int]]:
    # Every addressee's (the private-line index covers it), not only this turn's: no list parameter to compile.
    return (
        Message.objects.filter(match_id=match_id, to__isnull=False)
        .order_by()
        .values_list("to")
        .annotate(last=Max("seq"))
    )


@Statement
def log_rows(match_id: int) -> QuerySet[Message, tuple[int, str | None, str, int]]:
    return Message.objects.filter(match_id=match_id).order_by("pk").values_list(*LOG_FIELDS)


# The match page (every load, fetch and socket submit's answer) reads rows a close's pages read: the open turn, and
# the log (``log_rows``, filtered to what the viewer may read). Compiled per call they cost a page ~1 ms (issue 45).
@Statement
def open_turn(match_id: int) -> QuerySet[Turn]:
    return Turn.objects.filter(match_id=match_id, status=Turn.Status.OPEN).order_by("-number")[:1]


STATEMENTS: tuple[Statement[Any], ...] = (
    locked_open_turn,
    match_row,
    seats,
    turn_submissions,
    seat_submission,
    turn_with_match,
    locked_turn,
    revisions,
    locked_match,
    last_private_seqs,
    log_rows,
    open_turn,
)
ROW_UPDATES: tuple[RowUpdate, ...] = (resave,)
