"""The dealer's turns of a season's dealer's game: its hosts who play no seat are told a turn awaits them.

A dealer's seat (``games.engine.DEALER``) is no entrant, so the players' notices (``turn_notify``) and
reminders never name it; a tally, a review or an opening is announced to the match's dealers instead.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from django.urls import reverse

from accounts.timefmt import user_time
from games.engine import DEALER
from games.match.dealing import match_dealers
from games.match.selectors import match_name as game_title
from games.models import Match, Turn
from seasons.models import Season
from seasons.services.notify import notice_send


def dealer_turn_notify(*, match: Match, turn: Turn, season: Season) -> int:
    """Tell each dealer of ``match`` that ``turn`` awaits them; return how many were told."""
    if DEALER not in turn.awaiting:
        return 0
    told = 0
    for user in match_dealers(match):
        if notice_send(
            user=user,
            season=season,
            kind="turn",
            url=reverse("games:match", args=[match.pk]),
            text=f"{game_title(match)}: {turn.label} awaits you, the dealer (deadline {user_time(user, turn.deadline)}).",
            key=f"turn:{turn.pk}:dealer:{user.pk}",
            supersede=True,
        ):
            told += 1
    return told


def dealer_turn_remind(*, turn: Turn, season: Season, locked: Collection[str], moment: datetime) -> int:
    """Remind each dealer once that ``turn`` (awaiting the dealer's seat, not locked in) closes soon."""
    if DEALER not in turn.awaiting or DEALER in locked:
        return 0
    left = int((turn.deadline - moment).total_seconds() // 60)
    told = 0
    for user in match_dealers(turn.match):
        if notice_send(
            user=user,
            season=season,
            kind="deadline",
            key=f"remind:turn:{turn.pk}:dealer:{user.pk}",
            url=reverse("games:match", args=[turn.match_id]),
            text=f"{game_title(turn.match)}: {turn.label} closes in {left} min and the dealer has not locked in.",
        ):
            told += 1
    return told
