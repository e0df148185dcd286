"""The framework's hooks the alerts listen to."""

from __future__ import annotations

import logging
from typing import Any

from games.match import hooks
from games.models import Match, Turn

log = logging.getLogger(__name__)


def on_turn_opened(sender: Any, match: Match, turn: Turn, **kwargs: Any) -> None:
    """A turn awaits players: alert them after commit (never fail the close over an alert)."""
    from alerts.services import turn_alert

    try:
        turn_alert(match=match, turn=turn)
    except Exception:
        log.exception("the turn alerts of match %s could not be prepared", match.pk)


def on_turn_closed(sender: Any, match: Match, turn: Turn, **kwargs: Any) -> None:
    """A turn closed (at its deadline, all locked in, or by a host): it leaves its players' titles at once."""
    from alerts.services import turn_done_alert

    try:
        turn_done_alert(match=match, turn=turn)
    except Exception:
        log.exception("the closed-turn alerts of match %s could not be prepared", match.pk)


def on_turn_held(sender: Any, match: Match, turn: Turn, held: bool, **kwargs: Any) -> None:
    """A host paused or cancelled the match (its turn leaves the titles at once), or resumed it (the turn
    calls its players again, as one that opens does)."""
    from alerts.services import turn_alert, turn_done_alert

    try:
        if held:
            turn_done_alert(match=match, turn=turn)
        else:
            turn_alert(match=match, turn=turn)
    except Exception:
        log.exception("the held-turn alerts of match %s could not be prepared", match.pk)


def connect() -> None:
    hooks.turn_opened.connect(on_turn_opened, dispatch_uid="alerts.turn_opened")
    hooks.turn_closed.connect(on_turn_closed, dispatch_uid="alerts.turn_closed")
    hooks.turn_held.connect(on_turn_held, dispatch_uid="alerts.turn_held")
