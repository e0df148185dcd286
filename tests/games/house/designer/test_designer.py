"""The designer pages (issue 25, "Design a game in the browser ... no JSON"; "Keep and share games"):
a host designs, edits and keeps a game through forms; errors are named beside their field; games go
out and come back in as YAML or JSON; the file format's schema is published."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.house.engine.definition import definition_load_text
from games.house.models import HouseGame
from games.house.services import house_game_create
from tests.factories import UserFactory
from tests.games.house.formdata import form_data

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parents[4] / "games" / "house" / "engine" / "samples"
NAMES = ["two_thirds", "rps_best_of_5", "secret_thief", "dealers_auction"]


def sample(name: str) -> dict[str, Any]:
    return definition_load_text((SAMPLES / f"{name}.yaml").read_text())


@pytest.fixture
def dealer() -> Any:
    return UserFactory(username="dealer", is_staff=True)


@pytest.fixture
def browser(dealer: Any) -> Client:
    client = Client()
    client.force_login(dealer)
    return client


def press(client: Client, url: str, html: str, action: str, **changes: Any) -> Any:
    """Submit the designer as it stands with ``changes`` typed in, pressing the button ``action``."""
    data = {**form_data(html, "design"), **changes, "action": action}
    return client.post(url, data)


def errors_beside(html: str, input_id: str) -> list[str]:
    """The error messages drawn in the same block as the input ``input_id``."""
    block = re.search(r'<div[^>]*>(?:(?!<div).)*?id="' + re.escape(input_id) + '"', html, re.S)
    assert block, f"no input {input_id}"
    return re.findall(r"<li>(.*?)</li>", block.group(0))


def test_only_hosts_open_the_designer(dealer: Any) -> None:
    assert Client().get("/games/house/new/").status_code == 302  # to the log-in page
    player = Client()
    player.force_login(UserFactory(username="pl"))
    assert player.get("/games/house/new/").status_code == 403
    assert player.get("/games/house/").status_code == 403


def test_a_dealer_designs_a_game_with_buttons_and_fields_only(browser: Client, dealer: Any) -> None:
    """Add a field and a round with the page's buttons, choose a mechanic and its params, save."""
    url = "/games/house/new/"
    page = browser.get(url).content.decode()
    page = press(browser, url, page, "add_field:0", title="Guess two thirds").content.decode()
    assert 'name="round_plan[0].fields[1].name"' in page
    assert 'value="Guess two thirds"' in page  # nothing typed is lost by a shape button
    page = press(browser, url, page, "remove_field:0:1").content.decode()
    assert 'name="round_plan[0].fields[1].name"' not in page
    page = press(browser, url, page, "add_round").content.decode()
    assert 'name="round_plan[1].label"' in page
    page = press(
        browser,
        url,
        page,
        "save",
        **{
            "players.max": "13",
            "rules": "Name a number; **two thirds** of the average wins.",
            "round_plan[0].fields[0].name": "guess",
            "round_plan[1].fields[0].name": "guess",
            "round_plan[1].label": "Final round",
            "round_plan[1].resolve.by": "mechanic",
            "round_plan[1].resolve.mechanic": "closest_to_target",
            "round_plan[1].resolve.params.closest_to_target.factor": "2/3",
            "round_plan[1].resolve.params.closest_to_target.award": "2",
        },
    )
    assert page.status_code == 302, re.findall(r"<li>.*?</li>", page.content.decode())
    game = HouseGame.objects.get()
    assert page["Location"] == f"/games/house/{game.pk}/"
    d = game.latest.definition
    assert (d["title"], d["players"], d["rounds"]) == ("Guess two thirds", {"min": 2, "max": 13}, 3)
    assert d["round_plan"][0]["resolve"] == {"by": "dealer"}
    resolve = d["round_plan"][1]["resolve"]
    assert (resolve["mechanic"], resolve["params"]["factor"], resolve["params"]["award"]) == (
        "closest_to_target",
        "2/3",
        2,
    )
    assert resolve["params"]["field"] == "guess"
    assert game.owner == dealer


def test_errors_are_shown_beside_the_field_they_name_and_nothing_typed_is_lost(browser: Client) -> None:
    url = "/games/house/new/"
    page = browser.get(url).content.decode()
    answer = press(
        browser,
        url,
        page,
        "save",
        **{
            "title": "Broken",
            "players.max": "99",
            "round_plan[0].fields[0].min": "50",
            "round_plan[0].fields[0].max": "10",
        },
    )
    assert answer.status_code == 200
    html = answer.content.decode()
    assert not HouseGame.objects.exists()
    assert "problem" in html and 'href="#d-players-max"' in html  # the list at the top links to the field
    assert errors_beside(html, "d-players-max")
    assert any("min" in e for e in errors_beside(html, "d-round_plan-0-fields-0-max"))
    assert 'value="99"' in html and 'value="Broken"' in html


def test_a_typed_word_where_a_number_goes_is_named_not_a_500(browser: Client) -> None:
    url = "/games/house/new/"
    page = browser.get(url).content.decode()
    answer = press(browser, url, page, "save", title="Words", **{"scores.start": "ten"})
    assert answer.status_code == 200
    assert errors_beside(answer.content.decode(), "d-scores-start")
    assert 'value="ten"' in answer.content.decode()


