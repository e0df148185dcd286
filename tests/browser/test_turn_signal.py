"""Issue 38 on a 360×740 phone: the turn signal in the tab title (live, without a reload), the page's own
notification, the result of a live round above the next form, and the lock-in that asks once in a turn-based
round but not in a live one. axe-core finds nothing serious on any page visited."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import _accept, manage, needs
from tests.browser.test_layout import AXE, _check

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}
PLAYERS = ["tia", "ugo", "vic", "wes", "xan"]

# The Death Match's players are its own (swyn, szoe): test_warriors_live.py leaves a turn awaiting wyn and zoe,
# which the tab title would count in whatever order the two files run.
SETUP = """
from django.contrib.auth import get_user_model
from games.match.services.matches import match_start
User = get_user_model()
for name in {players!r} + ["swyn", "szoe"]:
    u, _ = User.objects.get_or_create(username=name)
    u.set_password("garnet-pass-1"); u.save()
if {dm!r}:
    m = match_start(game="warriors", players=["swyn", "szoe"], seed="signal-dm",
                    options={{"variant": "extended", "pool_seconds": 2, "break_seconds": 1, "advantage": "szoe"}})
else:
    m = match_start(game="abc", players={players!r}, options={{"x_order": {players!r}}}, seed="signal", turn_seconds=3600)
print(m.pk)
"""

# A page's own Notification and its sound, recorded instead of shown or played (headless Chromium has neither).
RECORDER = """
window.__notes = []; window.__played = [];
window.Notification = class { constructor(title, opts) { window.__notes.push(title + " | " + (opts && opts.body)); }
  static requestPermission() { return Promise.resolve("granted"); } };
window.Notification.permission = "granted";
HTMLMediaElement.prototype.play = function () { window.__played.push(this.src); return Promise.resolve(); };
"""


def phone(browser: Any, live_url: str, handle: str, *, notify: bool = False, sound: bool = False) -> Any:
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # axe is injected
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.goto(f"{live_url}/accounts/login/")
    page.evaluate(
        "([n, s]) => { if (n) localStorage.setItem('garnet.notify', 'page'); if (s) localStorage.setItem('garnet.sound', '1'); }",
        [notify, sound],
    )
    page.fill("input[name=username]", handle)
    page.fill("input[name=password]", "garnet-pass-1")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    return page


def clean(page: Any, name: str) -> None:
    """A full-page screenshot, and the page checked for sideways scrolling and serious axe findings."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"turn-signal-{name}.png"), full_page=False)
    problems = _check(page)
    assert not problems, f"{name}: {problems}"


