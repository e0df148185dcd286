"""A host replaces the player of a seat in a running match.

The seat keeps its handle: the engine's state, the log and the submissions name seats,
and the engine's state is never rewritten. Only the ``Seat`` row changes user, so from
the commit on every edge (page, API, websocket, dashboard) that asks ``games.match.selectors.seat_of``
gives the seat's private view and its moves to the new player, and none to the old one.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from core.errors import GameError
from games.match import broadcast
from games.match.selectors import seat_usernames
from games.match.services.host import host_action_log
from games.models import Match, Message, Seat, Turn


class SeatReplaceRefused(GameError):
    """The replacement cannot be made as asked; ``str(e)`` says why."""

    code = "seat_replace_refused"
    default_status = 409


def _rows_for_every_seat(match: Match) -> None:
    """Give each seat without a ``Seat`` row one for the user of its name (``match_start`` makes them all;
    this keeps "a match has a row for every seat, or none" true for any older match)."""
    have = set(Seat.objects.filter(match=match).values_list("position", flat=True))
    missing = {i: h for i, h in enumerate(match.players) if i not in have}
    users = {u.username: u for u in get_user_model().objects.filter(username__in=list(missing.values()))}
    Seat.objects.bulk_create([Seat(match=match, user=users[h], position=i) for i, h in missing.items() if h in users])


def match_player_replace(*, match_id: int, seat: str, user: Any, by: Any, reason: str) -> Seat:
    """Give seat ``seat`` of running (or paused) match ``match_id`` to ``user``; ``by`` is the host.

    Refused for a match that is over, a seat the match does not have, a user already seated
    in it, or an inactive user. A move the seat saved but did not lock for the open turn stays
    (the seat's, not the person's); the new player sees it and may change or lock it. Logged
    in the host's audit log with ``reason``, and as a public line of the match's log. After
    commit it pushes a public ``seat`` event and closes the seat's private sockets (the old
    player's reconnect as a spectator's). A season's side (the entrant) is the season's business:
    ``seasons.services.match_controls`` calls this inside its own transaction.
    """
    reason = (reason or "").strip()
    if not reason:
        raise SeatReplaceRefused("Give a reason: it is logged with the replacement.", status=400)
    if user is None or not getattr(user, "pk", None):
        raise SeatReplaceRefused("Choose the user who takes the seat.", status=400)
    with transaction.atomic():
        # The open turn first, then the match: the order turn_close takes them in. The turn's lock
        # orders this with every submission, which takes it before checking the seat.
        turn = Turn.objects.select_for_update().filter(match_id=match_id, status=Turn.Status.OPEN).first()
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise SeatReplaceRefused("There is no such match.", status=404)
        if match.status not in (Match.Status.RUNNING, Match.Status.PAUSED):
            raise SeatReplaceRefused("This match is over: its seats can no longer change hands.")
        if seat not in match.players:
            raise SeatReplaceRefused(f'This match has no seat "{seat}"; its seats are {", ".join(match.players)}.')
        fresh = get_user_model().objects.filter(pk=user.pk).first()
        if fresh is None or not fresh.is_active:
            raise SeatReplaceRefused(f"{getattr(user, 'username', 'That user')} is not an active user.")
        names = seat_usernames(match)
        if fresh.username in names.values():
            raise SeatReplaceRefused(f"{fresh.username} already plays in this match.")
        old_name = names[seat]
        position = match.players.index(seat)
        _rows_for_every_seat(match)
        row = Seat.objects.select_for_update().filter(match=match, position=position).first()
        if row is None:
            row = Seat.objects.create(match=match, user=fresh, position=position)
        else:
            row.user = fresh
            row.save(update_fields=["user"])
        host_action_log(
            match=match,
            user=by,
            action="player_replace",
            reason=reason,
            seat=seat,
            old=old_name,
            new=fresh.username,
            turn=turn.number if turn is not None else None,
        )
        host = getattr(by, "username", "") or "host"
        played = f"{seat}'s seat" if old_name == seat else f"{seat}'s seat (played by {old_name})"
        text = f"{fresh.username} now plays {played} ({host}: {reason})"
        match.last_seq += 1
        match.save(update_fields=["last_seq"])
        last = Turn.objects.filter(match=match).order_by("-number").values_list("number", flat=True).first()
        number = turn.number if turn is not None else int(last or 0)
        line = Message.objects.create(match=match, seq=match.last_seq, turn_number=number, to=None, text=text)
        events = [
            *broadcast.turn_events(match=match, closed=None, messages=[line], opened=None),
            broadcast.reseat_event(match=match, seat=seat),
            broadcast.seat_event(match=match),
        ]
        transaction.on_commit(lambda: broadcast.send(events))
    return row
