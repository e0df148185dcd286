"""The designer on a 360 px phone: select options short enough not to be cut (the explanation under the
select), the mechanics' param choices in words (the stored values unchanged), and the match's end as one
choice ("After N rounds", "First to N points", "Last one standing", "When the dealer ends it") mapped onto
the format's ``rounds`` and ``end`` keys. A Death Match needs no Main Match outcome inputs."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from games.house.designer.labels import end_from_rule, end_rule_of
from games.house.models import HouseGame
from games.house.services import house_game_create
from tests.games.house.designer.test_designer import browser, dealer, errors_beside, press, sample  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
URL = "/games/house/new/"


def _options(page: str, select_id_part: str) -> list[tuple[str, str]]:
    """(value, label) of each option of the selects whose id contains ``select_id_part``."""
    found = []
    for select in re.findall(r'<select id="[^"]*' + re.escape(select_id_part) + r'"[^>]*>(.*?)</select>', page, re.S):
        found += re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select)
    return [(v, html.unescape(label)) for v, label in found]


def test_no_option_is_cut_at_360_px(browser: Client) -> None:  # noqa: F811
    page = browser.get(URL).content.decode()
    types = _options(page, "-type")
    assert types and all(len(label) <= 20 for _, label in types), types  # a field's select is the narrowest
    every = re.findall(r"<option[^>]*>([^<]*)</option>", page)
    assert all(len(html.unescape(label)) <= 30 for label in every), [x for x in every if len(x) > 30]
    assert "Round name (turns read “Round 3”)" in html.unescape(page)
    assert "Published: everyone sees each player's submission" in html.unescape(page)


def test_param_choices_read_in_words_and_keep_their_values(browser: Client, dealer: Any) -> None:  # noqa: F811
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    page = browser.get(f"/games/house/{game.pk}/edit/").content.decode()
    assert _options(page, "round_plan-0-resolve-params-target") == [
        ("mean", "A fraction of the mean"),
        ("median", "A fraction of the median"),
        ("value", "A fixed number"),
    ]
    assert ("tiebreak", "Only the first in the tiebreak") in _options(page, "round_plan-0-resolve-params-ties")
    # The fixed target is shown only for "A fixed number" (by the page's script; the markup says so).
    assert re.search(r'data-param="value" data-when-param="target" data-when-values="value"', page)


@pytest.mark.parametrize(
    ("rule", "rounds", "end"),
    [
        ("rounds", 3, {"after_rounds": True, "first_to": None, "last_standing": False, "when": None}),
        ("first_to", None, {"after_rounds": True, "first_to": 3, "last_standing": False, "when": None}),
        ("last_standing", None, {"after_rounds": True, "first_to": None, "last_standing": True, "when": None}),
        ("dealer", None, {"after_rounds": True, "first_to": None, "last_standing": False, "when": None}),
    ],
)
def test_the_end_is_one_choice_mapped_onto_rounds_and_end(
    browser: Client,  # noqa: F811
    rule: str,
    rounds: int | None,
    end: dict[str, Any],
) -> None:
    page = browser.get(URL).content.decode()
    typed = {"end.first_to": "3" if rule == "first_to" else ""}
    answer = press(browser, URL, page, "save", title="Ends", end_rule=rule, rounds="3", **typed)
    assert answer.status_code == 302, re.findall(r"<li>.*?</li>", answer.content.decode())
    d = HouseGame.objects.get().latest.definition
    assert (d["rounds"], d["end"]) == (rounds, end)
    assert end_rule_of(d) == rule


def test_a_first_to_game_opens_as_first_to(browser: Client, dealer: Any) -> None:  # noqa: F811
    game = house_game_create(owner=dealer, definition=sample("rps_best_of_5"))
    page = browser.get(f"/games/house/{game.pk}/edit/").content.decode()
    assert 'name="end_rule" value="first_to" checked' in page
    assert "rounds_mode" not in page and "end.after_rounds" not in page  # no "until the dealer" + "after rounds"
    assert '<label for="d-end-first_to">The winning score (first to)</label>' in page  # "points" or "wins"


def test_a_first_to_left_blank_is_named_beside_its_input(browser: Client) -> None:  # noqa: F811
    page = browser.get(URL).content.decode()
    answer = press(browser, URL, page, "save", title="Blank", end_rule="first_to", **{"end.first_to": ""})
    text = answer.content.decode()
    assert answer.status_code == 200
    assert 'name="end_rule" value="first_to" checked' in text  # the choice is kept
    assert errors_beside(text, "d-end-first_to") == ["must be a whole number"]


def test_a_death_match_hides_the_main_match_outcome_and_gives_no_token(browser: Client) -> None:  # noqa: F811
    page = browser.get(URL).content.decode()
    assert re.search(r'<div class="house-main-outcome" data-kinds="main">', page)
    changes = {"players.min": "2", "players.max": "2", "outcome.tokens": "", "kind": "death"}
    answer = press(browser, URL, page, "save", title="Duel", end_rule="rounds", rounds="3", **changes)
    assert answer.status_code == 302, re.findall(r"<li>.*?</li>", answer.content.decode())
    assert HouseGame.objects.get().latest.definition["outcome"]["tokens"] == 0


def test_end_from_rule_keeps_an_early_end_with_a_fixed_number_of_rounds() -> None:
    assert end_from_rule("rounds", rounds=5, first_to=3, last_standing=True) == (
        5,
        {"after_rounds": True, "first_to": 3, "last_standing": True},
    )
    assert end_from_rule("rounds", rounds=None, first_to=None, last_standing=False)[0] == ""  # named, not open
