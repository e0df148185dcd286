"""Values every template needs."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def garnet(request: HttpRequest) -> dict[str, Any]:
    """The site name, for titles and the header."""
    return {"site_name": "Garnet"}
