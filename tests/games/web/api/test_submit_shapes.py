"""The API save reads plain bodies and writes its answer without DRF's fields: exactly what the serializers give."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from django.http import QueryDict
from django.utils import timezone

from games.web.api.serializers import SubmissionOutSerializer, SubmitInSerializer, submission_out, submit_in

MOVE = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
QUICK: list[Any] = [
    {"move": MOVE},
    {"move": MOVE, "lock": True},
    {"move": MOVE, "lock": False, "turn": 3},
    {"move": MOVE, "turn": 2**31 - 1, "extra": "ignored"},
    {"move": {}},
    {"move": {"nested": [{"a": None}, 1.5, "x"]}},
]
# Bodies the serializer coerces or refuses: the quick read declines each, so the serializer answers.
DECLINED: list[Any] = [
    {"move": MOVE, "lock": "true"},
    {"move": MOVE, "lock": 1},
    {"move": MOVE, "turn": "3"},
    {"move": MOVE, "turn": True},
    {"move": MOVE, "turn": 0},
    {"move": MOVE, "turn": 2**31},
    {"move": MOVE, "turn": None},
    {"move": MOVE, "lock": None},
    {"move": None},
    {"move": [1, 2]},
    {"move": "text"},
    {"lock": True},
    {"move": {"bad": "\x00"}},
    [],
    "move",
]


@pytest.mark.parametrize("body", QUICK)
def test_a_body_read_quickly_is_what_the_serializer_validates(body: Any) -> None:
    """Every body ``submit_in`` takes gives the serializer's validated data."""
    incoming = SubmitInSerializer(data=body)
    assert incoming.is_valid(), incoming.errors
    assert submit_in(body) == dict(incoming.validated_data)


@pytest.mark.parametrize("body", DECLINED)
def test_a_body_the_serializer_coerces_or_refuses_is_left_to_it(body: Any) -> None:
    """A body the serializer would coerce (``"true"``, ``"3"``) or refuse is not read quickly: the serializer
    answers it, with its own wording."""
    assert submit_in(body) is None


def test_a_form_body_is_left_to_the_serializer() -> None:
    """A form's fields (a QueryDict of strings) are the serializer's to read."""
    assert submit_in(QueryDict("move=x&lock=1")) is None


@pytest.mark.parametrize("zone", ["UTC", "Europe/Paris", "Asia/Kolkata"])
def test_the_saves_answer_is_what_the_serializer_gives(zone: str) -> None:
    """The answer to a save is the serializer's output field by field, with the time in the active zone."""
    submission = SimpleNamespace(
        turn=SimpleNamespace(number=4),
        move=MOVE,
        locked=True,
        submitted_at=datetime(2026, 11, 26, 5, 1, 2, 345678, tzinfo=UTC),
        revision=3,
    )
    with timezone.override(zone):
        assert submission_out(submission) == dict(SubmissionOutSerializer(submission).data)
