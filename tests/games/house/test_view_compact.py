"""The house match page on a phone (360 px): the view above the player's form stays short. A table of
equal scores is folded, an empty "You" box is not drawn, past rounds are folded with the newest first."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.house.engine.samples import sample_definition
from games.models import Match
from tests.games.house.pages import client, house_match, open_turn

pytestmark = pytest.mark.django_db

SEATS = ["ann", "bob", "cat", "dan", "eve"]


def _guess_round(match: Match, capture: Any, guesses: dict[str, int]) -> None:
    turn = str(open_turn(match).number)
    with capture(execute=True):
        for p, g in guesses.items():
            client(p).post(f"/matches/{match.pk}/submit/", {"guess": str(g), "turn": turn, "lock": "1"})


def _house_section(page: str) -> str:
    return page[page.index('<section class="house">') : page.index("</section>", page.index('<section class="house">'))]


def test_equal_scores_are_folded_and_an_empty_you_box_is_not_drawn() -> None:
    match = house_match(sample_definition("two_thirds"), players=SEATS)
    view = _house_section(client("bob").get(f"/matches/{match.pk}/").content.decode())
    fold = re.search(r'<details class="house-fold house-scores-fold"( open)?>\s*<summary>([^<]*)', view)
    assert fold and fold.group(1) is None  # every score is still the start: closed
    assert fold.group(2).strip() == "Points (5) · you: 0"
    assert "house-you" not in view  # nothing of bob's to show yet
    assert "{#" not in view and "#}" not in view  # no template comment leaks onto the page


def test_scores_with_news_are_open_and_past_rounds_folded_newest_first(
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = house_match(sample_definition("two_thirds"), players=SEATS)
    _guess_round(match, django_capture_on_commit_callbacks, {"ann": 10, "bob": 20, "cat": 30, "dan": 40, "eve": 50})
    _guess_round(match, django_capture_on_commit_callbacks, {"ann": 10, "bob": 20, "cat": 30, "dan": 40, "eve": 50})
    view = _house_section(client("bob").get(f"/matches/{match.pk}/").content.decode())
    assert '<details class="house-fold house-scores-fold" open>' in view
    assert "house-you" in view and "Your moves (2)" in view  # bob has sent moves: the box is drawn
    rounds = re.findall(r'<details class="house-round"( open)?>\s*<summary><h4>([^<]*)</h4>', view)
    assert rounds == [(" open", "Round 2"), ("", "Round 1")]


def test_the_dealer_reads_the_scores_once_folded_in_the_desk(django_capture_on_commit_callbacks: Any) -> None:
    match = house_match(sample_definition("two_thirds"), players=SEATS)
    view = _house_section(client("host").get(f"/matches/{match.pk}/").content.decode())
    assert "house-scores-fold" not in view  # the public table would repeat the desk's
    assert re.search(r'<details class="house-fold house-desk-scores">\s*<summary>Points \(5\)', view)
