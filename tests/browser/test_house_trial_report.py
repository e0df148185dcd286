"""Issue 44 #5 at 360 × 740 in headless Chromium: a dealer tries the trading sample with greedy bots from the
game's page (no ids or JSON typed), reads on the trial's page that trades went through, and opens the balance
report: a page of the site (its header, a way back), every table in a box the keyboard reaches, axe-core at
no serious or critical finding and nothing wider than the phone (games/house/RULES.md d-15, d-16)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import manage, needs
from tests.browser.test_layout import AXE, _check

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}
PASSWORD = "trial-report-pass-3"

SETUP = f"""
import json
from django.contrib.auth import get_user_model
from games.house.engine.definition import definition_load_text
from games.house.services import house_game_create
u, _ = get_user_model().objects.get_or_create(username="tr-dealer", defaults={{"is_staff": True}})
u.set_password({PASSWORD!r}); u.save()
game = house_game_create(owner=u, definition=definition_load_text(open("games/house/engine/samples/trading.yaml").read()))
print(json.dumps({{"game": game.pk}}))
"""


@pytest.fixture(scope="module")
def site(live_url: str, server_env: dict[str, str]) -> dict[str, Any]:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = manage(server_env, "shell", "-c", SETUP)
    return dict(json.loads(out.strip().splitlines()[-1]))


def test_a_dealer_reads_a_greedy_trial_report_on_a_phone(browser: Any, live_url: str, site: dict[str, Any]) -> None:
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # axe is injected
    page = context.new_page()
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", "tr-dealer")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.narrow button[type=submit]")
    page.wait_for_load_state()
    problems: dict[str, list[str]] = {}

    page.goto(f"{live_url}/games/house/{site['game']}/")
    page.select_option("#try-players", "3")
    page.select_option("#try-bots", label="Greedy")
    page.click("button:text('Try it with bots')")
    page.wait_for_url("**/games/house/trials/*/")
    page.locator("#findings").wait_for(timeout=180_000)
    assert "trades went through" in page.locator("#findings").inner_text()
    if found := _check(page):
        problems["trial"] = found
    page.screenshot(path=str(SHOTS / "house-trial-greedy.png"), full_page=True)

    page.click("text=Open the balance report")
    page.wait_for_url("**/report/")
    assert page.locator("header.topbar").count() == 1
    assert page.locator("a", has_text="The trial").count() >= 1
    assert page.locator("img.report-plot").count() >= 4
    if found := _check(page):
        problems["report"] = found
    page.screenshot(path=str(SHOTS / "house-trial-report.png"), full_page=True)

    # Every table's box is reached by Tab and scrolls by the arrow keys when it is wider than the phone.
    boxes = page.locator(".table-scroll")
    assert boxes.count() >= 4
    for i in range(boxes.count()):
        box = boxes.nth(i)
        assert box.get_attribute("tabindex") == "0" and box.get_attribute("aria-label")
    reached: set[str] = set()
    for _ in range(200):
        page.keyboard.press("Tab")
        label = page.evaluate(
            "() => document.activeElement.classList.contains('table-scroll') ? document.activeElement.getAttribute('aria-label') : ''"
        )
        if label:
            reached.add(label)
        if len(reached) == boxes.count():
            break
    assert len(reached) == boxes.count(), f"Tab reached only {sorted(reached)}"
    assert not problems, problems
