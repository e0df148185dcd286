"""Issue 44 #4: the designer's height at 360 px (``document.body.scrollHeight``), for a new game and for the
trading sample opened to edit. Sections are collapsed to a summary line, so the page is a few screens, not a
7,000 px form; the figures are printed for the report."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import manage, phone_login

pytestmark = pytest.mark.browser

SETUP = """
from django.contrib.auth import get_user_model
from games.house.engine.definition import definition_load_text
from games.house.services import house_game_create
u, _ = get_user_model().objects.get_or_create(username="height-dealer")
u.is_staff = True; u.set_password("garnet-pass-1"); u.save()
text = open("games/house/engine/samples/trading.yaml").read()
print(house_game_create(owner=u, definition=definition_load_text(text)).pk)
"""
MOST = 2500  # px at 360 wide: about three phone screens, against 7,000 before issue 44


def test_the_designer_is_a_few_screens_at_360_px(browser: Any, live_url: str, server_env: dict[str, str]) -> None:
    game = int(manage(server_env, "shell", "-c", SETUP).split()[-1])
    page = phone_login(browser, live_url, "height-dealer")
    heights = {}
    for what, url in (("new", "/games/house/new/"), ("trading", f"/games/house/{game}/edit/")):
        page.goto(f"{live_url}{url}")
        heights[what] = page.evaluate("document.body.scrollHeight")
    # The trading sample with each section opened alone (what a dealer reads after one tap), and all open.
    for part in ("game", "time", "scores", "v2", "secrets", "rounds", "outcome", "all"):
        page.goto(f"{live_url}/games/house/{game}/edit/")
        page.evaluate(
            "(part) => document.querySelectorAll('details.house-sec').forEach(d => {"
            " d.open = part === 'all' || d.dataset.part === part; })",
            part,
        )
        heights[f"trading, {part} open"] = page.evaluate("document.body.scrollHeight")
    shots = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
    shots.mkdir(parents=True, exist_ok=True)
    (shots / "designer-heights.json").write_text(json.dumps(heights))  # the figures for the report
    assert heights["new"] <= MOST and heights["trading"] <= MOST, heights
    page.context.close()
