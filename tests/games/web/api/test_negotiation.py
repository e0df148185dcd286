"""The API's quick negotiation picks what DRF's own would, for every Accept header and format."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import RequestFactory
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request

from games.web.api.negotiation import QuickNegotiation


@pytest.mark.parametrize(
    "accept",
    [None, "*/*", "application/json", "text/html,application/xhtml+xml,*/*;q=0.8", "application/json; indent=2"],
)
@pytest.mark.parametrize("query", ["", "?format=json", "?format=api"])
def test_negotiation_picks_what_drf_picks(accept: str | None, query: str) -> None:
    """The quick answer for plain Accept headers is DRF's own; every other request negotiates in full."""
    headers = {"HTTP_ACCEPT": accept} if accept is not None else {}
    request = Request(RequestFactory().get(f"/api/{query}", **headers))
    renderers = [JSONRenderer(), BrowsableAPIRenderer()]

    def pick(negotiation: DefaultContentNegotiation) -> Any:
        try:
            renderer, media_type = negotiation.select_renderer(request, renderers)
        except Exception as exc:  # DRF refuses a format none of the renderers can give (406)
            return type(exc)
        return type(renderer), media_type

    assert pick(QuickNegotiation()) == pick(DefaultContentNegotiation())
