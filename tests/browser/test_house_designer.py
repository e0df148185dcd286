"""The designer of a dealer's game on a 360 × 740 phone in headless Chromium: a host designs a game with
the page's own controls (the inputs of a field's type and of the chosen mechanic appear as they are
chosen), an error is shown beside its field with nothing typed lost, the game is saved, and no page of
the designer scrolls sideways."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import LANDED, manage
from tests.browser.designer import open_all, press

pytestmark = pytest.mark.browser

HOST = "designer"
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}
SETUP = """
from django.contrib.auth import get_user_model
u, _ = get_user_model().objects.get_or_create(username={host!r})
u.is_staff = True; u.set_password("garnet-pass-1"); u.save()
"""


def _fits(page: Any, what: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"{what} is {wide} px wide at 360 px"


def test_a_host_designs_a_game_on_a_phone(browser: Any, live_url: str, server_env: dict[str, str]) -> None:
    manage(server_env, "shell", "-c", SETUP.format(host=HOST))
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", HOST)
    page.fill("input[name=password]", "garnet-pass-1")
    page.click("button[type=submit]")
    page.wait_for_url(LANDED)  # My matches, or the match awaiting their move (issue 38)

    page.goto(f"{live_url}/games/house/new/")
    _fits(page, "the designer")
    open_all(page)  # its sections are folded to a summary line (issue 44)
    page.fill("#d-title", "Rock paper scissors, best of 5")
    page.select_option("#d-kind", "death")
    page.fill("#d-players-max", "2")
    page.fill("#d-rules", "Play **Rock**, **Paper** or **Scissors**.")
    page.click("button[value=preview]")  # htmx draws the preview in place; the page is not reloaded
    page.wait_for_selector("#rules-preview strong:has-text('Rock')")
    assert page.input_value("#d-title") == "Rock paper scissors, best of 5"
    page.select_option("#d-turn", "60")
    page.check("input[name=end_rule][value=first_to]")
    assert page.locator("#d-rounds").is_hidden()  # "first to N points" needs no number of rounds
    assert page.locator("#d-end-first_to").is_visible()
    # A Death Match's outcome is its winner and its loser: no Main Match outcome inputs, no Token of Life.
    assert page.locator("#d-outcome-tokens").is_hidden() and page.locator("#d-outcome-winners").is_hidden()
    assert page.input_value("#d-outcome-tokens") == "0"

    field = "#d-round_plan-0-fields-0"
    assert page.locator(f"{field}-choices").is_hidden()
    page.select_option(f"{field}-type", "choice")
    assert page.locator(f"{field}-choices").is_visible() and page.locator(f"{field}-min").is_hidden()
    page.fill(f"{field}-name", "hand")
    page.fill(f"{field}-label", "Your hand")
    page.fill(f"{field}-choices", "Rock\nPaper\nScissors")
    page.fill(f"{field}-default", "Rock")
    page.select_option("#d-round_plan-0-resolve-by", "mechanic")
    page.select_option("#d-round_plan-0-resolve-mechanic", "beats")
    beats = page.locator("[data-mechanic=beats]")
    assert beats.is_visible() and page.locator("[data-mechanic=vote]").is_hidden()
    # The relation's table is drawn from the field's choices: "Update" redraws the page as typed.
    press(page, "refresh", within="[data-mechanic=beats]")  # redraws the rounds in place (issue 44)
    page.wait_for_selector("fieldset.house-beats")
    assert page.input_value("#d-title") == "Rock paper scissors, best of 5"
    for a, b in (("Rock", "Scissors"), ("Scissors", "Paper"), ("Paper", "Rock")):
        page.locator("fieldset.house-beats", has_text=f"{a} beats").get_by_label(b).check()
    page.fill("#d-end-first_to", "3")
    page.screenshot(path=str(SHOTS / "house-designer.png"), full_page=True)

    # An error is drawn beside its field, and nothing typed is lost.
    page.fill("#d-end-first_to", "three")
    page.click(".house-save button")
    page.wait_for_selector("#problems")
    _fits(page, "the designer with errors")
    assert page.locator("#d-end-first_to").locator("xpath=..").locator(".errorlist").count() == 1
    assert page.input_value(f"{field}-choices").split() == ["Rock", "Paper", "Scissors"]
    page.screenshot(path=str(SHOTS / "house-designer-errors.png"), full_page=True)
    page.fill("#d-end-first_to", "3")
    page.click(".house-save button")
    page.wait_for_url("**/games/house/*/")
    assert page.locator("h1", has_text="Rock paper scissors, best of 5").count() == 1
    _fits(page, "the game's page")
    page.screenshot(path=str(SHOTS / "house-game.png"), full_page=True)
    context.close()
