"""API errors as clear JSON: ``{"detail": "...", "rule": bool}``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.services.errors import SubmissionRefused


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus refusals from the services with their own status."""
    if isinstance(exc, SubmissionRefused):
        return Response({"detail": str(exc), "rule": exc.rule}, status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": "the request body is larger than 64 KB", "rule": False}, status=413)
    return drf_handler(exc, context)
