"""Taking a player's move for the current turn."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import broadcast, hooks
from games.engine import RuleError
from games.models import Match, Submission, Turn
from games.registry import get_engine
from games.services.errors import SubmissionRefused
from games.services.turns import turn_close_soon


def submission_submit(
    *,
    match_id: int,
    player: str,
    move: Any,
    lock: bool = False,
    turn_number: int | None = None,
    now: datetime | None = None,
) -> Submission:
    """Store ``player``'s move for the open turn of match ``match_id``.

    The move is checked by the engine (a RuleError becomes a refusal naming the
    rule) and stored under the turn's row lock, so it either lands before the
    turn closes or is refused as late; never after. When every awaited player has
    locked in, the turn closes right after commit.
    """
    # One query for the usual case: the open turn with its match.
    turn = (
        Turn.objects.select_related("match")
        .filter(match_id=match_id, status=Turn.Status.OPEN)
        .order_by("-number")
        .first()
    )
    match = turn.match if turn is not None else Match.objects.filter(pk=match_id).first()
    if match is None:
        raise SubmissionRefused("There is no such match.", status=404)
    if player not in match.players:
        raise SubmissionRefused("You are not a player in this match.", status=403)
    if match.status == Match.Status.PAUSED:
        raise SubmissionRefused("This match is paused by its host; submissions wait until it resumes.", status=409)
    if match.status != Match.Status.RUNNING:
        raise SubmissionRefused("This match is over; it takes no more submissions.", status=409)
    if turn is None:
        raise SubmissionRefused("No turn is open right now.", status=409)
    if turn_number is not None and turn_number != turn.number:
        raise SubmissionRefused(f"That turn is over; the open turn is {turn.label} (turn {turn.number}).", status=409)
    if player not in turn.awaiting:
        waiting = ", ".join(turn.awaiting) or "nobody (a timed pause)"
        raise SubmissionRefused(f"{turn.label} does not await you; it awaits {waiting}.", status=409)
    if not isinstance(move, Mapping):
        raise SubmissionRefused("A move must be a JSON object.", rule=True)
    try:
        engine = get_engine(match.game)
    except KeyError as exc:
        raise SubmissionRefused("This match's game is not installed here.", status=404) from exc
    try:
        state = engine.load(turn.state_before)
        clean = engine.validate(state, player, dict(move))
        cost = engine.garnet_cost(state, player, clean)
        for check in hooks.MOVE_CHECKS:
            check(match, player, clean)
    except RuleError as exc:
        raise SubmissionRefused(str(exc), rule=True) from exc
    moment = now or timezone.now()
    with transaction.atomic():
        locked_turn = Turn.objects.select_for_update().get(pk=turn.pk)
        if locked_turn.status != Turn.Status.OPEN:
            raise SubmissionRefused(f"Too late: {turn.label} has closed.", status=409)
        if locked_turn.is_paused:
            raise SubmissionRefused(f"{turn.label} is paused by the host; try again when it resumes.", status=409)
        if moment >= locked_turn.deadline:
            raise SubmissionRefused(
                f"Too late: the deadline of {turn.label} passed at {locked_turn.deadline:%Y-%m-%d %H:%M:%S} UTC.",
                status=409,
            )
        # All of the turn's submissions at once: this player's row and the lock count in one query.
        others = {s.player: s for s in Submission.objects.filter(turn=locked_turn)}
        existing = others.get(player)
        if existing is not None and existing.locked:
            raise SubmissionRefused("You have locked in your move for this turn; it can no longer change.", status=409)
        if existing is None:
            sub = Submission.objects.create(turn=locked_turn, player=player, move=clean, locked=lock, submitted_at=moment)
        else:
            existing.move, existing.locked, existing.submitted_at = clean, lock, moment
            existing.revision += 1
            existing.save(update_fields=["move", "locked", "submitted_at", "revision"])
            sub = existing
        sub.turn = locked_turn
        others[player] = sub
        try:  # a season holds the move's garnets from the free balance, or refuses it (all rolled back)
            for saved in hooks.MOVE_SAVED:
                saved(match, locked_turn, player, cost)
        except RuleError as exc:
            raise SubmissionRefused(str(exc), rule=True) from exc
        if lock:
            # Everyone's lock-in ticks update live (the page re-fetches on the push).
            event = broadcast.lock_event(match=match, turn=locked_turn, player=player)
            transaction.on_commit(lambda: broadcast.send([event]))
        if all(p in others and others[p].locked for p in locked_turn.awaiting):
            transaction.on_commit(lambda: turn_close_soon(turn_id=locked_turn.pk))
    return sub
