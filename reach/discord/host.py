"""``/garnet host …``: a season host's match controls (close now, extend, pause, resume) with a reason.

Each subcommand calls the ``seasons.services.match_controls`` service the host console uses for
that control, so Discord changes nothing the console would not: the same checks, the same log
lines in the match and the season. The answer is private to the host.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.errors import GameError
from games.web.live import ClosePages
from reach.discord import replies
from reach.discord.context import Answer, Call, match_of_option
from seasons import selectors as season_selectors
from seasons.models import Season
from seasons.services.match_controls import (
    season_match_close_turn,
    season_match_extend,
    season_match_pause,
    season_match_resume,
)

# A subcommand's service: it takes the season, the match id, the host, the reason and the call's options.
Control = Callable[[Season, int, Any, str, dict[str, Any]], str]
CONTROLS: dict[str, Control] = {
    "close": lambda s, m, u, r, _: season_match_close_turn(season=s, match_id=m, user=u, reason=r, draw=ClosePages()),
    "extend": lambda s, m, u, r, o: season_match_extend(
        season=s, match_id=m, user=u, reason=r, seconds=_extend_seconds(o)
    ),
    "pause": lambda s, m, u, r, _: season_match_pause(season=s, match_id=m, user=u, reason=r),
    "resume": lambda s, m, u, r, _: season_match_resume(season=s, match_id=m, user=u, reason=r),
}
MAX_EXTEND_HOURS = 24 * 14


def host_answer(call: Call) -> replies.Reply:
    """Apply the host control the subcommand names to the match option's match."""
    name = call.path[1] if len(call.path) > 1 else ""
    control = CONTROLS.get(name)
    if control is None:
        raise Answer("Unknown host command.")
    match = match_of_option(call, hosted=True)
    season = season_selectors.season_of_match(match)
    if season is None:
        raise Answer("Host commands work on a season's matches; run this match from its page.")
    if not season_selectors.is_host(season, call.user):
        raise Answer("Only a host of this season can do that.")
    try:
        sentence = control(season, match.pk, call.user, str(call.options.get("reason") or ""), call.options)
    except GameError as exc:
        raise Answer(f"Not done: {exc}") from exc
    return replies.message(f"Done: {sentence}.")


def _extend_seconds(options: dict[str, Any]) -> int:
    """The extension in seconds from the ``hours`` and ``minutes`` options (at least a minute, at most two weeks)."""
    try:
        hours = int(options.get("hours") or 0)
        minutes = int(options.get("minutes") or 0)
    except (TypeError, ValueError, OverflowError) as exc:
        raise Answer("Extend by whole hours and minutes.") from exc
    seconds = hours * 3600 + minutes * 60
    # Each part bounded on its own: 10**12 minutes must not reach the clock (a timedelta overflows).
    if hours < 0 or minutes < 0 or seconds <= 0 or seconds > MAX_EXTEND_HOURS * 3600:
        raise Answer(f"Extend by at least a minute and at most {MAX_EXTEND_HOURS} hours (hours, minutes).")
    return seconds
