"""The pages' one socket helper: a socket that dropped reconnects by itself, and the page fetches what it missed."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.conftest import manage
from tests.browser.test_abc_round import PLAYERS, SETUP, log_in

pytestmark = pytest.mark.browser


def test_a_dropped_match_socket_reconnects_and_the_page_shows_what_it_missed(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """Pushes lost while a spectator's socket is down are made good by the resync after the helper reconnects."""
    setup = SETUP.format(players=PLAYERS).replace('seed="browser"', 'seed="browser-resync"')
    match_id = int(manage(server_env, "shell", "-c", setup).strip().splitlines()[-1])
    routes: list[Any] = []
    forwarding = {"on": True}

    def through(ws: Any) -> None:
        # Stands between the page and the server: while "on" is off, the server's frames are lost (all but the
        # pongs: a slow run must not have the helper's ping find the socket dead and reconnect by itself).
        server = ws.connect_to_server()
        server.on_message(lambda frame: ws.send(frame) if forwarding["on"] or '"pong"' in str(frame) else None)
        routes.append((ws, server))

    watcher = browser.new_context(bypass_csp=True).new_page()  # bypass: wait_for_function evaluates a string
    watcher.route_web_socket("**/ws/matches/**", through)
    watcher.goto(f"{live_url}/matches/{match_id}/")
    watcher.wait_for_function("window.garnetLive && window.garnetLive.connected")
    before = watcher.locator(".turn-label").inner_text()

    forwarding["on"] = False
    ann = log_in(browser, live_url, "ann")
    ann.goto(f"{live_url}/matches/{match_id}/")
    ann.check("input[name=partner][value=cat]")
    ann.click("button[name=lock][value='1']")
    ann.wait_for_selector("text=Pairs")
    time.sleep(1)
    assert watcher.locator(".turn-label").inner_text() == before  # the close's pushes were lost on the way

    forwarding["on"] = True
    ws, server = routes[0]
    ws.close()  # the page's socket drops (a phone changing networks); the server's side goes with it
    server.close()
    watcher.wait_for_function("window.garnetLive.connects >= 2 && window.garnetLive.connected", timeout=15000)
    watcher.wait_for_function(
        "(before) => document.querySelector('.turn-label').textContent.trim() !== before", arg=before, timeout=15000
    )
    assert watcher.evaluate("window.garnetLive.refreshes") >= 1
    assert len(routes) == 2  # one socket at a time, reopened once
    ann.context.close()
    watcher.context.close()


def test_a_page_that_missed_a_close_fetches_on_a_newer_turns_lock_in_and_past_a_shown_deadline(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """Pushes can be lost with the socket up (a server's Redis connection coming back loses what was published
    meanwhile): a lock-in on a newer turn than the page shows makes it fetch, and so does a shown turn whose
    deadline passed a few seconds ago."""
    setup = SETUP.format(players=PLAYERS).replace('seed="browser"', 'seed="browser-heal"')
    match_id = int(manage(server_env, "shell", "-c", setup).strip().splitlines()[-1])
    forwarding = {"on": True}

    def through(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda frame: ws.send(frame) if forwarding["on"] or '"pong"' in str(frame) else None)

    watcher = browser.new_context(bypass_csp=True).new_page()
    watcher.route_web_socket("**/ws/matches/**", through)
    watcher.goto(f"{live_url}/matches/{match_id}/")
    watcher.wait_for_function("window.garnetLive && window.garnetLive.connected")
    before = watcher.locator(".turn-label").inner_text()

    forwarding["on"] = False  # the close's pushes are lost, the socket stays up
    ann = log_in(browser, live_url, "ann")
    ann.goto(f"{live_url}/matches/{match_id}/")
    ann.check("input[name=partner][value=cat]")
    ann.click("button[name=lock][value='1']")
    ann.wait_for_selector("text=Pairs")
    time.sleep(1)
    assert watcher.locator(".turn-label").inner_text() == before
    forwarding["on"] = True

    bob = log_in(browser, live_url, "bob")
    bob.goto(f"{live_url}/matches/{match_id}/")
    bob.wait_for_selector("input[name=action]", timeout=15000)
    bob.check("input[name=action][value=ally]")
    bob.click("button[name=lock][value='1']")
    watcher.wait_for_function(
        "(before) => document.querySelector('.turn-label').textContent.trim() !== before", arg=before, timeout=15000
    )
    assert watcher.evaluate("window.garnetLive.connects") == 1  # healed without a reconnect

    # A shown turn whose deadline has passed (as if its close's pushes were lost): the page fetches by itself.
    asked = watcher.evaluate("window.garnetLive.refreshes")
    watcher.evaluate(
        """() => { const root = document.querySelector('.live-root');
        root.dataset.turnKey = root.dataset.turn + '|' + new Date(Date.now() - 10000).toISOString() + '|0'; }"""
    )
    watcher.wait_for_function("(asked) => window.garnetLive.refreshes > asked", arg=asked, timeout=10000)
    assert watcher.evaluate("window.garnetLive.overdue") >= 1
    for page in (ann, bob, watcher):
        page.context.close()