def test_the_turn_signal_the_result_first_and_the_lock_in_that_asks_once(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    abc_id = int(manage(server_env, "shell", "-c", SETUP.format(players=PLAYERS, dm=False)).split()[-1])
    match_url = f"{live_url}/matches/{abc_id}/"

    # tia is the X of round 1: logging in lands on her match; the tab says a move awaits her.
    tia = phone(browser, live_url, "tia")
    assert tia.url == match_url
    assert tia.title().startswith("(1) Your move · ")
    assert "favicon-turn" in tia.locator("link[rel=icon]").get_attribute("href")
    tia.wait_for_function("window.garnetLive && window.garnetLive.connected")
    clean(tia, "x-awaited")

    # ugo waits for the pairing on another page, with notifications on for this device.
    ugo = phone(browser, live_url, "ugo", notify=True)
    assert ugo.url.endswith("/me/")
    ugo.goto(f"{live_url}/seasons/")
    assert not ugo.title().startswith("(")
    assert ugo.locator("#nav-turns .turn-badge").is_hidden()
    ugo.wait_for_function("window.garnetSocket && window.garnetTurns")
    ugo.wait_for_timeout(500)  # its /ws/me/ socket opens

    # "Save and lock in" asks once in a turn-based round: a "no" locks nothing.
    tia.context.remove_listener("dialog", _accept)
    asked: list[str] = []
    tia.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    tia.check("input[name=partner][value=vic]")
    tia.click("button[name=lock][value='1']")
    tia.wait_for_timeout(500)
    assert asked and asked[0].startswith("Lock in this move?")
    assert tia.locator(".confirm.locked").count() == 0 and tia.locator('.live-root[data-turn="1"]').count() == 1
    tia.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    tia.click("button[name=lock][value='1']")
    tia.wait_for_selector('.live-root[data-turn="2"]', timeout=15000)
    assert len(asked) == 2
    # The X is not awaited in round 2: her signal goes out, without a reload.
    tia.wait_for_function("() => !document.title.startsWith('(')", timeout=10000)

    # ugo's tab, badge and notification say it is his turn now, without a reload.
    ugo.wait_for_function("() => document.title.startsWith('(1) Your move · Seasons')", timeout=15000)
    assert ugo.locator("#nav-turns .turn-badge").is_visible()
    assert "favicon-turn" in ugo.locator("link[rel=icon]").get_attribute("href")
    notes = ugo.evaluate("window.__notes")
    assert notes and notes[0].startswith("Your move · The ABC Game"), notes
    clean(ugo, "title-live")

    # One tap on the badge lists his turns; one more opens the match, where the pairing comes above the form.
    ugo.click("#nav-turns")
    ugo.wait_for_url(re.compile(r".*/me/#your-turn$"))
    clean(ugo, "your-turn-list")
    ugo.click(f"#your-turn a[href='/matches/{abc_id}/']")
    ugo.wait_for_selector("input[name=action]")
    last, form = ugo.locator(".last-round"), ugo.locator("form.move-form")
    assert "tia is the X and pairs" in last.inner_text() and "your pair is vic" in last.inner_text()
    assert last.bounding_box()["y"] < form.bounding_box()["y"]
    assert 0 <= last.bounding_box()["y"] < PHONE["height"], "the result is on the first screen"
    clean(ugo, "result-above-form")
    for page in (tia, ugo):
        page.context.close()


def test_a_live_round_shows_its_result_above_the_next_form_and_locks_in_without_asking(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    dm_id = int(manage(server_env, "shell", "-c", SETUP.format(players=PLAYERS, dm=True)).split()[-1])
    pages = {p: phone(browser, live_url, p, sound=True) for p in ("swyn", "szoe")}
    asked: list[str] = []
    for page in pages.values():
        page.goto(f"{live_url}/matches/{dm_id}/")
        page.on("dialog", lambda d: asked.append(d.message))
        page.wait_for_function("window.garnetLive && window.garnetLive.connected")
    wyn = pages["swyn"]
    wyn.wait_for_selector("input[name=unit]", timeout=30000)
    label = wyn.locator(".turn-label").inner_text()
    for page in pages.values():
        page.wait_for_selector("input[name=unit]", timeout=30000)
        page.locator("input[name=unit]:not([disabled])").first.check()
        page.click("button[name=lock][value='1']")
    wyn.wait_for_function(
        "(label) => { const el = document.querySelector('.turn-label'); return el && el.textContent.trim() !== label; }",
        arg=label,
        timeout=30000,
    )
    assert asked == [], "a live round locks in at once"
    wyn.wait_for_selector("input[name=unit]", timeout=30000)
    last, form = wyn.locator(".last-round"), wyn.locator("form.move-form")
    assert "sent out" in last.inner_text()
    assert last.bounding_box()["y"] < form.bounding_box()["y"]
    assert -1 <= last.bounding_box()["y"] < PHONE["height"], "the result is on the screen after the close"
    # The new live round awaiting them rang (the sound is on for this device).
    wyn.wait_for_function("window.__played.length > 0", timeout=10000)
    assert wyn.title().startswith("(1) Your move · ")
    clean(wyn, "live-result-first")
    for page in pages.values():
        page.context.close()


PICK_SETUP = """
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season
season = started_season(slug="signal-pick", dm_lead_seconds=3600)
episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
print(season.slug, open_pick(episode).pk)
"""


def test_the_death_match_pick_asks_once_and_the_ready_room_names_the_game(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    slug, pick = manage(server_env, "shell", "-c", PICK_SETUP).split()[-2:]
    eve = phone(browser, live_url, "eve")
    eve.goto(f"{live_url}/seasons/{slug}/picks/{pick}/")
    assert "The Death Match:" in eve.locator("main").inner_text()
    clean(eve, "dm-pick")
    eve.context.remove_listener("dialog", _accept)
    asked: list[str] = []
    eve.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    eve.check("input[name=choice][value=gus]")
    eve.click("main form button.primary")
    eve.wait_for_timeout(400)
    assert asked == ["Pick gus as your Death Match opponent? A pick is final."]
    assert f"/picks/{pick}/" in eve.url  # nothing was picked
    eve.once("dialog", lambda d: d.accept())
    eve.click("main form button.primary")
    eve.wait_for_url(re.compile(r".*/duels/\d+/$"))
    room = eve.locator("main").inner_text()
    assert "The game: A Warrior" in room and eve.locator("main a:text('read its rules')").count() == 1
    clean(eve, "ready-room")
    eve.goto(f"{live_url}/me/alerts/")
    clean(eve, "alerts-settings")
    eve.context.close()
