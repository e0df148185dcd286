"""The pages' one socket helper: a socket that dropped reconnects by itself, and the page fetches what it missed."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.browser.conftest import manage
from tests.browser.test_abc_round import PLAYERS, SETUP, log_in

pytestmark = pytest.mark.browser


@dataclass
class Relay:
    """A spectator's page whose match socket runs through a relay: while ``on`` is off, the server's frames are
    lost (all but the pongs: a slow run must not have the helper's ping find the socket dead and reconnect)."""

    page: Any
    match_id: int
    before: str  # the turn label the page showed first
    on: bool = True
    routes: list[tuple[Any, Any]] = field(default_factory=list)


def _watch_while_the_x_locks_in_unheard(browser: Any, live_url: str, server_env: dict[str, str], seed: str) -> Relay:
    """A new match watched through a relay, then the X's lock-in closes its first turn with the pushes lost."""
    setup = SETUP.format(players=PLAYERS).replace('seed="browser"', f'seed="{seed}"')
    match_id = int(manage(server_env, "shell", "-c", setup).strip().splitlines()[-1])
    page = browser.new_context(bypass_csp=True).new_page()  # bypass: wait_for_function evaluates a string
    relay = Relay(page=page, match_id=match_id, before="")

    def through(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda frame: ws.send(frame) if relay.on or '"pong"' in str(frame) else None)
        relay.routes.append((ws, server))

    page.route_web_socket("**/ws/matches/**", through)
    page.goto(f"{live_url}/matches/{match_id}/")
    page.wait_for_function("window.garnetLive && window.garnetLive.connected")
    relay.before = page.locator(".turn-label").inner_text()
    relay.on = False
    ann = log_in(browser, live_url, "ann")
    ann.goto(f"{live_url}/matches/{match_id}/")
    ann.check("input[name=partner][value=cat]")
    ann.click("button[name=lock][value='1']")
    ann.wait_for_selector('.live-root[data-turn="2"]', timeout=15000)  # the answer: her lock-in closed turn 1
    ann.context.close()
    time.sleep(1)
    assert page.locator(".turn-label").inner_text() == relay.before  # the close's pushes were lost on the way
    return relay


def test_a_dropped_match_socket_reconnects_and_the_page_shows_what_it_missed(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """Pushes lost while a spectator's socket is down are made good by the resync after the helper reconnects."""
    relay = _watch_while_the_x_locks_in_unheard(browser, live_url, server_env, "browser-resync")
    watcher, before = relay.page, relay.before
    relay.on = True
    ws, server = relay.routes[0]
    ws.close()  # the page's socket drops (a phone changing networks); the server's side goes with it
    server.close()
    watcher.wait_for_function("window.garnetLive.connects >= 2 && window.garnetLive.connected", timeout=15000)
    watcher.wait_for_function(
        "(before) => document.querySelector('.turn-label').textContent.trim() !== before", arg=before, timeout=15000
    )
    assert watcher.evaluate("window.garnetLive.refreshes") >= 1
    assert len(relay.routes) == 2  # one socket at a time, reopened once
    watcher.context.close()


def test_a_page_that_missed_a_close_fetches_on_a_newer_turns_lock_in_and_past_a_shown_deadline(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """Pushes can be lost with the socket up (a server's Redis connection coming back loses what was published
    meanwhile): a lock-in on a newer turn than the page shows makes it fetch, and so does a shown turn whose
    deadline passed a few seconds ago."""
    relay = _watch_while_the_x_locks_in_unheard(browser, live_url, server_env, "browser-heal")
    watcher, before = relay.page, relay.before
    relay.on = True  # the socket never dropped: only the close's frames were lost

    bob = log_in(browser, live_url, "bob")
    bob.goto(f"{live_url}/matches/{relay.match_id}/")
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
    bob.context.close()
    watcher.context.close()
