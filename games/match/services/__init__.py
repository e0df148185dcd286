"""Writes of the match framework: start matches, take submissions, close turns, host steps."""

from games.match.services.errors import SubmissionRefused
from games.match.services.host import (
    match_abort,
    match_pause,
    match_resume,
    turn_close_now,
    turn_extend,
    turn_pause,
    turn_resume,
)
from games.match.services.matches import match_start
from games.match.services.results import ClosedTurn, PageDrawer, Submitted, TurnRead
from games.match.services.seats import SeatReplaceRefused, match_player_replace
from games.match.services.submissions import submission_submit
from games.match.services.turns import turn_close, turn_close_soon, turns_close_due

__all__ = [
    "ClosedTurn",
    "PageDrawer",
    "Submitted",
    "TurnRead",
    "SubmissionRefused",
    "SeatReplaceRefused",
    "match_player_replace",
    "match_start",
    "submission_submit",
    "turn_close",
    "turn_close_soon",
    "turns_close_due",
    "turn_extend",
    "turn_pause",
    "turn_resume",
    "turn_close_now",
    "match_abort",
    "match_pause",
    "match_resume",
]
