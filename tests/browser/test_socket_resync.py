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
