"""The API's JSON parser: DRF's, routed through the one JSON entry point with its limits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

from core.jsoninput import MAX_BYTES, JsonInputError, json_parse


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


class LimitedJSONParser(JSONParser):
    """JSON bodies up to 64 KB and 20 levels deep; anything else is a 400 (or 413) naming the body."""

    def parse(
        self, stream: IO[bytes], media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        raw = stream.read(MAX_BYTES + 1) if stream is not None else b""
        try:
            return json_parse(raw, field="the request body")
        except JsonInputError as exc:
            if exc.too_large:
                raise BodyTooLarge(str(exc)) from exc
            raise ParseError(str(exc)) from exc
