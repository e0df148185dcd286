"""Issue 44 in Chromium at 360×740: a player of a dealer's game reads what they hold above the move form on the
first screen; the dealer's test match shows the seat's holdings beside its form; the library's pages fit a phone.
Every page is checked by axe-core (no serious or critical finding)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ROOT, manage, phone_login

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PLAYERS = ["hka", "hkb", "hkc"]
DEALER = "hkdealer"
SETUP = """
from django.contrib.auth import get_user_model
from games.house.library import library_definition, library_options
from games.house.services import house_game_create
from games.match.services.matches import match_start
for name in {players!r} + [{dealer!r}]:
    u, _ = get_user_model().objects.get_or_create(username=name)
    u.set_password("garnet-pass-1"); u.is_staff = name == {dealer!r}; u.save()
game = house_game_create(owner=get_user_model().objects.get(username={dealer!r}), definition=library_definition("cube_traders"))
match = match_start(game="house", players={players!r}, options=library_options("cube_traders"), seed="hk", turn_seconds=3600)
print(match.pk, game.pk)
"""

BOXES = """() => { const box = (s) => { const e = document.querySelector(s); if (!e) return null;
  const r = e.getBoundingClientRect(); return {top: r.top + scrollY, bottom: r.bottom + scrollY}; };
  return {key: box('#house-key'), form: box('form.move-form, form.hotseat-move'),
          field: box('form.move-form fieldset, form.move-form input:not([type=hidden]), form.hotseat-move input:not([type=hidden])'),
          wide: document.documentElement.scrollWidth}; }"""


def _axe(page: Any, what: str) -> None:
    page.evaluate(AXE.read_text())
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [
        f"{v['id']}: {v['help']} ({'; '.join(' '.join(n['target']) for n in v['nodes'][:3])})"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, f"axe-core on {what}: {bad}"


def _above(page: Any, what: str) -> None:
    found = page.evaluate(BOXES)
    assert found["key"] is not None and found["form"] is not None, (what, found)
    assert found["key"]["bottom"] <= found["field"]["top"], (what, found)  # the holdings come before the first field
    assert found["key"]["top"] < 740, (what, found)  # on the first screen
    assert found["wide"] <= 360, (what, found)


def test_a_players_holdings_are_above_the_form_on_the_first_screen(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """Cube traders: the player's red and blue cubes and the others' red ones sit above "Your trade"."""
    match_id, game_id = manage(server_env, "shell", "-c", SETUP.format(players=PLAYERS, dealer=DEALER)).split()[-2:]
    page = phone_login(browser, live_url, "hka")
    page.goto(f"{live_url}/matches/{match_id}/")
    page.wait_for_selector("#house-key")
    text = page.locator("#house-key").inner_text()
    assert "Red cubes: 4" in text and "Blue cubes: 1" in text and "hkb: Red cubes 4" in text
    _above(page, "the match page")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "house-key-player.png"))
    _axe(page, "the match page")
    page.context.close()

    dealer = phone_login(browser, live_url, DEALER)
    dealer.goto(f"{live_url}/games/house/{game_id}/play/")
    dealer.select_option("#play-players", "3")
    dealer.click("text=Start a test match")
    dealer.wait_for_selector("#house-key")
    assert "Blue cubes: 1" in dealer.locator("#house-key").inner_text()
    dealer.screenshot(path=str(SHOTS / "house-key-hotseat.png"))
    found = dealer.evaluate(BOXES)
    assert found["key"]["bottom"] <= found["field"]["top"] and found["wide"] <= 360, found
    _axe(dealer, "the dealer's test match")
    for width, height in ((360, 740), (1280, 800)):  # the library's pages, as the layout test sizes them
        dealer.set_viewport_size({"width": width, "height": height})
        for url in ("/games/house/library/", "/games/house/library/cube_traders/"):
            dealer.goto(f"{live_url}{url}")
            assert dealer.evaluate("document.documentElement.scrollWidth") <= width, url
            _axe(dealer, f"{url} at {width} px")
    dealer.context.close()
