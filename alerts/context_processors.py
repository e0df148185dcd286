"""The player's alert settings a match page needs (read only by a page that uses them)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import HttpRequest


class AlertPrefs:
    """When "Save and lock in" asks this user first, read on first use (only the match page does)."""

    def __init__(self, user: Any) -> None:
        self._user = user

    @cached_property
    def confirm_lock(self) -> str:
        from alerts.services import alert_settings_of

        return alert_settings_of(self._user)


def alert_prefs(request: HttpRequest) -> dict[str, Any]:
    return {"alert_prefs": AlertPrefs(getattr(request, "user", None))}
