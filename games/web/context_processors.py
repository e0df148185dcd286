"""What every page's nav shows of the framework: the turns awaiting the signed-in user (issue 38)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.match.waiting import TurnSignal


def turn_signal(request: HttpRequest) -> dict[str, Any]:
    """``turn_signal``: the user's waiting turns, read once, on first use, by the page's title and nav."""
    return {"turn_signal": TurnSignal(getattr(request, "user", None))}
