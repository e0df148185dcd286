"""Issue 44 #4, the designer at phone size (RULES.md d-18 to d-22): sections collapsed to a summary line; a shape
button pressed through htmx gets back only its own section, drawn from the whole form as posted (nothing typed
is lost); each formula is checked as it is typed by a small endpoint running the definition check; a refused
save loses nothing and keeps open what was open."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.house.designer.formula_check import formula_check
from games.house.designer.parts import part_of_action, summaries
from games.house.services import house_game_create
from tests.games.house.designer.test_designer import browser, dealer, press, sample  # noqa: F401 (fixtures)
from tests.games.house.formdata import form_data

pytestmark = pytest.mark.django_db
URL = "/games/house/new/"
CHECK = "/games/house/formula/"
HX = {"HTTP_HX_REQUEST": "true"}


def _open_parts(page: str) -> list[str]:
    return re.findall(r'<details class="panel house-sec" id="sec-(\w+)" data-part="\w+" open>', page)


def test_a_new_game_opens_with_only_its_first_section_open(browser: Client) -> None:  # noqa: F811
    page = browser.get(URL).content.decode()
    assert _open_parts(page) == ["game"]
    assert len(re.findall(r'class="panel house-sec"', page)) == 7
    assert "A plan of 1 round (1 field): Round" in page


def test_every_section_says_what_it_holds_in_one_line(dealer: Any, browser: Client) -> None:  # noqa: F811
    game = house_game_create(owner=dealer, definition=sample("trading"))
    page = browser.get(f"/games/house/{game.pk}/edit/").content.decode()
    assert _open_parts(page) == []
    lines = summaries(sample("trading"))
    assert lines["v2"].startswith("2 holdings:"), lines
    assert lines["game"].startswith(sample("trading")["title"])
    for line in lines.values():
        assert line and "\n" not in line


@pytest.mark.parametrize(
    ("action", "part"),
    [
        ("add:holdings", "v2"),
        ("add:decks[0].cards", "v2"),
        ("remove:piles[0]", "v2"),
        ("add:round_plan[0].effects", "rounds"),
        ("add_field:0", "rounds"),
        ("add_round", "rounds"),
        ("add_secret", "secrets"),
        ("save", None),
        ("preview", None),
    ],
)
def test_each_shape_button_redraws_its_own_section(action: str, part: str | None) -> None:
    assert part_of_action(action) == part


def test_adding_a_row_through_htmx_returns_its_section_only_keeping_what_was_typed(browser: Client) -> None:  # noqa: F811
    """d-20: "Add a holding" through htmx answers its own section alone, with every input as typed and the new row."""
    page = browser.get(URL).content.decode()
    data = {**form_data(page, "design"), "title": "Kept", "action": "add:holdings"}
    first = browser.post(URL, data, **HX)
    assert first.status_code == 200
    html = first.content.decode()
    assert html.count('class="panel house-sec"') == 1
    assert 'id="sec-v2" data-part="v2" open' in html
    assert 'id="d-holdings-0-name"' in html and "<form" not in html
    data2 = {**data, **form_data(html, None)}
    data2["holdings[0].name"] = "gems"
    data2["action"] = "add:holdings"
    second = browser.post(URL, data2, **HX).content.decode()
    assert 'value="gems"' in second and 'id="d-holdings-1-name"' in second  # the typed name is kept
    assert 'value="chips"' in second  # the second row takes the free usual name


def test_a_shape_button_without_the_script_redraws_the_page_with_its_section_open(browser: Client) -> None:  # noqa: F811
    page = browser.get(URL).content.decode()
    answer = press(browser, URL, page, "add_secret", title="Kept", open=["scores"])
    html = answer.content.decode()
    assert set(_open_parts(html)) == {"scores", "secrets"}
    assert 'value="Kept"' in html


def test_a_refused_save_loses_nothing_and_opens_the_sections_with_errors(dealer: Any, browser: Client) -> None:  # noqa: F811
    """d-21: a refused save draws the page again with every input as posted, the sections with errors open."""
    game = house_game_create(owner=dealer, definition=sample("trading"))
    url = f"/games/house/{game.pk}/edit/"
    page = browser.get(url).content.decode()
    before = form_data(page, "design")
    broken = {**before, "round_plan[0].effects[0].amount": "chips + gem", "open": ["scores"]}
    answer = browser.post(url, {**broken, "action": "save"})
    assert answer.status_code == 200
    html = answer.content.decode()
    assert set(_open_parts(html)) == {"scores", "rounds"}
    after = form_data(html, "design")
    lost = {
        k: (v, after.get(k))
        for k, v in broken.items()
        if k not in ("action", "open", "csrfmiddlewaretoken") and after.get(k) != v
    }
    assert not lost, lost


def test_a_formula_is_checked_as_it_is_typed(dealer: Any, browser: Client) -> None:  # noqa: F811
    game = house_game_create(owner=dealer, definition=sample("trading"))
    page = browser.get(f"/games/house/{game.pk}/edit/").content.decode()
    data = form_data(page, "design")
    name = "round_plan[0].effects[0].amount"
    bad = browser.post(CHECK, {**data, name: "red + gem", "check": name}).content.decode()
    assert "Not yet" in bad and "gem" in bad
    good = browser.post(CHECK, {**data, name: "red + 1", "check": name}).content.decode()
    assert "Reads well" in good and 'data-name="blue"' in good
    partial = browser.post(CHECK, {**data, name: "2 * bl", "check": name}).content.decode()
    assert 'data-name="blue"' in partial and 'data-partial="bl"' in partial
    assert browser.post(CHECK, {**data, "check": "title"}).status_code == 400


def test_the_names_offered_are_those_typed_so_far() -> None:
    draft = {"holdings": [{"name": "gems"}], "piles": [{"name": "hand"}], "round_plan": [{"fields": []}]}
    found = formula_check(draft, "end.when", "gem")
    assert found is not None and "gems" in found.names and found.suggestions == ("gems",)
    start = formula_check(draft, "holdings[0].start", "count(hand, 'Gem')")
    assert start is not None and not start.error and start.names == ("players", "hand")
    assert formula_check(draft, "round_plan[0].effects[0].amount", "")
    assert formula_check(draft, "title", "x") is None
    slip = formula_check(draft, "decks[0].cards[0].copies", "plaers")
    assert slip is not None and slip.error and slip.suggestions == ("players",) and slip.partial == "plaers"


def test_only_hosts_check_formulas(dealer: Any) -> None:  # noqa: F811
    assert Client().post(CHECK, {"check": "end.when"}).status_code == 302


def _open_fields(page: str) -> list[str]:
    return re.findall(r'<details class="house-field-body" data-keep="([^"]+)" open>', page)


def test_a_field_folds_to_its_type_and_name_unless_new_added_open_or_wrong(dealer: Any, browser: Client) -> None:  # noqa: F811
    """RULES.md d-22: a saved game's fields are folded; a new game's, a field just added, one kept open by the
    dealer and one with an error are open."""
    assert _open_fields(browser.get(URL).content.decode()) == ["round_plan[0].fields[0]"]
    game = house_game_create(owner=dealer, definition=sample("trading"))
    url = f"/games/house/{game.pk}/edit/"
    page = browser.get(url).content.decode()
    assert _open_fields(page) == [] and "A trade of holdings · <code>offer</code>" in page
    data = form_data(page, "design")
    added = browser.post(url, {**data, "action": "add_field:0", "open": ["round_plan[0].fields[1]"]}, **HX)
    assert _open_fields(added.content.decode()) == ["round_plan[0].fields[1]", "round_plan[0].fields[2]"]
    wrong = browser.post(url, {**data, "round_plan[0].fields[0].max": "lots", "action": "save"}).content.decode()
    assert _open_fields(wrong) == ["round_plan[0].fields[0]"]


def test_every_formula_place_of_the_format_is_checked_with_its_own_names() -> None:
    """d-19: a field's rules read ``value`` (house-80), a per-trade effect its trade (house-61), a line's text the
    player's names, and a use of the dealer's named formulas reads as its text (house-65)."""
    draft = {
        "holdings": [{"name": "gems"}],
        "formulas": [{"name": "double", "args": ["x"], "formula": "2 * x"}],
        "round_plan": [
            {
                "fields": [{"name": "unit"}],
                "effects": [{"to": "score", "who": "each", "per": "trade"}, {"to": "private", "who": "each"}],
            }
        ],
    }
    rule = formula_check(draft, "round_plan[0].fields[0].allowed", "value != unit")
    assert rule is not None and not rule.error and "value" in rule.names
    traded = formula_check(draft, "round_plan[0].effects[0].amount", "received['gems'] + given['gems']")
    assert traded is not None and not traded.error
    line = formula_check(draft, "round_plan[0].effects[1].text", "'You hold ' + text(double(gems))")
    assert line is not None and not line.error
    again = formula_check(draft, "round_plan[0].again", "len(partners) > 0")
    assert again is not None and not again.error
    made = formula_check(draft, "formulas[0].formula", "x + gems")
    assert made is not None and not made.error and "x" in made.names
    barred = formula_check(draft, "round_plan[0].fields[0].barred.players", "last_partners")
    assert barred is not None and not barred.error
