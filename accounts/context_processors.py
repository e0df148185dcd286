"""Values every template needs."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def garnet(request: HttpRequest) -> dict[str, Any]:
    """The brand, for titles and the header (``brand``: Django's auth views set ``site_name`` to the host)."""
    return {"site_name": "Garnet", "brand": "Garnet"}
