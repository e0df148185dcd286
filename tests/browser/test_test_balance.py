"""A dealer chooses what each player brings into a bot trial and a test match of a garnet-house/2 auction
(games/house/RULES.md d-17), on a phone at 360 × 740: the forms fit and pass axe, the test match says what each
seat brought, and a bid up to it stands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import manage, needs
from tests.browser.test_layout import AXE, _check

pytestmark = pytest.mark.browser

PASSWORD = "test-balance-pass-3"
SETUP = f"""
import json
from django.contrib.auth import get_user_model
from games.house.engine.definition import definition_load_text
from games.house.services import house_game_create
dealer, _ = get_user_model().objects.get_or_create(username="tb-dealer", defaults={{"is_staff": True}})
dealer.set_password({PASSWORD!r}); dealer.save()
text = open("games/house/engine/samples/pot_auction.yaml").read()
game = house_game_create(owner=dealer, definition=definition_load_text(text))
print(json.dumps({{"game": game.pk}}))
"""


def test_a_dealer_brings_garnets_into_a_test_match_on_a_phone(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    game = json.loads(manage(server_env, "shell", "-c", SETUP).strip().splitlines()[-1])["game"]
    page = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True).new_page()
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", "tb-dealer")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.narrow button[type=submit]")
    page.wait_for_load_state()
    problems: dict[str, list[str]] = {}
    page.goto(f"{live_url}/games/house/{game}/")
    assert page.input_value("#try-garnets") == "10"
    problems["game page"] = _check(page)
    page.goto(f"{live_url}/games/house/{game}/play/")
    problems["test match start"] = _check(page)
    page.fill("#play-garnets", "4")
    page.click("button:text('Start a test match')")
    page.locator("h3", has_text="You play p1").wait_for()
    assert "Each seat brought 4 garnets" in page.inner_text("#brought")
    page.fill("input[name=bid]", "4")
    page.click("button:text('Play this move for p1')")
    page.locator("h3", has_text="You play p2").wait_for()
    problems["test match, p2"] = _check(page)
    assert not {k: v for k, v in problems.items() if v}, problems
