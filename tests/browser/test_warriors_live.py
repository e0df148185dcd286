"""A full extended Warriors' Death played live by two browser windows, the turns closing as both lock in."""

from __future__ import annotations

import os
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tests.browser.conftest import manage
from tests.browser.test_abc_round import log_in

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))

SETUP = """
from django.contrib.auth import get_user_model
from games.match.services.matches import match_start
User = get_user_model()
for name in ["wyn", "zoe"]:
    u, _ = User.objects.get_or_create(username=name)
    u.set_password("garnet-pass-1"); u.save()
m = match_start(game="warriors", players=["wyn", "zoe"], seed="browser-dm",
                options={"variant": "extended", "pool_seconds": 2, "break_seconds": 1, "advantage": "zoe"})
print(m.pk)
"""


def play_turn(page: Any, rng: Random) -> None:
    """Pick a random unit this page offers (with a choice for its active, if it has one) and lock in."""
    radios = page.locator("input[name=unit]:not([disabled])")
    radios.nth(rng.randrange(radios.count())).check()
    for field in page.locator(".warriors-active:not([hidden]) select").all():
        options = field.locator("option").all()
        values = [o.get_attribute("value") for o in options if o.get_attribute("value")]
        if values:
            field.select_option(rng.choice(values))
    page.click("button[name=lock][value='1']")


def test_a_full_extended_dm_is_playable_by_two_browser_windows(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """A full extended DM playable by two browser windows; the round log fills in live."""
    match_id = int(manage(server_env, "shell", "-c", SETUP).strip().splitlines()[-1])
    pages = {p: log_in(browser, live_url, p) for p in ["wyn", "zoe"]}
    for page in pages.values():
        page.goto(f"{live_url}/matches/{match_id}/")
    rng = Random(7)
    seen_labels: set[str] = set()
    for _ in range(80):
        first = pages["wyn"]
        first.wait_for_selector("input[name=unit], .result", timeout=60000)
        if first.locator(".result").count():
            break
        label = first.locator(".turn-label").inner_text()
        seen_labels.add(label)
        if len(seen_labels) == 3:
            first.screenshot(path=str(SHOTS / "warriors-live.png"), full_page=True)
        for page in pages.values():
            page.wait_for_selector("input[name=unit]", timeout=60000)
            play_turn(page, rng)
        # Wait until the turn moved on (the pages refresh by themselves over the websocket).
        first.wait_for_function(
            "(label) => { const el = document.querySelector('.turn-label');"
            " return !el || el.textContent.trim() !== label || document.querySelector('.result'); }",
            arg=label,
            timeout=60000,
        )
    pages["zoe"].wait_for_selector(".result", timeout=60000)
    final = pages["zoe"].locator(".result").inner_text()
    assert "Winners" in final
    assert any("Bout 3" in label for label in seen_labels)
    pages["zoe"].screenshot(path=str(SHOTS / "warriors-final.png"), full_page=True)
    for page in pages.values():
        page.context.close()


def test_a_pushed_refresh_keeps_the_players_form_and_what_they_picked(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """A refresh (what a push triggers) swaps the live part around the form: the node, the pick and the button stay."""
    setup = SETUP.replace('seed="browser-dm"', 'seed="browser-keep"')
    match_id = int(manage(server_env, "shell", "-c", setup).strip().splitlines()[-1])
    page = log_in(browser, live_url, "wyn")
    page.goto(f"{live_url}/matches/{match_id}/")
    page.wait_for_selector("input[name=unit]", timeout=60000)
    radio = page.locator("input[name=unit]:not([disabled])").first
    radio.check()
    # The rules' check answers into its own box under the form, not over the live part.
    page.wait_for_selector("#move-check p", timeout=30000)
    assert page.locator(".turn-label").count() == 1
    page.evaluate("() => { document.querySelector('form.move-form').dataset.drawn = 'before'; }")
    page.evaluate(
        "() => new Promise((done) => {"
        " document.body.addEventListener('htmx:afterSettle', () => done(), {once: true});"
        " window.htmx.trigger(document.getElementById('live'), 'refresh'); })"
    )
    assert page.evaluate("() => document.querySelector('form.move-form').dataset.drawn") == "before"
    assert radio.is_checked()
    page.click("button[name=lock][value='1']")
    page.wait_for_selector("[data-result=saved]", timeout=30000)
    assert "Locked in" in page.locator("#submit").inner_text()
    page.context.close()
