"""How many times one submit and its close decode the game's state (``Engine.load``): once.

The submit decodes the open turn's state to check the move; the close resolves from that same
decoded state, and the pages it pushes are drawn from the new state the close already holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.match.services import submission_submit
from games.models import Match, Turn
from games.registry import get_engine
from games.web.live import ClosePages
from tests.factories import abc_match

pytestmark = pytest.mark.django_db(transaction=True)  # the close runs after the submit's commit, as in production

PAIRS_JSON = '{"pairs": [["bob", "cat"], ["dan", "eve"]], "double": false}'


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every ``Engine.load`` of the ABC engine made inside the test."""
    engine = get_engine("abc")
    calls: list[Any] = []
    real = engine.load
    monkeypatch.setattr(engine, "load", lambda data: calls.append(data) or real(data))
    yield calls


def decodes_per_closing_submit(client: Client, match: Match, loads: list[Any]) -> int:
    """Decodes of one htmx lock-in that closes its turn (the page's own submit, pages pushed)."""
    loads.clear()
    r = client.post(
        reverse("games:match_submit", args=[match.pk]),
        {"move_json": PAIRS_JSON, "lock": "1", "turn": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert r.status_code == 200 and r["X-Garnet-Fragment"] == "live", r.content[:300]
    assert Turn.objects.get(match=match, number=1).status == Turn.Status.CLOSED
    return len(loads)


def test_a_closing_submit_decodes_the_state_once(client_for: Callable[[str], Client], loads: list[Any]) -> None:
    """The page's closing lock-in: check, resolve, the spent garnets and every pushed page from one decode."""
    match = abc_match()
    count = decodes_per_closing_submit(client_for("ann"), match, loads)
    print(f"state decodes per submit+close (htmx lock-in that closes, pages pushed): {count}")
    assert count == 1


def test_a_deadline_close_decodes_the_state_once(loads: list[Any]) -> None:
    """The deadline task's close: resolve, the spent garnets and every pushed page from one decode."""
    from games.tasks import turn_close_task

    match = abc_match()
    turn = Turn.objects.get(match=match, number=1)
    Turn.objects.filter(pk=turn.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    loads.clear()
    assert turn_close_task(turn.pk)
    print(f"state decodes per deadline close (the task, pages pushed): {len(loads)}")
    assert len(loads) == 1


def test_a_closing_submit_through_the_service_decodes_once(loads: list[Any]) -> None:
    """The service alone (the API's and Discord's path), its close's pages drawn: one decode."""
    match = abc_match()
    loads.clear()
    done = submission_submit(
        match_id=match.pk, player="ann", move={"pairs": [["bob", "cat"], ["dan", "eve"]]}, lock=True, draw=ClosePages()
    )
    assert done.closed is not None and done.closed.number == 1
    print(f"state decodes per submit+close (the service, pages drawn): {len(loads)}")
    assert len(loads) == 1
