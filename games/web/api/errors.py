"""API errors as clear JSON: ``{"code": "...", "detail": "...", "rule": bool}`` (see ``core.errors``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from core.errors import GameError, error_codes, error_payload

TOO_LARGE = "too_large"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus every ``GameError`` with its own status and stable code."""
    if isinstance(exc, GameError):
        return Response(error_payload(exc), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {"code": TOO_LARGE, "detail": "the request body is larger than 64 KB", "rule": False}, status=413
        )
    response = drf_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        code = getattr(response.data["detail"], "code", None) or "error"
        response.data = {"code": str(code), "detail": str(response.data["detail"]), "rule": False}
    return response


def answer_codes() -> list[str]:
    """Every ``code`` an API answer can carry: each ``GameError`` code, the body-too-large answer and DRF's own
    (not authenticated, throttled...). Read when the schema is drawn, once every app's errors are imported."""
    drf: set[str] = set()
    stack: list[type[exceptions.APIException]] = [exceptions.APIException]
    while stack:
        cls = stack.pop()
        drf.add(str(cls.default_code))
        stack.extend(cls.__subclasses__())
    return sorted({*error_codes(), TOO_LARGE, "error", *drf})
