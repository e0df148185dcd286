"""API errors as clear JSON: ``{"code": "...", "detail": "...", "rule": bool}`` (see ``games.errors``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.errors import GameError, error_payload


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus every ``GameError`` with its own status and stable code."""
    if isinstance(exc, GameError):
        return Response(error_payload(exc), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {"code": "too_large", "detail": "the request body is larger than 64 KB", "rule": False}, status=413
        )
    response = drf_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        code = getattr(response.data["detail"], "code", None) or "error"
        response.data = {"code": str(code), "detail": str(response.data["detail"]), "rule": False}
    return response
