"""Reads about the dealer's seat of a dealer's game (``games.engine.DEALER``, framework ruling 19): who deals a
match, and which open turns await a user as its dealer. Who the engine sees for a viewer stays
``games.match.selectors.viewer_handle``; these read the same rule from the other side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import DEALER
from games.match.selectors import _seat_rows, match_has_dealer
from games.models import Match, Submission, Turn
from games.registry import get_engine, slugs


def match_dealers(match: Match) -> list[Any]:
    """The users who sit in ``match``'s dealer's seat: its hosts who play no seat in it (none when its game
    has no dealer). A superuser is a dealer only on the pages (``viewer_handle``), never told."""
    if not match_has_dealer(match):
        return []
    seated = {uid for uid, _name in _seat_rows(match).values()}
    hosts = list(match.hosts.filter(is_active=True).order_by("pk"))
    return [u for u in hosts if u.pk not in seated and u.username not in match.players]


@dataclass(frozen=True)
class DealerRow:
    """A running match whose open turn awaits ``user`` as its dealer, for their dashboard."""

    match: Match
    turn: Turn
    submission: Submission | None


def dealer_rows(user: Any, *, limit: int = 50) -> list[DealerRow]:
    """The open turns that await the dealer's seat in matches ``user`` hosts and plays no seat in, soonest
    deadline first (three queries whatever the count)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    dealt = [slug for slug in slugs() if getattr(get_engine(slug), "has_dealer", False)]
    turns = (
        Turn.objects.filter(
            status=Turn.Status.OPEN, match__hosts=user, match__status=Match.Status.RUNNING, match__game__in=dealt
        )
        .exclude(match__seats__user=user)
        .select_related("match")
        .defer("state_before", "match__state")
        .order_by("deadline")[: limit * 4]
    )
    waiting = [t for t in turns if DEALER in t.awaiting][:limit]
    drafts = {s.turn_id: s for s in Submission.objects.filter(turn__in=waiting, player=DEALER)}
    return [DealerRow(match=t.match, turn=t, submission=drafts.get(t.pk)) for t in waiting]
