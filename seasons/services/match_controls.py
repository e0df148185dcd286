"""A host's controls on one of the season's matches, each logged with a reason in the match and the season."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.models import Match, Turn
from games.registry import get_engine
from games.selectors import seat_usernames
from games.services import (
    match_pause,
    match_player_replace,
    match_resume,
    submission_submit,
    turn_close_now,
    turn_extend,
)
from games.services.errors import SubmissionRefused
from seasons import selectors
from seasons.models import Entrant, Season, SeasonLog
from seasons.services.entrants import entrant_replace
from seasons.services.errors import SeasonError
from seasons.services.notify import require_reason, season_log

CONTROLS = {
    "close_now": "closed the turn now",
    "extend": "extended the turn",
    "deadline": "set a new deadline",
    "pause": "paused the match",
    "resume": "resumed the match",
    "default_move": "gave a default move",
    "replace": "replaced a player",
}


def _open_turn(match: Match) -> Turn:
    turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
    if turn is None:
        raise SeasonError("This match has no open turn.", status=409)
    return turn


def season_match_control(
    *,
    season: Season,
    match_id: int,
    control: str,
    reason: str,
    user: Any,
    seconds: int | None = None,
    deadline: datetime | None = None,
    player: str = "",
    new_player: str = "",
) -> str:
    """Apply ``control`` to the season's match ``match_id``; returns the sentence logged.

    ``extend`` moves the open turn's deadline by ``seconds``; ``deadline`` sets it to ``deadline``
    (in the future); ``default_move`` locks in ``player``'s default move for the open turn;
    ``replace`` gives seat ``player`` to the user ``new_player`` (see :func:`season_seat_replace`).
    """
    reason = require_reason(reason)
    match = selectors.season_matches(season).filter(pk=match_id).first()
    if match is None:
        raise SeasonError("That match is not part of this season.", status=404)
    if control not in CONTROLS:
        raise SeasonError(f'"{control}" is not a match control.')
    if control == "replace":
        sentence = season_seat_replace(
            season=season, match=match, seat=player, new=new_player, user=user, reason=reason
        )
        season_log(
            season=season,
            action="match_control",
            user=user,
            reason=reason,
            control=control,
            match=match.pk,
            text=f"{sentence} in {match.title}",
        )
        return f"{sentence} in {match.title}"
    if control in ("close_now", "extend", "deadline", "default_move") and match.status != Match.Status.RUNNING:
        raise SeasonError("The match is not running (resume it first).", status=409)
    detail = ""
    if control == "close_now":
        _open_turn(match)
        turn_close_now(match_id=match.pk, user=user, reason=reason)
    elif control in ("extend", "deadline"):
        turn = _open_turn(match)
        if control == "deadline":
            if deadline is None:
                raise SeasonError("Choose the new deadline (a date and a time) first.")
            if deadline <= timezone.now():
                raise SeasonError("The new deadline must be in the future.")
            seconds = int((deadline - turn.deadline).total_seconds())
            detail = f" to {deadline:%Y-%m-%d %H:%M} UTC"
        elif not seconds or seconds <= 0:
            raise SeasonError("Extend by a positive duration.")
        else:
            detail = f" by {_duration(seconds)}"
        turn_extend(match_id=match.pk, seconds=int(seconds or 0), user=user, reason=reason)
    elif control == "pause":
        match_pause(match_id=match.pk, user=user, reason=reason)
    elif control == "resume":
        match_resume(match_id=match.pk, user=user, reason=reason)
    else:
        turn = _open_turn(match)
        if player not in turn.awaiting:
            raise SeasonError(f"{player or 'Nobody'} is not awaited in {turn.label}.")
        engine = get_engine(match.game)
        move = engine.default_move(engine.load(match.state), player)
        try:
            submission_submit(match_id=match.pk, player=player, move=move, lock=True)
        except SubmissionRefused as exc:
            raise SeasonError(str(exc), status=409) from exc
        detail = f" for {player}"
    sentence = f"{CONTROLS[control]}{detail} in {match.title}"
    season_log(
        season=season, action="match_control", user=user, reason=reason, control=control, match=match.pk, text=sentence
    )
    return sentence


def _took_place(season: Season, old: str, new: str) -> bool:
    """Whether the season log says ``new`` took ``old``'s place in the season (``entrant_replace``)."""
    return SeasonLog.objects.filter(
        season=season, action="entrant_replace", details__old=old, details__new=new
    ).exists()


def season_seat_replace(*, season: Season, match: Match, seat: str, new: str, user: Any, reason: str) -> str:
    """Give a seat of a season match to another user; the season follows. Returns the sentence.

    Ruling: a seat in a season match is a place in the season. The newcomer (a user not in
    the season) also takes the seat's player's place in the season, by ``entrant_replace``:
    their Tokens of Life and garnets, their tiebreak place and their unfinished business
    (a Death Match, a pick, a Final pairing). If the host already replaced that player on
    the season's page, the seat goes to the one who took their place, and the season is left
    as it is. Anyone else already in the season cannot take the seat.
    """
    reason = require_reason(reason)
    names = seat_usernames(match)
    if seat not in names:
        raise SeasonError(f'This match has no seat "{seat or "(none chosen)"}".')
    newcomer = get_user_model().objects.filter(username=new).first() if new else None
    if newcomer is None:
        raise SeasonError("Choose the player who takes the seat.")
    old = names[seat]
    old_entrant = selectors.entrant_by_handle(season, old)
    new_entrant = selectors.entrant_of(season, newcomer)
    takes_place = new_entrant is None
    if new_entrant is not None and not (
        new_entrant.alive
        and old_entrant is not None
        and old_entrant.status == Entrant.Status.REPLACED
        and _took_place(season, old, new)
    ):
        raise SeasonError(
            f"{new} is already in this season: a seat of a season match goes to a newcomer, who takes "
            f"{old}'s place in the season (or to whoever already took it)."
        )
    if takes_place and (old_entrant is None or not old_entrant.alive):
        raise SeasonError(f"{old} is not an alive player of this season, so nobody can take their place.")
    with transaction.atomic():
        match_player_replace(match_id=match.pk, seat=seat, user=newcomer, by=user, reason=reason)
        if takes_place:
            entrant_replace(season=season, handle=old, new_handle=new, reason=reason, user=user)
    return f"gave {seat}'s seat to {new}" + (f", who took {old}'s place in the season" if takes_place else "")


def _duration(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes = rest // 60
    parts = [f"{hours} h" if hours else "", f"{minutes} min" if minutes else ""]
    return " ".join(p for p in parts if p) or f"{seconds} s"
