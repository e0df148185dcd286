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


def connect() -> None:
    hooks.turn_opened.connect(on_turn_opened, dispatch_uid="alerts.turn_opened")
