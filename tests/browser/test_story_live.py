"""A spectator follows the demo season's timeline on a 360 px phone: the host's clarification and a
withdrawn player's last words arrive on the open page without a reload; sealed confessionals never do."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import demo
from tests.browser.test_reach_phone import PHONE, no_sideways_scroll, phone_login

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))


def test_a_spectator_follows_the_season_timeline_live(browser: Any, live_url: str, server_env: dict[str, str]) -> None:
    demo(server_env, "demo_season", "demo_matches", "demo_story")
    SHOTS.mkdir(parents=True, exist_ok=True)

    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, bypass_csp=True
    )
    spectator = context.new_page()
    spectator.goto(f"{live_url}/seasons/demo/")
    spectator.wait_for_function("window.storyLive && window.storyLive.connected")
    timeline = spectator.locator("#timeline")
    assert "max’s confessional" in timeline.inner_text()
    assert "If I pair bob with cat" not in spectator.content()  # ann's stays sealed
    no_sideways_scroll(spectator)
    spectator.screenshot(path=str(SHOTS / "story-season-360.png"), full_page=True)

    host = phone_login(browser, live_url, "host")
    host.goto(f"{live_url}/reach/seasons/demo/clarify/")
    host.fill("textarea[name=text]", "Withdrawals do not change the EC rules: the Main Match loser is still EC.")
    host.click("button:has-text('Post it publicly')")
    timeline.locator("text=Withdrawals do not change the EC rules").wait_for(timeout=15000)  # pushed, no reload

    sealed = phone_login(browser, live_url, "ann")
    sealed.goto(f"{live_url}/seasons/demo/confessionals/")
    sealed.fill("textarea[name=text]", "A sealed plan nobody else may see")
    sealed.click("button:has-text('Save confessional')")
    sealed.wait_for_selector("text=A sealed plan nobody else may see")

    gone = phone_login(browser, live_url, "max")
    gone.goto(f"{live_url}/seasons/demo/confessionals/")
    gone.fill("textarea[name=text]", "One more thing: watch the doubles.")
    gone.click("button:has-text('Save confessional')")
    timeline.locator("text=One more thing: watch the doubles.").wait_for(timeout=15000)
    assert "A sealed plan nobody else may see" not in spectator.content()
    no_sideways_scroll(spectator)
    spectator.screenshot(path=str(SHOTS / "story-season-live-360.png"), full_page=True)

    first = timeline.locator("a.tl-link").first
    href = first.get_attribute("href")
    assert href and "?turn=" in href or href.startswith("/matches/")
    spectator.goto(live_url + href)
    no_sideways_scroll(spectator)
    spectator.screenshot(path=str(SHOTS / "story-match-turn-360.png"), full_page=True)
    spectator.goto(f"{live_url}/seasons/demo/plots/")
    no_sideways_scroll(spectator)
    spectator.screenshot(path=str(SHOTS / "story-plots-360.png"), full_page=True)
