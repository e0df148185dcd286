"""API errors as clear JSON: ``{"detail": "...", "rule": bool}``."""

from __future__ import annotations

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.services.errors import SubmissionRefused


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus refusals from the services with their own status."""
    if isinstance(exc, SubmissionRefused):
        return Response({"detail": str(exc), "rule": exc.rule}, status=exc.status)
    return drf_handler(exc, context)
