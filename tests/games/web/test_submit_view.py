"""The submit endpoint is input → one service call → an answer drawn from its result; a refusal is worded by
its ``code``, never by what its text happens to say."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from core import errors
from games.models import Match
from games.web.submitting import refusal_text

pytestmark = pytest.mark.django_db

PAIRS_JSON = '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}'


def test_a_refusal_is_worded_by_its_code() -> None:
    """A rate limit says it all; every other refusal reads "Not saved: <why>", whatever its text says."""
    assert refusal_text(errors.RateLimited("Too many submissions.")) == "Too many submissions."
    assert refusal_text(errors.StaleTurn("That turn is over.")) == "Not saved: That turn is over."
    worded = refusal_text(errors.InvalidMove("Nothing was saved: a rule"))
    assert worded == "Not saved: Nothing was saved: a rule"  # the text is never searched to choose the words


def test_a_stale_submit_answers_with_its_code_and_status(match: Match, client_for: Callable[[str], Client]) -> None:
    """The answer carries the refusal's code (``data-result``) and status, and says nothing was saved once."""
    r = client_for("ann").post(
        reverse("games:match_submit", args=[match.pk]),
        {"move_json": PAIRS_JSON, "lock": "1", "turn": "7"},
        HTTP_HX_REQUEST="true",
    )
    html = r.content.decode()
    assert r.status_code == 409 and 'data-result="stale_turn"' in html
    assert "Not saved: That turn is over" in html and "othing was saved" not in html