@pytest.mark.parametrize("name", NAMES)
def test_every_sample_comes_back_unchanged_through_the_designer(browser: Client, dealer: Any, name: str) -> None:
    """Opening a game in the designer and saving it as it is changes nothing (no new version): every
    key of the format has its input (secrets, named rounds, mechanics and their params)."""
    game = house_game_create(owner=dealer, definition=sample(name))
    url = f"/games/house/{game.pk}/edit/"
    page = browser.get(url).content.decode()
    answer = press(browser, url, page, "save")
    assert answer.status_code == 302, re.findall(r"<li>.*?</li>", answer.content.decode())
    assert game.versions.count() == 1


def test_an_edit_saves_a_new_version(browser: Client, dealer: Any) -> None:
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    url = f"/games/house/{game.pk}/edit/"
    page = browser.get(url).content.decode()
    assert "saving makes version 2" in page
    answer = press(browser, url, page, "save", rounds="5")
    assert answer.status_code == 302
    assert [v.number for v in game.versions.order_by("number")] == [1, 2]
    assert game.latest.definition["rounds"] == 5
    view = browser.get(f"/games/house/{game.pk}/").content.decode()
    assert "v1:" in view and "v2:" in view


def test_another_host_cannot_open_my_game(dealer: Any) -> None:
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    other = Client()
    other.force_login(UserFactory(username="other", is_staff=True))
    assert other.get(f"/games/house/{game.pk}/edit/").status_code == 403
    assert other.get(f"/games/house/{game.pk}/export/").status_code == 403


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_export_and_import_round_trip_through_the_pages(browser: Client, dealer: Any, fmt: str) -> None:
    game = house_game_create(owner=dealer, definition=sample("secret_thief"))
    answer = browser.get(f"/games/house/{game.pk}/export/?format={fmt}")
    assert answer.status_code == 200
    assert f'filename="{game.slug}-v1.{fmt}"' in answer["Content-Disposition"]
    text = answer.content.decode()
    assert (json.loads(text) if fmt == "json" else yaml.safe_load(text)) == game.latest.definition
    upload = SimpleUploadedFile(f"game.{fmt}", text.encode())
    imported = browser.post("/games/house/import/", {"file": upload})
    assert imported.status_code == 302
    copy = HouseGame.objects.exclude(pk=game.pk).get()
    assert copy.latest.definition == game.latest.definition
    pasted = browser.post("/games/house/import/", {"text": text, "into": str(game.pk)})
    assert pasted.status_code == 302
    assert game.versions.count() == 1  # the same definition adds no version


def test_import_errors_are_named_by_field(browser: Client) -> None:
    text = (SAMPLES / "two_thirds.yaml").read_text().replace("max: 100", "max: -5")
    answer = browser.post("/games/house/import/", {"text": text})
    assert answer.status_code == 200
    assert "round_plan[0].fields[0].max" in answer.content.decode()
    assert not HouseGame.objects.exists()
    answer = browser.post("/games/house/import/", {"text": "{not json"})
    assert "file:" in answer.content.decode()


def test_the_schema_is_served_and_every_sample_meets_it() -> None:
    answer = Client().get("/games/house/schema.json")
    assert answer.status_code == 200
    schema = answer.json()
    jsonschema.validators.validator_for(schema).check_schema(schema)
    for name in NAMES:
        jsonschema.validate(sample(name), schema)


def test_the_rules_preview_is_sanitised(browser: Client) -> None:
    answer = browser.post(
        "/games/house/preview/", {"rules": "**Bid** <script>alert(1)</script>[x](javascript:alert(1))"}
    )
    html = answer.content.decode()
    assert "<strong>Bid</strong>" in html
    assert "<script" not in html and "javascript:" not in html


def test_a_version_s_rules_page_is_public_once_played(dealer: Any) -> None:
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    url = f"/games/house/{game.pk}/v1/rules/"
    assert Client().get(url).status_code == 404  # not published before a match starts with it
    owner = Client()
    owner.force_login(dealer)
    page = owner.get(url).content.decode()
    assert "<strong>two thirds of the average</strong>" in page


def test_a_payoff_matrix_is_filled_as_a_grid_of_my_points(browser: Client) -> None:
    """A payoff matrix is one number per pair (what the row's choice scores against the column's); the
    other player's points are the mirror cell, so both sides of a pair always agree."""
    url = "/games/house/new/"
    page = browser.get(url).content.decode()
    f, r = "round_plan[0].fields[0]", "round_plan[0].resolve"
    typed = {
        "title": "Ally or betray",
        f"{f}.name": "act",
        f"{f}.type": "choice",
        f"{f}.choices": "ally\nbetray",
        f"{r}.by": "mechanic",
        f"{r}.mechanic": "payoff_matrix",
    }
    page = press(browser, url, page, "refresh", **typed).content.decode()
    grid = f"{r}.params.payoff_matrix.matrix"
    assert f'name="{grid}.0.1"' in page and 'aria-label="ally against betray"' in page
    cells = {f"{grid}.0.0": "2", f"{grid}.0.1": "0", f"{grid}.1.0": "3", f"{grid}.1.1": "1"}
    answer = press(browser, url, page, "save", **cells)
    assert answer.status_code == 302, re.findall(r"<li>.*?</li>", answer.content.decode())
    params = HouseGame.objects.get().latest.definition["round_plan"][0]["resolve"]["params"]
    assert params["matrix"] == {
        "ally": {"ally": [2, 2], "betray": [0, 3]},
        "betray": {"ally": [3, 0], "betray": [1, 1]},
    }
    game = HouseGame.objects.get()
    edit = f"/games/house/{game.pk}/edit/"
    assert press(browser, edit, browser.get(edit).content.decode(), "save").status_code == 302
    assert game.versions.count() == 1  # the grid drawn from the stored matrix gives it back unchanged
