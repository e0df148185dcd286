"""``/garnet host …``: a season host's match controls (close now, extend, pause, resume) with a reason.

They go through ``seasons.services.match_controls.season_match_control``, the service the host
console uses, so Discord changes nothing the console would not: the same checks, the same log
lines in the match and the season. The answer is private to the host.
"""

from __future__ import annotations

from typing import Any

from games.errors import GameError
from reach.discord import replies
from reach.discord.context import Answer, Call, match_of_option
from seasons import selectors as season_selectors
from seasons.services.match_controls import season_match_control

CONTROLS = {"close": "close_now", "extend": "extend", "pause": "pause", "resume": "resume"}
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
    seconds: int | None = None
    if control == "extend":
        seconds = _extend_seconds(call.options)
    try:
        sentence = season_match_control(
            season=season,
            match_id=match.pk,
            control=control,
            reason=str(call.options.get("reason") or ""),
            user=call.user,
            seconds=seconds,
        )
    except GameError as exc:
        raise Answer(f"Not done: {exc}") from exc
    return replies.message(f"Done: {sentence}.")


def _extend_seconds(options: dict[str, Any]) -> int:
    """The extension in seconds from the ``hours`` and ``minutes`` options (at least a minute, at most two weeks)."""
    try:
        hours = int(options.get("hours") or 0)
        minutes = int(options.get("minutes") or 0)
    except (TypeError, ValueError) as exc:
        raise Answer("Extend by whole hours and minutes.") from exc
    seconds = hours * 3600 + minutes * 60
    if seconds <= 0 or hours > MAX_EXTEND_HOURS:
        raise Answer(f"Extend by at least a minute and at most {MAX_EXTEND_HOURS} hours (hours, minutes).")
    return seconds
