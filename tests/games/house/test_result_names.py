"""p-7: the finished Main Match names one Elimination Candidate, the worst of house-8's order, and shows the
whole order behind it; a Death Match's loser reads "Eliminated"."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.house.engine.samples import sample_definition
from games.models import Match, Message
from tests.games.house.pages import client, house_match, open_turn

pytestmark = pytest.mark.django_db


def _result(match: Match) -> str:
    page = client("ann").get(f"/matches/{match.pk}/").content.decode()
    block = page[page.index('<div class="subpanel house-result">') :]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", block[: block.index("</div>")]))


def test_a_main_match_names_the_first_in_line_and_the_order_behind(django_capture_on_commit_callbacks: Any) -> None:
    """house-8: "Every other player is a candidate, worst first by house-7"."""
    seats = ["ann", "bob", "cat", "dan"]
    definition = sample_definition("two_thirds")
    definition["rounds"] = 1
    match = house_match(definition, players=seats)
    with django_capture_on_commit_callbacks(execute=True):
        for p, g in zip(seats, ("10", "20", "90", "100"), strict=True):
            client(p).post(
                f"/matches/{match.pk}/submit/", {"guess": g, "turn": str(open_turn(match).number), "lock": "1"}
            )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    line = match.outcome["candidates"]
    text = _result(match)
    assert f"Elimination Candidate: {line[0]} " in text + " "
    assert f"Elimination Candidate order (worst first): {', '.join(line)}" in text
    assert "Elimination Candidates:" not in text
    over = Message.objects.get(match=match, to=None, text__startswith="The match is over.").text
    assert f"Elimination Candidate: {line[0]} (order: {', '.join(line)})." in over
