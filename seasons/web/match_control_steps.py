"""The match control a host chose on the console or through the API, mapped to the one service that takes it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from games.match.services.results import PageDrawer
from seasons.models import Season
from seasons.services.errors import UnknownControl
from seasons.services.match_controls import (
    season_match_close_turn,
    season_match_deadline_set,
    season_match_default_move,
    season_match_extend,
    season_match_pause,
    season_match_resume,
    season_match_seat_replace,
)


def match_control_step(
    control: str,
    *,
    season: Season,
    match_id: int,
    user: Any,
    reason: str,
    seconds: int | None = None,
    deadline: datetime | None = None,
    player: str = "",
    new_player: str = "",
    draw: PageDrawer | None = None,
) -> Callable[[], str]:
    """The call that applies ``control`` (a key of ``match_controls.CONTROLS``) to the season's match.

    ``player`` is the seat for ``default_move`` and ``replace``; the other values are used only by
    the control that needs them; ``draw`` is the edge's pages for a control that may close the turn. An unknown control is refused (``UnknownControl``) when called.
    """
    s, m, u, r = season, match_id, user, reason
    steps: dict[str, Callable[[], str]] = {
        "close_now": lambda: season_match_close_turn(season=s, match_id=m, user=u, reason=r, draw=draw),
        "extend": lambda: season_match_extend(season=s, match_id=m, user=u, reason=r, seconds=seconds),
        "deadline": lambda: season_match_deadline_set(season=s, match_id=m, user=u, reason=r, deadline=deadline),
        "pause": lambda: season_match_pause(season=s, match_id=m, user=u, reason=r),
        "resume": lambda: season_match_resume(season=s, match_id=m, user=u, reason=r),
        "default_move": lambda: season_match_default_move(
            season=s, match_id=m, user=u, reason=r, player=player, draw=draw
        ),
        "replace": lambda: season_match_seat_replace(
            season=s, match_id=m, user=u, reason=r, seat=player, new_player=new_player
        ),
    }
    return steps.get(control) or _unknown(control)


def _unknown(control: str) -> Callable[[], str]:
    def refuse() -> str:
        raise UnknownControl(f'"{control}" is not a match control.')

    return refuse
