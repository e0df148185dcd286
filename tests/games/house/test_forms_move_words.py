"""``forms.py``'s ``move_words``: a saved or locked trade or gift reads as a sentence in the player's confirmation
("give 3 chips, get nothing"), never "give chips 3, get ." (issue 44, item 6)."""

from __future__ import annotations

import html
from typing import Any

import pytest

from games.house.engine.definition import definition_clean
from games.match.services import submission_submit
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.pages import client, house_match

pytestmark = pytest.mark.django_db

TRADE = {"name": "offer", "label": "Your trade", "type": "trade", "holdings": ["chips", "gems"], "required": False}
GIFT = {"name": "gift", "label": "Your gift", "type": "give", "holding": "gems", "required": False}


def _confirmation(move: dict[str, Any]) -> str:
    definition = v2(
        holdings=[
            {"name": "chips", "label": "Chips", "start": 5, "min": 0, "visibility": "public"},
            {"name": "gems", "label": "Gems", "start": 2, "min": 0, "visibility": "holder"},
        ],
        round_plan=[rnd(fields=[TRADE, GIFT])],
    )
    match = house_match(definition_clean(definition))
    submission_submit(match_id=match.pk, player="ann", move=move, lock=True)
    page = html.unescape(client("ann").get(f"/matches/{match.pk}/live/").content.decode())
    return page.split("Locked in", 1)[1].split("</strong>", 1)[0]


def test_a_locked_trade_for_nothing_reads_give_3_chips_get_nothing() -> None:
    """ "give 3 chips, get nothing", where the page said "give chips 3, get ."."""
    said = _confirmation({"offer": {"with": "bob", "give": {"chips": 3}, "get": {}}})
    assert "Your trade: give 3 chips, get nothing with bob" in said and "chips 3" not in said


def test_a_locked_trade_and_gift_read_as_sentences() -> None:
    """ "give 3 chips for 1 gem"; a gift "1 gem to bob", the holding's label bent to its count."""
    said = _confirmation(
        {"offer": {"with": "bob", "give": {"chips": 3}, "get": {"gems": 1}}, "gift": {"to": "cat", "amount": 1}}
    )
    assert "Your trade: give 3 chips for 1 gem with bob" in said and "Your gift: 1 gem to cat" in said
