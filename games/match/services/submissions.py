"""Taking a player's move for the current turn: access → check → do (Zulip's shape).

``submission_access`` says who may act and on what (the locked read), ``submission_check``
says whether the move is acceptable now, and ``submission_do`` writes it. The public
``submission_submit`` runs the three in one transaction, so a move either lands before
its turn closes or is refused as late; never after. It returns a ``Submitted`` value (with
the ``ClosedTurn`` when its lock-in closed the turn), never state hung on the submission.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from core import errors
from games.engine import DEALER, RuleError
from games.match import broadcast, hooks, statements
from games.match.selectors import match_by_pk, match_has_dealer, turn_submissions, viewer_handle
from games.match.services.results import ClosedTurn, PageDrawer, Submitted, TurnRead
from games.match.services.turns import turn_close_soon
from games.models import Match, Submission, Turn
from games.registry import get_engine


@dataclass
class SubmitTarget:
    """What a submission lands on: the open turn (row-locked) with its match, and its submissions so far (only
    the mover's for a save)."""

    match: Match
    turn: Turn | None
    player: str
    submissions: dict[str, Submission] = field(default_factory=dict)


@dataclass(frozen=True)
class Checked:
    """A move ``submission_check`` accepted: as the engine cleaned it, its garnet cost, and the open turn's
    state it was checked on (decoded once: the close of the turn resolves from it)."""

    move: dict[str, Any]
    cost: Any
    state: Any
    replaced_cost: int = 0  # what the player's earlier move of this turn, which this one replaces, costs


def submission_access(*, match_id: int, player: str | None, by: Any = None, everyone: bool = True) -> SubmitTarget:
    """Lock the open turn of ``match_id`` (one query, with its match) and check who plays in it.

    ``by`` (the signed-in user, from the edges) must play the seat ``player`` now (``player``
    None: whichever seat ``by`` plays; for a host of a dealer's game who plays no seat, the dealer's
    seat ``games.engine.DEALER``): the seats are read under the turn's lock, so a host's
    replacement of that seat (which takes the same lock) is either before this move, which is
    then refused, or after it. The target's ``player`` is the seat the move is for.
    ``everyone``: read every seat's submission (a lock-in may complete the turn), or only that seat's (a save,
    which never does). Call inside a transaction. Raises ``MatchNotFound`` or ``NotAPlayer``.
    """
    if not 0 < match_id < 2**63:  # no database key is outside a signed 64-bit integer
        raise errors.MatchNotFound("There is no such match.")
    turn = statements.locked_open_turn.first(match_id=match_id)
    match = turn.match if turn is not None else match_by_pk(match_id)
    if match is None:
        raise errors.MatchNotFound("There is no such match.")
    seat = viewer_handle(match, by) if by is not None else player
    seated = seat in match.players or (seat == DEALER and match_has_dealer(match))
    if seat is None or not seated or (player is not None and seat != player):
        raise errors.NotAPlayer("You are not a player in this match.")
    subs = turn_submissions(turn, None if everyone else seat) if turn is not None else []
    return SubmitTarget(match=match, turn=turn, player=seat, submissions={s.player: s for s in subs})


def submission_check(
    *, target: SubmitTarget, player: str, move: Any, turn_number: int | None, moment: datetime
) -> Checked:
    """The move as the engine cleaned it, if ``player`` may make it now; else the refusal that says why."""
    match, turn = target.match, target.turn
    if turn_number is not None and (turn is None or turn.number != turn_number):
        now_open = f"; the open turn is {turn.label} (turn {turn.number})" if turn is not None else ""
        raise errors.StaleTurn(f"That turn is over{now_open}.")
    if match.status == Match.Status.PAUSED:
        raise errors.MatchPaused("This match is paused by its host; submissions wait until it resumes.")
    if match.status != Match.Status.RUNNING:
        raise errors.GameOver("This match is over; it takes no more submissions.")
    if turn is None:
        raise errors.NoOpenTurn("No turn is open right now.")
    if player not in turn.awaiting:
        waiting = ", ".join("the dealer" if p == DEALER else p for p in turn.awaiting) or "nobody (a timed pause)"
        raise errors.InactivePlayer(f"{turn.label} does not await you; it awaits {waiting}.")
    if turn.is_paused:
        raise errors.TurnPaused(f"{turn.label} is paused by the host; try again when it resumes.")
    if moment >= turn.deadline:
        raise errors.StaleTurn(
            f"Too late: the deadline of {turn.label} passed at {turn.deadline:%Y-%m-%d %H:%M:%S} UTC."
        )
    existing = target.submissions.get(player)
    if existing is not None and existing.locked:
        raise errors.AlreadyLocked("You have locked in your move for this turn; it can no longer change.")
    if not isinstance(move, Mapping):
        raise errors.MalformedMove("A move must be a JSON object.", rule=True)
    try:
        engine = get_engine(match.game)
    except KeyError as exc:
        raise errors.GameNotInstalled("This match's game is not installed here.") from exc
    try:
        state = engine.load(turn.state_before)
        clean = engine.validate(state, player, dict(move))
        cost = engine.garnet_cost(state, player, clean)
        for check in hooks.MOVE_CHECKS:
            check(match, player, clean)
    except RuleError as exc:
        raise errors.InvalidMove(str(exc)) from exc
    replaced_cost = engine.garnet_cost(state, player, existing.move) if existing is not None else 0
    return Checked(move=dict(clean), cost=cost, state=state, replaced_cost=replaced_cost)


def submission_do(*, target: SubmitTarget, player: str, checked: Checked, lock: bool, moment: datetime) -> Submitted:
    """Store the checked move (one write); say whether it was the last lock-in the turn awaited."""
    turn = target.turn
    assert turn is not None  # submission_check refused a missing turn
    clean = checked.move
    existing = target.submissions.get(player)
    if existing is None:
        sub = Submission.objects.create(turn=turn, player=player, move=clean, locked=lock, submitted_at=moment)
    else:
        existing.move, existing.locked, existing.submitted_at = clean, lock, moment
        existing.revision += 1
        statements.resave.run(pk=existing.pk, move=clean, locked=lock, submitted_at=moment, revision=existing.revision)
        sub = existing
    sub.turn = turn
    target.submissions[player] = sub
    try:  # a season holds the move's garnets from the free balance, or refuses it (all rolled back)
        if checked.cost > 0 or checked.replaced_cost > 0:  # else nothing is held, before or after
            for saved in hooks.MOVE_SAVED:
                saved(target.match, turn, player, checked.cost)
    except RuleError as exc:
        raise errors.InvalidMove(str(exc)) from exc
    completes = bool(turn.awaiting) and all(
        p in target.submissions and target.submissions[p].locked for p in turn.awaiting
    )
    if lock and not completes:  # everyone's lock-in ticks update live (who locked in is public; the move is not)
        event = broadcast.lock_event(match=target.match, turn=turn, player=player)
        transaction.on_commit(lambda: broadcast.send([event]))
    return Submitted(submission=sub, turn=turn, completes_turn=completes)


def submission_submit(
    *,
    match_id: int,
    player: str | None = None,
    move: Any,
    lock: bool = False,
    turn_number: int | None = None,
    now: datetime | None = None,
    by: Any = None,
    draw: PageDrawer | None = None,
) -> Submitted:
    """Store ``player``'s move for the open turn of match ``match_id``; raise a ``SubmissionRefused`` if not.

    ``turn_number`` (from a form or a client) makes a move meant for a closed turn a
    ``StaleTurn`` ("that turn is over") instead of landing on the next one. Three
    queries in the usual case: the locked turn with its match, its submissions, the write.
    ``by``: the user submitting, who must play the seat ``player`` (``player`` None: the seat they
    play; see ``submission_access``). Four queries then: the seats are read under the lock.

    When this was the last lock-in the turn awaited, the turn is closed right after the commit,
    from what this submit read and decoded under the lock, and the result's ``closed`` is that
    close (None if the close failed and a worker retries). Inside a caller's transaction the
    close waits for its commit instead, and ``closed`` is None. ``draw``: the caller's pages for
    that close (see ``turn_close``).
    """
    moment = now or timezone.now()
    with transaction.atomic():
        # A save (no lock-in) cannot complete the turn: it needs only its own seat's earlier move.
        target = submission_access(match_id=match_id, player=player, by=by, everyone=lock)
        seat = target.player
        checked = submission_check(target=target, player=seat, move=move, turn_number=turn_number, moment=moment)
        done = submission_do(target=target, player=seat, checked=checked, lock=lock, moment=moment)
    if not done.completes_turn:
        return done
    # The close starts from what this submit read under the lock (the turn, its match, the submissions, the decoded
    # state) as it committed. The last lock-in's own tick is not pushed: the close right after it pushes the next
    # turn (or the end) to every page; only a close that did not happen here pushes the tick.
    read = TurnRead(turn=done.turn, submissions=dict(target.submissions), state_before=checked.state)
    if connection.in_atomic_block:  # a caller's transaction: the turn closes when it commits
        transaction.on_commit(lambda: _close_or_tick(read=read, player=seat, draw=draw))
        return done
    closed = _close_or_tick(read=read, player=seat, draw=draw)
    return Submitted(submission=done.submission, turn=done.turn, completes_turn=True, closed=closed)


def _close_or_tick(*, read: TurnRead, player: str, draw: PageDrawer | None) -> ClosedTurn | None:
    """Close the turn the last lock-in completed (after its commit); if that closed nothing, push the lock-in's tick."""
    closed = turn_close_soon(turn_id=read.turn.pk, read=read, draw=draw)
    if closed is None:
        broadcast.send([broadcast.lock_event(match=read.turn.match, turn=read.turn, player=player)])
    return closed
