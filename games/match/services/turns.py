"""Opening and closing turns: the heart of the framework.

``turn_close`` resolves with the engine *outside* any transaction, then takes the
turn's row lock only to check nothing changed and write the result, so a write
lock is never held across engine work or I/O (on SQLite every other writer waits
for it). Closing twice is a no-op: the status is checked under the lock.

A close returns what happened as a value (``games.match.services.results.ClosedTurn``)
and sends its data pushes (the log lines, the next turn or the end) after its
commit; it draws no page: an edge with pages to push passes a ``PageDrawer``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from random import Random
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.engine import Engine, Outcome
from games.match import broadcast, hooks, statements
from games.match.selectors import turn_submissions
from games.match.services.results import ClosedTurn, PageDrawer, TurnRead
from games.models import Match, Message, Submission, Turn
from games.registry import get_engine

log = logging.getLogger(__name__)


def turn_rng(match: Match, number: int) -> Random:
    """The generator for turn ``number`` of ``match``: seeded from ``"{seed}:{number}"``."""
    return Random(f"{match.seed}:{number}")


def turn_length(*, engine: Engine[Any], state: Any, match: Match) -> int:
    """Seconds the next turn lasts: the match's override for turns that await players, else the game's."""
    if match.turn_seconds and engine.awaiting(state):
        return int(match.turn_seconds)
    return int(engine.turn_seconds(state))


def turn_open(
    *, match: Match, engine: Engine[Any], state: Any, number: int, now: datetime, closing: bool = False
) -> Turn:
    """Create turn ``number`` on ``state``; call inside the transaction that stored ``state``.

    ``closing``: a turn close opens it, holding ``match`` row-locked (passed on to ``hooks.turn_opened``)."""
    # Add the turn's length in UTC: on a zone-aware local time, + timedelta is wall-clock
    # arithmetic and a 24-hour turn across a DST change would last 23 or 25 hours.
    now = now.astimezone(UTC)
    seconds = turn_length(engine=engine, state=state, match=match)
    turn = Turn.objects.create(
        match=match,
        number=number,
        label=engine.turn_label(state),
        awaiting=list(engine.awaiting(state)),
        opened_at=now,
        deadline=now + timedelta(seconds=seconds),
        state_before=engine.dump(state),
    )
    hooks.turn_opened.send(sender=Match, match=match, turn=turn, closing=closing)
    transaction.on_commit(lambda: _schedule_close(turn.pk, turn.deadline, seconds))
    return turn


def _schedule_close(turn_id: int, deadline: datetime, seconds: int) -> None:
    """Live turns get a task for their deadline; the sweeper is the backstop for all."""
    if settings.GARNET_CELERY_ENABLED and seconds <= settings.GARNET_SCHEDULE_MAX_SECONDS:
        from games.tasks import turn_close_schedule

        turn_close_schedule(turn_id, deadline)  # in the background: a hung broker never holds a lock-in


@dataclass
class _Snapshot:
    turn: Turn
    match: Match
    submissions: dict[str, Submission] = field(default_factory=dict)
    state_before: Any = None  # the turn's opening state, if a caller already decoded it

    @property
    def fingerprint(self) -> list[tuple[str, int]]:
        return sorted((p, s.revision) for p, s in self.submissions.items())


@dataclass
class _Resolved:
    """A turn's resolution, computed before any row is locked."""

    engine: Engine[Any]
    moves: dict[str, dict[str, Any]]
    before: Any
    state: Any
    texts: list[tuple[str, str | None]]
    outcome: Outcome | None


def _snapshot(turn_id: int) -> _Snapshot | None:
    turn = statements.turn_with_match.first(pk=turn_id)
    if turn is None:
        return None
    subs = {s.player: s for s in turn_submissions(turn)}
    return _Snapshot(turn=turn, match=turn.match, submissions=subs)


