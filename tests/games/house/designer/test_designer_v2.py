"""The designer offers garnet-house/2 (issue 37): every sample definition loads into the designer's form
and comes back out equal once cleaned (import → designer → export loses nothing); a /2 part typed in the
form makes a /2 definition, its errors drawn beside their inputs; a definition without one stays /1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client

from games.house.designer.inputs import definition_for_clean, definition_from_post
from games.house.designer.rows import designer_context
from games.house.engine.definition import definition_clean, definition_load_text
from games.house.engine.errors import DefinitionError
from games.house.models import HouseGame
from tests.factories import UserFactory
from tests.games.house.formdata import form_data

SAMPLES = sorted((Path(__file__).resolve().parents[4] / "games" / "house" / "engine" / "samples").glob("*.yaml"))


class _Post(dict):
    """A dict the form reader fills, with Django's ``getlist`` for the names sent more than once."""

    def getlist(self, name: str) -> list[Any]:
        value = self.get(name)
        return list(value) if isinstance(value, list) else ([] if value is None else [value])


def through_the_form(definition: dict[str, Any]) -> dict[str, Any]:
    html = render_to_string("house/design.html", {**designer_context(definition), "game": None})
    return definition_for_clean(definition_from_post(_Post(form_data(html, "design"))))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_sample_comes_back_out_of_the_designer_equal(path: Path) -> None:
    cleaned = definition_clean(definition_load_text(path.read_text()))
    again = definition_clean(through_the_form(cleaned))
    assert again == cleaned


def test_a_definition_without_a_v2_part_is_written_as_v2() -> None:
    """RULES.md d-11: the designer writes garnet-house/2 whatever the draft uses."""
    cleaned = definition_clean(definition_load_text((SAMPLES[0].parent / "two_thirds.yaml").read_text()))
    assert through_the_form(cleaned)["schema"] == "garnet-house/2"


URL = "/games/house/new/"


@pytest.fixture
def browser(db: Any) -> Client:
    client = Client()
    client.force_login(UserFactory(username="dealer", is_staff=True))
    return client


def press(client: Client, html: str, action: str, **changes: Any) -> str:
    response = client.post(URL, {**form_data(html, "design"), **changes, "action": action})
    assert response.status_code in (200, 302), response.status_code
    return response.content.decode() if response.status_code == 200 else response["Location"]


def test_a_dealer_adds_a_holding_a_deck_and_a_trade_and_saves_a_v2_game(browser: Client) -> None:
    html = browser.get(URL).content.decode()
    for action in ("add:holdings", "add:decks", "add:piles", "add:round_plan[0].effects"):
        html = press(browser, html, action)
    assert 'name="holdings[0].name"' in html and 'name="decks[0].cards[0].label"' in html
    html = press(browser, html, "add:decks[0].cards", **{"decks[0].cards[0].copies": "players - 1"})
    where = press(
        browser,
        html,
        "save",
        title="Chip traders",
        **{
            "piles[0].deck": "cards",
            "round_plan[0].fields[0].type": "trade",
            "round_plan[0].fields[0].holdings": "chips",
            "round_plan[0].fields[0].public": "on",
            "round_plan[0].resolve.by": "none",
            "decks[0].cards[1].label": "2",
            "round_plan[0].effects[0].who": "each",
            "round_plan[0].effects[0].amount": "chips",
        },
    )
    game = HouseGame.objects.get()
    assert where == f"/games/house/{game.pk}/"
    saved = game.latest.definition
    assert saved["schema"] == "garnet-house/2"
    assert saved["holdings"][0]["name"] == "chips" and saved["piles"][0]["deck"] == "cards"
    assert saved["decks"][0]["cards"][0]["copies"] == "players - 1"
    assert saved["round_plan"][0]["fields"][0]["type"] == "trade"
    assert saved["round_plan"][0]["effects"] == [{"to": "score", "who": "each", "amount": "chips", "when": None}]


def test_a_formula_error_is_drawn_beside_its_input_and_named_in_words(browser: Client) -> None:
    html = press(browser, browser.get(URL).content.decode(), "add:round_plan[0].effects")
    html = press(browser, html, "save", title="Bad", **{"round_plan[0].effects[0].amount": "2 * chipz +"})
    assert HouseGame.objects.count() == 0
    block = html[
        html.index('for="d-round_plan-0-effects-0-amount"') : html.index('id="d-round_plan-0-effects-0-amount"')
    ]
    assert 'class="errorlist"' in block
    assert "round 1 › effect 1 › by (amount)" in html


def test_a_removed_row_is_gone_and_a_plain_game_is_saved_as_v2(browser: Client) -> None:
    html = press(browser, browser.get(URL).content.decode(), "add:holdings")
    html = press(browser, html, "remove:holdings[0]")
    assert 'name="holdings[0].name"' not in html
    press(browser, html, "save", title="Plain")
    saved = HouseGame.objects.get().latest.definition
    assert saved["schema"] == "garnet-house/2" and saved["holdings"] == []


def test_a_second_row_added_gets_a_name_of_its_own(browser: Client) -> None:
    html = browser.get(URL).content.decode()
    for _ in range(2):
        html = press(browser, html, "add:holdings")
    data = form_data(html, "design")
    assert (data["holdings[0].name"], data["holdings[1].name"]) == ("chips", "holding2")


def test_a_gift_of_a_card_and_a_trade_s_terms_come_back_out_equal() -> None:
    definition = definition_load_text((SAMPLES[0].parent / "deck_thief.yaml").read_text())
    definition["round_plan"][0]["fields"].append(
        {"name": "gift", "label": "Give your role", "type": "give", "pile": "role", "required": False}
    )
    cleaned = definition_clean(definition)
    assert definition_clean(through_the_form(cleaned)) == cleaned


def test_a_pairs_cell_that_disagrees_with_its_mirror_is_named_beside_the_table() -> None:
    abc = definition_clean(definition_load_text((SAMPLES[0].parent / "abc.yaml").read_text()))
    abc["round_plan"][1]["resolve"]["matrix"]["ally"]["betray"] = [-2, 9, 0]
    messages: list[str] = []
    try:
        definition_clean(abc)
    except DefinitionError as exc:
        messages = exc.errors
    html = render_to_string("house/design.html", {**designer_context(abc, messages), "game": None})
    table = html[html.index("With ally, against") :]
    assert "ally.betray: does not agree with betray.ally" in table[: table.index("Update")]


def test_junk_in_every_v2_input_is_named_never_a_500(browser: Client) -> None:
    html = browser.get(URL).content.decode()
    for action in ("add:holdings", "add:counters", "add:roles", "add:decks", "add:piles", "add:round_plan[0].deal"):
        html = press(browser, html, action)
    html = press(browser, html, "add:round_plan[0].effects")
    junk = {name: "x]y(" for name in form_data(html, "design") if name.startswith(("holdings", "decks", "piles"))}
    junk.update({"round_plan[0].resolve.by": "pairs", "round_plan[0].order": "formula", "outcome.tokens": "2, z"})
    junk.update({"round_plan[0].order_formula": "seat +", "end.when": "((", "round_plan[0].fields[0].type": "trade"})
    for action in ("save", "add:round_plan[7].effects", "remove:holdings[x]", "add:holdings.name", "add:round_plan[0]"):
        page = press(browser, html, action, title="Junk", **junk)
        assert page.startswith("<!") or "<html" in page[:500]
    assert HouseGame.objects.count() == 0
    assert "problem" in press(browser, html, "save", title="Junk", **junk)
