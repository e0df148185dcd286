"""A host's controls on one of the season's matches, one service per control, each logged with a reason
in the match and the season (the sentence it returns is the one logged)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.match.selectors import seat_usernames
from games.match.services import (
    match_pause,
    match_player_replace,
    match_resume,
    submission_submit,
    turn_close_now,
    turn_extend,
)
from games.match.services.errors import SubmissionRefused
from games.match.services.results import PageDrawer
from games.models import Match, Turn
from games.registry import get_engine
from seasons import selectors
from seasons.models import Entrant, Season, SeasonLog
from seasons.services.entrants import entrant_replace
from seasons.services.errors import (
    AlreadyInSeason,
    BadDeadline,
    DefaultMoveRefused,
    MatchNotRunning,
    MatchTurnNotOpen,
    NotAwaited,
    PlayerNotAlive,
    SeasonMatchNotFound,
    UnknownSeat,
    UnknownUser,
)
from seasons.services.notify import require_reason, season_log

# Each control's name (as the season log records it) and the words its logged sentence starts with.
CONTROLS = {
    "close_now": "closed the turn now",
    "extend": "extended the turn",
    "deadline": "set a new deadline",
    "pause": "paused the match",
    "resume": "resumed the match",
    "default_move": "gave a default move",
    "replace": "replaced a player",
}


def _season_match(season: Season, match_id: int) -> Match:
    match = selectors.season_matches(season).filter(pk=match_id).first()
    if match is None:
        raise SeasonMatchNotFound("That match is not part of this season.")
    return match


def _running(season: Season, match_id: int) -> Match:
    """The season's match, which must be running (closing, extending or a default move act on its open turn)."""
    match = _season_match(season, match_id)
    if match.status != Match.Status.RUNNING:
        raise MatchNotRunning("The match is not running (resume it first).")
    return match


def _open_turn(match: Match) -> Turn:
    turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
    if turn is None:
        raise MatchTurnNotOpen("This match has no open turn.")
    return turn


def _logged(*, season: Season, match: Match, control: str, user: Any, reason: str, detail: str = "") -> str:
    """Log the control in the season (the match logs its own step) and return the sentence."""
    sentence = f"{CONTROLS[control]}{detail} in {match.title}"
    season_log(
        season=season, action="match_control", user=user, reason=reason, control=control, match=match.pk, text=sentence
    )
    return sentence


def season_match_close_turn(
    *, season: Season, match_id: int, user: Any, reason: str = "", draw: PageDrawer | None = None
) -> str:
    """Close the running match's open turn now (missing moves become defaults); returns the sentence logged.

    ``draw``: the edge's pages for the close (see ``games.match.services.turns.turn_close``); without it open pages fetch.
    """
    reason = require_reason(reason)
    match = _running(season, match_id)
    _open_turn(match)
    turn_close_now(match_id=match.pk, user=user, reason=reason, draw=draw)
    return _logged(season=season, match=match, control="close_now", user=user, reason=reason)


def season_match_extend(*, season: Season, match_id: int, seconds: int | None, user: Any, reason: str = "") -> str:
    """Move the open turn's deadline later by ``seconds`` (positive); returns the sentence logged."""
    reason = require_reason(reason)
    match = _running(season, match_id)
    _open_turn(match)
    if not seconds or seconds <= 0:
        raise BadDeadline("Extend by a positive duration.")
    turn_extend(match_id=match.pk, seconds=int(seconds), user=user, reason=reason)
    return _logged(
        season=season, match=match, control="extend", user=user, reason=reason, detail=f" by {_duration(seconds)}"
    )


def season_match_deadline_set(
    *, season: Season, match_id: int, deadline: datetime | None, user: Any, reason: str = ""
) -> str:
    """Set the open turn's deadline to ``deadline`` (in the future); returns the sentence logged."""
    reason = require_reason(reason)
    match = _running(season, match_id)
    turn = _open_turn(match)
    if deadline is None:
        raise BadDeadline("Choose the new deadline (a date and a time) first.")
    if deadline <= timezone.now():
        raise BadDeadline("The new deadline must be in the future.")
    seconds = int((deadline - turn.deadline).total_seconds())
    turn_extend(match_id=match.pk, seconds=seconds, user=user, reason=reason)
    detail = f" to {deadline:%Y-%m-%d %H:%M} UTC"
    return _logged(season=season, match=match, control="deadline", user=user, reason=reason, detail=detail)


def season_match_pause(*, season: Season, match_id: int, user: Any, reason: str = "") -> str:
    """Pause the match (its clock stops); returns the sentence logged."""
    reason = require_reason(reason)
    match = _season_match(season, match_id)
    match_pause(match_id=match.pk, user=user, reason=reason)
    return _logged(season=season, match=match, control="pause", user=user, reason=reason)


def season_match_resume(*, season: Season, match_id: int, user: Any, reason: str = "") -> str:
    """Resume the paused match; returns the sentence logged."""
    reason = require_reason(reason)
    match = _season_match(season, match_id)
    match_resume(match_id=match.pk, user=user, reason=reason)
    return _logged(season=season, match=match, control="resume", user=user, reason=reason)


def season_match_default_move(
    *, season: Season, match_id: int, player: str, user: Any, reason: str = "", draw: PageDrawer | None = None
) -> str:
    """Lock in ``player``'s default move for the open turn (they must be awaited); returns the sentence logged.

    ``draw``: the edge's pages, should this lock-in close the turn (see ``turn_close``).
    """
    reason = require_reason(reason)
    match = _running(season, match_id)
    turn = _open_turn(match)
    if player not in turn.awaiting:
        raise NotAwaited(f"{player or 'Nobody'} is not awaited in {turn.label}.")
    engine = get_engine(match.game)
    move = engine.default_move(engine.load(match.state), player)
    try:
        submission_submit(match_id=match.pk, player=player, move=move, lock=True, draw=draw)
    except SubmissionRefused as exc:
        raise DefaultMoveRefused(str(exc)) from exc
    return _logged(
        season=season, match=match, control="default_move", user=user, reason=reason, detail=f" for {player}"
    )


def season_match_seat_replace(
    *, season: Season, match_id: int, seat: str, new_player: str, user: Any, reason: str = ""
) -> str:
    """Give seat ``seat`` to the user ``new_player`` (see :func:`season_seat_replace`); returns the sentence logged."""
    reason = require_reason(reason)
    match = _season_match(season, match_id)
    sentence = season_seat_replace(season=season, match=match, seat=seat, new=new_player, user=user, reason=reason)
    text = f"{sentence} in {match.title}"
    season_log(
        season=season, action="match_control", user=user, reason=reason, control="replace", match=match.pk, text=text
    )
    return text


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
        raise UnknownSeat(f'This match has no seat "{seat or "(none chosen)"}".')
    newcomer = get_user_model().objects.filter(username=new).first() if new else None
    if newcomer is None:
        raise UnknownUser("Choose the player who takes the seat.")
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
        raise AlreadyInSeason(
            f"{new} is already in this season: a seat of a season match goes to a newcomer, who takes "
            f"{old}'s place in the season (or to whoever already took it)."
        )
    if takes_place and (old_entrant is None or not old_entrant.alive):
        raise PlayerNotAlive(f"{old} is not an alive player of this season, so nobody can take their place.")
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