def _is_due(turn: Turn, submissions: dict[str, Submission], now: datetime) -> bool:
    if turn.status != Turn.Status.OPEN or turn.is_paused:
        return False
    if turn.deadline <= now:
        return True
    awaiting = set(turn.awaiting)
    return bool(awaiting) and all(p in submissions and submissions[p].locked for p in awaiting)


def _resolve(turn: Turn, match: Match, submissions: dict[str, Submission], before: Any = None) -> _Resolved:
    """Run the engine on the turn's moves (a missing one is the engine's default): pure, no writes.

    ``before``: the turn's opening state, already decoded by the caller (else it is decoded here, once).
    """
    engine = get_engine(match.game)
    state = engine.load(turn.state_before) if before is None else before
    moves: dict[str, dict[str, Any]] = {}
    for player in turn.awaiting:
        sub = submissions.get(player)
        moves[player] = dict(sub.move) if sub else engine.default_move(state, player)
    new_state, messages = engine.resolve(state, moves, turn_rng(match, turn.number))
    return _Resolved(
        engine=engine,
        moves=moves,
        before=state,
        state=new_state,
        texts=[(m.text, m.to) for m in messages if m.text],
        outcome=engine.outcome(new_state),
    )


def turn_close(
    *,
    turn_id: int,
    now: datetime | None = None,
    force: bool = False,
    draw: PageDrawer | None = None,
    read: TurnRead | None = None,
) -> ClosedTurn | None:
    """Close turn ``turn_id`` if it is due (or ``force``): resolve, store, open the next turn.

    Returns what this call closed (a ``ClosedTurn``), or None if it was not due, already closed,
    or its match is not running. Safe to call from many processes at once: one call closes a
    turn, every other gets None. The close's data pushes leave after its commit, exactly once.
    ``draw``: the caller's pages for the close (see ``PageDrawer``), pushed between its log lines
    and its turn event; without it (a sweep, a script) the pages that show the match fetch.
    ``read``: the turn (with its match) and its submissions as a caller just committed them, used
    instead of reading them again; as with any read, the close checks under the turn's lock that
    nothing changed since, and reads afresh if something did.
    """
    # In a caller's transaction the pushes (and pages) wait for its commit; otherwise the close's own commit is the
    # commit, so they leave right after it and the pages drawn come back in the value.
    deferred = connection.in_atomic_block
    for attempt in range(5):
        moment = now or timezone.now()
        if read is not None and not attempt:
            snap: _Snapshot | None = _Snapshot(
                read.turn, read.turn.match, dict(read.submissions), state_before=read.state_before
            )
        else:
            snap = _snapshot(turn_id)
        if snap is None or snap.match.status != Match.Status.RUNNING:
            return None
        if not (force and snap.turn.is_open) and not _is_due(snap.turn, snap.submissions, moment):
            return None
        resolved = _resolve(snap.turn, snap.match, snap.submissions, snap.state_before)
        with transaction.atomic():
            turn = statements.locked_turn.first(pk=turn_id)
            if turn is None or turn.status != Turn.Status.OPEN:
                return None
            current = sorted(statements.revisions.all(turn_id=turn_id))
            if current != snap.fingerprint or turn.deadline != snap.turn.deadline:
                continue  # a submission or the host changed the turn meanwhile: resolve again
            match = statements.locked_match.first(pk=snap.match.pk)
            if match is None or match.status != Match.Status.RUNNING:
                return None
            with hooks.pushes_held() as after:
                closed = _store(match=match, turn=turn, resolved=resolved, now=moment)
            if deferred:
                transaction.on_commit(partial(_publish, closed, draw, tuple(after)))
        return closed if deferred else replace(closed, pages=_publish(closed, draw, tuple(after)))
    log.warning("turn %s kept changing while it was being closed; the next sweep retries", turn_id)
    return None


