"""The move first on a phone (issue 26): a save answers under the player's thumb, a refusal beside the field
in view, a lock-in with its confirmation in view; a spending lock-in asks first (test_abc_round covers that)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import manage

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PLAYERS = ["mfa", "mfb", "mfc", "mfd", "mfe"]
SETUP = """
from django.contrib.auth import get_user_model
from games.match.services.matches import match_start
for name in {players!r}:
    u, _ = get_user_model().objects.get_or_create(username=name)
    u.set_password("garnet-pass-1"); u.save()
print(match_start(game="abc", players={players!r}, options={{"x_order": {players!r}}}, seed="mf", turn_seconds=900).pk)
"""

IN_VIEW = """(sel) => { const el = document.querySelector(sel); if (!el) return 'missing';
  const r = el.getBoundingClientRect(), bar = document.querySelector('form.move-form .buttons');
  const bottom = innerHeight - (bar && getComputedStyle(bar).position === 'sticky' ? bar.offsetHeight : 0);
  return r.top >= 0 && r.bottom <= bottom ? 'yes' : `at ${r.top}..${r.bottom} of ${bottom}`; }"""


def _sign_in(browser: Any, live_url: str, handle: str, match_id: int) -> Any:
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    page.goto(f"{live_url}/accounts/login/?next=/matches/{match_id}/")
    page.fill("input[name=username]", handle)
    page.fill("input[name=password]", "garnet-pass-1")
    page.click("main form button[type=submit]")
    page.wait_for_url(f"**/matches/{match_id}/")
    return page


def test_a_save_a_refusal_and_a_lock_in_answer_where_the_player_looks(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """'After "Save and lock in", the confirmation ... is where the player is looking ...; a failed save shows
    its error next to the field in view.'"""
    match_id = int(manage(server_env, "shell", "-c", SETUP.format(players=PLAYERS)).strip().splitlines()[-1])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _sign_in(browser, live_url, "mfa", match_id)
    # A refusal (here a form for a turn that is not open, as after a missed close) is named in the check box
    # just above the buttons, in view.
    page.check("input[name=partner][value=mfc]")
    page.evaluate("document.querySelector('form.move-form input[name=turn]').value = '99'")
    page.click("button[name=lock][value='0']")
    page.wait_for_selector("#move-check .errors")
    page.wait_for_timeout(300)
    assert page.evaluate(IN_VIEW, "#move-check") == "yes"
    page.screenshot(path=str(SHOTS / "player-move-refused.png"))
    # A save keeps the form and the player's place; the bar under the thumb says what was saved.
    page.evaluate("document.querySelector('form.move-form input[name=turn]').value = '1'")
    page.click("button[name=lock][value='0']")
    page.wait_for_selector(".bar-status:not([hidden])")
    assert "Saved: pairs" in page.locator(".bar-status").inner_text()
    page.screenshot(path=str(SHOTS / "player-move-saved.png"))
    # The X's lock-in closes the pairing turn: the answer says what was locked and that the turn closed, in view.
    page.click("button[name=lock][value='1']")
    page.wait_for_selector("#live > [data-result=saved]")
    assert page.evaluate(IN_VIEW, "#live > [data-result=saved]") == "yes"
    assert "Locked in. Your move: pairs" in page.locator("#live > [data-result=saved]").inner_text()
    # A paired player's lock-in leaves the turn open: the form goes, its confirmation comes into view, final.
    paired = _sign_in(browser, live_url, "mfb", match_id)
    paired.check("input[name=action][value=ally]")
    paired.locator("button[name=lock][value='1']").click()
    paired.wait_for_selector(".confirm.locked")
    assert paired.evaluate(IN_VIEW, ".confirm.locked") == "yes"
    text = paired.locator(".confirm.locked").inner_text()
    assert "Locked in:" in text and "ally" in text and "final" in text
    paired.screenshot(path=str(SHOTS / "player-move-locked.png"))
    # One time format (issue 26): what the page redraws reads as the server draws it ("Wed 25 Nov, 13:05 UTC").
    assert re.fullmatch(r"\d\d:\d\d:\d\d", paired.locator(".confirm time").inner_text())
    closes = paired.locator(".turnbar time.localtime").inner_text()
    assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d \S+", closes), closes
    page.context.close()
    paired.context.close()
