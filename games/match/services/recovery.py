"""Closing turns whose last lock-in was stored but whose close never ran.

The web process that stores a turn's last lock-in closes the turn right after the commit
(``turn_close_soon``). A process that dies in between (``kill -9``, an out-of-memory kill, a
deploy that stops a replica) leaves the turn open with every awaited player locked in, and
nothing else closed it before its deadline: a day for a Main Match. The sweep now closes
such turns too, a few seconds after their last lock-in, so the web process's own close
always comes first when it lives.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db.models import Count, Max
from django.utils import timezone

from games.match.services.turns import turn_close
from games.models import Match, Turn

log = logging.getLogger(__name__)

GRACE = timedelta(seconds=5)
"""How long after its last lock-in a complete turn is left to the process that stored it."""


def turns_close_complete(*, now: datetime | None = None, grace: timedelta = GRACE) -> int:
    """Close every open turn whose awaited players all locked in more than ``grace`` ago; return how many.

    Each close is ``turn_close``'s: it checks under the turn's row lock that the turn is still
    open and due, so a close racing this one (the web process, another sweep) happens once.
    """
    moment = now or timezone.now()
    candidates = (
        Turn.objects.filter(
            status=Turn.Status.OPEN,
            paused_remaining__isnull=True,
            match__status=Match.Status.RUNNING,
            submissions__locked=True,
        )
        .annotate(locked=Count("submissions"), last=Max("submissions__submitted_at"))
        .filter(last__lte=moment - grace)
        .values_list("pk", "awaiting", "locked")
    )
    closed = 0
    for turn_id, awaiting, locked in candidates:
        if not awaiting or locked < len(awaiting):
            continue
        try:
            if turn_close(turn_id=turn_id) is not None:
                closed += 1
                log.warning(
                    "closed turn %s: all had locked in, but the process that took the last lock-in died", turn_id
                )
        except Exception:
            log.exception("closing complete turn %s failed", turn_id)
    return closed