def _store(*, match: Match, turn: Turn, resolved: _Resolved, now: datetime) -> ClosedTurn:
    """Write a resolved turn: the turn closed, its lines, the next turn or the outcome; what it did, as a value.

    The caller sends the value's ``events`` after commit (``_publish``, or a sweep's batch).
    Call under the turn's and the match's row locks.
    """
    engine, moves, state, outcome = resolved.engine, resolved.moves, resolved.state, resolved.outcome
    turn.status = Turn.Status.CLOSED
    turn.closed_at = now
    turn.moves = moves
    turn.save(update_fields=["status", "closed_at", "moves"])
    costs = engine.round_spent(resolved.before, moves, state)
    hooks.turn_closed.send(sender=Match, match=match, turn=turn, costs=costs, closing=True)
    rows = _numbered(match=match, turn_number=turn.number, texts=resolved.texts)
    Message.objects.bulk_create(rows)
    match.last_seq += sum(1 for r in rows if r.to is None)
    match.state = engine.dump(state)
    fields = ["state", "last_seq"]
    next_turn: Turn | None = None
    if outcome is None:
        next_turn = turn_open(match=match, engine=engine, state=state, number=turn.number + 1, now=now, closing=True)
    else:
        match.status = Match.Status.FINISHED
        match.outcome = outcome.to_json()
        match.finished_at = now
        fields += ["status", "outcome", "finished_at"]
    match.save(update_fields=fields)
    if outcome is not None:
        hooks.match_finished.send(sender=Match, match=match, outcome=outcome, closing=True)
    events = broadcast.turn_events(match=match, closed=turn, messages=rows, opened=next_turn)
    return ClosedTurn(
        match=match,
        turn=turn,
        engine=engine,
        state=state,
        messages=tuple(rows),
        next_turn=next_turn,
        outcome=outcome,
        events=tuple(events),
    )


def _publish(
    closed: ClosedTurn, draw: PageDrawer | None, after: tuple[Callable[[], None], ...] = ()
) -> tuple[broadcast.Event, ...]:
    """Send a committed close's pushes, one frame per group (``broadcast.frames``): each seat's page (if the caller
    drew pages) before the public lines and the turn or end event, so a page that took its own push sees the
    turn event as already shown and fetches nothing. If the pages cannot be drawn the close's own pushes still
    go: the pages then fetch on the turn event. Then the hooks' ``after`` sends (``hooks.after_pushes``: the
    turn alerts), so the pages the match shows move on first. Returns the pages drawn (for ``ClosedTurn.pages``).
    """
    pages: list[broadcast.Event] = []
    if draw is not None:
        try:
            pages = list(draw(closed))
        except Exception:
            log.exception("drawing the pushed pages of match %s failed; pages will fetch", closed.match_id)
    broadcast.send(broadcast.frames([*closed.events, *pages]))
    for fn in after:
        try:
            fn()
        except Exception:  # an alert never fails the close that committed
            log.exception("a send after the close of match %s failed", closed.match_id)
    return tuple(pages)


def _numbered(*, match: Match, turn_number: int, texts: list[tuple[str, str | None]]) -> list[Message]:
    """The turn's lines, each numbered within its own audience (see :class:`Message`).

    Runs under the match's row lock, so reading each player's last private number is safe.
    """
    counters: dict[str | None, int] = {None: match.last_seq}
    players = {to for _, to in texts if to is not None}
    if players:
        # One grouped read for every addressee (it was one query per player).
        counters.update({p: 0 for p in players})
        counters.update(
            {to: int(seq or 0) for to, seq in statements.last_private_seqs.all(match_id=match.pk) if to in players}
        )
    rows = []
    for text, to in texts:
        counters[to] += 1
        rows.append(Message(match=match, seq=counters[to], turn_number=turn_number, to=to, text=text))
    return rows


