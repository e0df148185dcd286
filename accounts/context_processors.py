"""Values every template needs."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def garnet(request: HttpRequest) -> dict[str, Any]:
    """The brand, for titles and the header (``brand``: Django's auth views set ``site_name`` to the host),
    and whether the visitor may host (``user_can_host``, the one check) for the navigation."""
    from accounts.selectors import user_can_host

    return {"site_name": "Garnet", "brand": "Garnet", "can_host": user_can_host(getattr(request, "user", None))}
