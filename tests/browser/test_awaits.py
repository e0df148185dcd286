"""Issue 46's acceptance on 360×740 phones: every call to act is signalled like a turn. The Elimination Candidate
on the home page sees her pick in the title within a second and is notified (opted in on this device); the
player picked and the player drawn by lot see it on the first screen and in the title, live; once the EC's
time runs out, her signal leaves. axe-core finds nothing serious on the pages visited."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import manage, needs
from tests.browser.test_layout import AXE
from tests.browser.test_turn_signal import PHONE, clean, phone

pytestmark = pytest.mark.browser

SETUP = """
from tests.seasons.factories import abc_episode, finish_mm, started_season
lot = started_season(slug="aw-lot", pick_seconds=20, dm_lead_seconds=3600)
abc_episode(lot)
picked = started_season(slug="aw-pick", pick_seconds=3600, dm_lead_seconds=3600)
episode = finish_mm(abc_episode(picked), winners=["ann"], candidates=["dan"])
print(episode.picks.get().pk)
"""

# Who the lot draws when eve's pick runs out (the draw is seeded: seasons/services/picks.py).
DRAWN = """
from random import Random
from seasons import selectors
from seasons.models import Pick
pick = Pick.objects.get(episode__season__slug="aw-lot", status="open")
episode = pick.episode
print(Random(f"{episode.season.seed}:{episode.number}:pick:{pick.pk}").choice(selectors.dmo_eligible(episode)))
"""


# The tab's title once the user is called to act ``n`` times in all.
CALLED = "(n) => document.title.startsWith(`(${n}) Your move · Home`)"


def _first_screen(page: Any, text: str) -> None:
    """``text`` is in the "Awaits you" list, on the first screen of the phone."""
    box = page.locator("#your-turn")
    page.wait_for_function(
        "(t) => { const b = document.getElementById('your-turn'); return b && !b.hidden && b.innerText.includes(t); }",
        arg=text,
        timeout=15000,
    )
    top = box.bounding_box()["y"]
    assert 0 <= top < PHONE["height"] - 60, "the call is on the first screen"


def test_the_death_matchs_people_are_called_like_a_turn(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    pick_id = manage(server_env, "shell", "-c", SETUP).split()[-1]

    # gus waits on the home page; dan, an EC of another season, picks him on his phone.
    gus = phone(browser, live_url, "gus")
    gus.goto(f"{live_url}/")
    gus.wait_for_function("window.garnetSocket && window.garnetTurns")
    gus.wait_for_timeout(500)  # its /ws/me/ socket opens
    # What already awaits each of them (another test on this server may have left them turns): one more call.
    gus_before = gus.evaluate("window.garnetTurns.count()")
    dan = phone(browser, live_url, "dan")
    dan.goto(f"{live_url}/seasons/aw-pick/picks/{pick_id}/")
    assert re.match(r"\(\d+\) Your move · Pick your Death Match opponent", dan.title()), dan.title()
    clean(dan, "awaits-pick-page")
    dan.check("input[name=choice][value=gus]")
    dan.click("main form button.primary")
    dan.wait_for_url("**/duels/*/")
    gus.wait_for_function(CALLED, arg=gus_before + 1, timeout=5000)
    _first_screen(gus, "dan picked you as their Death Match opponent")
    clean(gus, "awaits-picked-home")

    # eve, on the home page with notifications on for this device; her Main Match ends and she is the EC.
    eve = phone(browser, live_url, "eve", notify=True)
    eve.goto(f"{live_url}/")
    eve.wait_for_function("window.garnetSocket && window.garnetTurns")
    eve.wait_for_timeout(500)
    eve_before = eve.evaluate("window.garnetTurns.count()")
    # A host names eve an Elimination Candidate on the console (the server opens her pick, as a Main Match's
    # end does): her tab says so within a second.
    host = phone(browser, live_url, "host")
    host.goto(f"{live_url}/seasons/aw-lot/host/")
    host.click("#players summary")
    host.select_option("#players select[name=player]", "eve")
    host.click("#players button[value=ec_set]")
    opened = time.monotonic()
    eve.wait_for_function(CALLED, arg=eve_before + 1, timeout=1000)
    assert time.monotonic() - opened < 1.2
    _first_screen(eve, "Pick your Death Match opponent")
    notes = eve.evaluate("window.__notes")
    assert notes and notes[-1].startswith("Pick your Death Match opponent | Season aw-lot"), notes
    assert "favicon-turn" in eve.locator("link[rel=icon]").get_attribute("href")
    clean(eve, "awaits-ec-home")
    # The one the lot will draw waits on their home page too.
    drawn = manage(server_env, "shell", "-c", DRAWN).split()[-1]
    lot = phone(browser, live_url, drawn)
    lot.goto(f"{live_url}/")
    lot.wait_for_function("window.garnetSocket && window.garnetTurns")
    before = lot.evaluate("window.garnetTurns.count()")

    # Her time runs out: the signal leaves her tab; the player drawn by lot is called, live.
    eve.wait_for_function("(n) => window.garnetTurns.count() === n", arg=eve_before, timeout=20000)
    if not eve_before:
        assert not eve.title().startswith("(")
        assert eve.locator("#nav-turns .turn-badge").is_hidden()
        assert eve.locator("#your-turn").is_hidden()
    lot.wait_for_function("(n) => window.garnetTurns.count() > n", arg=before, timeout=20000)
    assert lot.title().startswith(f"({before + 1}) Your move · Home")
    _first_screen(lot, "you were drawn by lot")
    clean(lot, "awaits-drawn-home")
    # My matches says the same, first.
    lot.goto(f"{live_url}/me/")
    _first_screen(lot, "you were drawn by lot")
    for page in (gus, dan, eve, lot, host):
        page.context.close()


INVITE_SETUP = """
from tests.factories import abc_match
print(abc_match(players=["iva", "jan", "kit", "lea", "mo"], seed="invite").pk)
"""

# Counts the browser's permission prompts (the page asks only from the tap).
ASKED = """
window.__asked = 0;
const ask = window.Notification.requestPermission;
window.Notification.requestPermission = function () { window.__asked += 1; return ask(); };
"""


def test_a_player_is_invited_once_to_turn_alerts_on_and_not_now_is_remembered(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    match_id = manage(server_env, "shell", "-c", INVITE_SETUP).split()[-1]
    iva = phone(browser, live_url, "iva")
    iva.context.add_init_script(ASKED)
    iva.goto(f"{live_url}/matches/{match_id}/")
    box = iva.locator("[data-alerts-invite=match]")
    box.wait_for(state="visible")
    assert iva.evaluate("window.__asked") == 0, "nothing is asked before the tap"
    clean(iva, "awaits-invite-match")
    iva.click("[data-alerts-invite=match] button[data-invite=no]")
    assert box.is_hidden()
    iva.reload()
    iva.wait_for_load_state()
    iva.wait_for_timeout(300)
    assert iva.locator("[data-alerts-invite=match]").is_hidden(), "Not now is remembered on this device"
    assert iva.evaluate("window.__asked") == 0

    # Another player taps "Turn on alerts": the browser asks once, and the device notifies from then on.
    jan = phone(browser, live_url, "jan")
    jan.context.add_init_script(ASKED)
    jan.goto(f"{live_url}/matches/{match_id}/")
    jan.locator("[data-alerts-invite=match]").wait_for(state="visible")
    jan.click("[data-alerts-invite=match] button[data-invite=on]")
    jan.wait_for_function("() => localStorage.getItem('garnet.notify') === 'page'")
    assert jan.evaluate("window.__asked") == 1
    assert "Alerts are on" in jan.locator("[data-alerts-invite=match]").inner_text()
    for page in (iva, jan):
        page.context.close()