def turn_close_soon(*, turn_id: int, read: TurnRead | None = None, draw: PageDrawer | None = None) -> ClosedTurn | None:
    """Close a turn whose awaited players have all locked in, here and now (call after commit); what it closed.

    The web process closes it itself, so the players' pushes leave within
    milliseconds of the last lock-in instead of after a broker and worker hop. If
    this close fails, a worker retries at once when there is one (and draws the
    pages itself); the deadline task and the sweep are the backstop either way.
    ``read`` and ``draw``: see ``turn_close``.
    """
    try:
        return turn_close(turn_id=turn_id, read=read, draw=draw)
    except Exception:
        log.exception("closing turn %s after its last lock-in failed", turn_id)
    if settings.GARNET_CELERY_ENABLED:
        from core.publish import publish_later
        from games.tasks import turn_close_task

        publish_later(turn_close_task, turn_id)  # off the request: a hung broker must not hold its answer
    return None


def _due_turns(moment: datetime) -> QuerySet[Turn]:
    return Turn.objects.filter(
        status=Turn.Status.OPEN,
        deadline__lte=moment,
        paused_remaining__isnull=True,
        match__status=Match.Status.RUNNING,
    ).order_by("deadline", "pk")


def turns_close_due(*, now: datetime | None = None, limit: int = 1000, batch: int = 20) -> int:
    """Close every open turn whose deadline had passed by ``now``, oldest first; return how many this call closed.

    Several sweeps (Celery workers, a late beat tick) split the work instead of
    racing over one list: each claims a batch with ``FOR UPDATE SKIP LOCKED`` (the
    turns and their matches, with the turns' submissions) and closes it in one
    transaction, so no turn is ever taken by two sweeps at once, and a claimed turn
    is not read again: its rows stay locked until the batch commits. A batch's
    pushes leave after its commit in one round trip. Each turn's ``closed_at`` is
    the moment it really closed. (SQLite has one writer and ignores row locks: there
    each turn closes on its own, see ``turn_close``; the embedded default runs one sweeper.)
    """
    moment = now or timezone.now()
    if not connection.features.has_select_for_update_skip_locked:
        ids = list(_due_turns(moment).values_list("pk", flat=True)[:limit])
        closed = 0
        for turn_id in ids:
            try:
                closed += turn_close(turn_id=turn_id, now=None if now is None else moment) is not None
            except Exception:
                log.exception("closing turn %s failed", turn_id)
        return closed
    closed, tried = 0, 0
    seen: list[int] = []
    while tried < limit:
        with broadcast.batched(), transaction.atomic():
            turns = list(
                _due_turns(moment)
                .exclude(pk__in=seen)
                .select_related("match")
                .select_for_update(skip_locked=True, of=("self", "match"))[: min(batch, limit - tried)]
            )
            if not turns:
                break
            subs: dict[int, dict[str, Submission]] = {t.pk: {} for t in turns}
            for sub in Submission.objects.filter(turn__in=turns):
                subs[sub.turn_id][sub.player] = sub
            try:
                with transaction.atomic():
                    hooks.closing_batch.send(sender=Match, matches=[t.match for t in turns])
            except Exception:  # a read ahead only: each close's hooks then ask for themselves
                log.exception("a closing_batch receiver failed")
            for turn in turns:
                try:
                    with transaction.atomic():  # one broken match must not undo the batch
                        closed += _close_claimed(turn, subs[turn.pk], None if now is None else moment)
                except Exception:
                    log.exception("closing turn %s failed", turn.pk)
        seen += [t.pk for t in turns]
        tried += len(turns)
    return closed


def _close_claimed(turn: Turn, submissions: dict[str, Submission], now: datetime | None) -> bool:
    """Close a turn the sweep holds locked with its match (both rows claimed as due and running); its pushes
    (no pages: the sweep's turns mostly have nobody watching) join the batch's after commit."""
    resolved = _resolve(turn, turn.match, submissions)
    with hooks.pushes_held() as after:
        closed = _store(match=turn.match, turn=turn, resolved=resolved, now=now or timezone.now())
    transaction.on_commit(partial(_publish, closed, None, tuple(after)))
    return True
