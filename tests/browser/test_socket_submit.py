"""The move form goes over the page's socket while it is open, by HTTP when not, and nothing is lost between."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import manage
from tests.browser.test_abc_round import PLAYERS, SETUP, SHOTS, log_in

pytestmark = pytest.mark.browser


def _match(server_env: dict[str, str], seed: str) -> int:
    setup = SETUP.format(players=PLAYERS).replace('seed="browser"', f'seed="{seed}"')
    return int(manage(server_env, "shell", "-c", setup).strip().splitlines()[-1])


def _posts_to_submit(page: Any, *, ends: tuple[str, ...] = ("/submit/",)) -> list[str]:
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and r.url.endswith(ends) else None)
    return posts


def test_a_move_goes_over_the_pages_socket_and_its_answer_shows(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """The check as she edits, a save showing its status beside the form, a lock-in that closes the turn showing
    the next one: no HTTP post."""
    match_id = _match(server_env, "socket-submit")
    ann = log_in(browser, live_url, "ann")
    posts = _posts_to_submit(ann, ends=("/submit/", "/check/"))
    ann.goto(f"{live_url}/matches/{match_id}/")
    ann.wait_for_function("window.garnetLive && window.garnetLive.connected")
    ann.check("input[name=partner][value=cat]")
    ann.wait_for_selector("#move-check .ok")  # the rules' check as she edits, over the socket too
    assert "The rules accept this move." in ann.locator("#move-check").inner_text()
    assert posts == []
    ann.click("button[name=lock][value='0']")
    ann.wait_for_selector("#submit-status .confirm:not(.locked)")
    assert "Saved (not locked)" in ann.locator("#submit-status").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "socket-saved.png"))
    assert ann.locator("input[name=partner][value=cat]").is_checked()  # the form stays as she left it
    assert (
        ann.locator("form.move-form[aria-busy]").count() == 0 and ann.locator(".buttons button:disabled").count() == 0
    )
    ann.click("button[name=lock][value='1']")
    ann.wait_for_selector('.live-root[data-turn="2"]', timeout=15000)
    assert "so the turn closed" in ann.locator("[data-result]").first.inner_text()
    # The lock-in's confirmation asked the check what the move spends over the socket too (match_page.js).
    assert ann.evaluate("window.garnetLive.sent") == 2 and posts == []
    ann.context.close()


def test_without_an_open_socket_the_form_posts_as_before(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """A page whose socket cannot open (a network that blocks websockets) plays over HTTP."""
    match_id = _match(server_env, "socket-submit-http")
    ann = log_in(browser, live_url, "ann")
    ann.route_web_socket("**/ws/matches/**", lambda ws: ws.close())
    posts = _posts_to_submit(ann)
    ann.goto(f"{live_url}/matches/{match_id}/")
    ann.wait_for_function("window.garnetLive")
    ann.wait_for_timeout(500)  # its socket's first try has failed
    assert not ann.evaluate("window.garnetLive.connected")
    ann.check("input[name=partner][value=cat]")
    ann.click("button[name=lock][value='1']")
    ann.wait_for_selector('.live-root[data-turn="2"]', timeout=15000)
    assert ann.evaluate("window.garnetLive.sent") == 0 and len(posts) == 1
    ann.context.close()


def test_a_socket_that_drops_before_answering_leaves_the_page_showing_what_the_server_has(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """The move reached the server, but its answer was lost with the socket: the page fetches the truth (the turn
    her lock-in closed) and says why it did."""
    match_id = _match(server_env, "socket-submit-drop")
    ann = log_in(browser, live_url, "ann")
    routes: list[Any] = []

    def through(ws: Any) -> None:
        server = ws.connect_to_server()
        routes.append(ws)

        def from_page(frame: Any) -> None:
            server.send(frame)
            if '"submit"' in str(frame):  # the move goes through; the socket dies before its answer comes back
                ws.close()
                server.close()

        ws.on_message(from_page)
        server.on_message(lambda frame: ws.send(frame))

    ann.route_web_socket("**/ws/matches/**", through)
    ann.set_viewport_size({"width": 360, "height": 740})  # a phone, where this happens
    ann.goto(f"{live_url}/matches/{match_id}/")
    ann.wait_for_function("window.garnetLive && window.garnetLive.connected")
    ann.check("input[name=partner][value=cat]")
    ann.click("button[name=lock][value='1']")
    ann.wait_for_selector('.live-root[data-turn="2"]', timeout=15000)

    notice = ann.locator("[data-result=socket]")
    notice.wait_for()
    assert "dropped before the server answered" in notice.inner_text() and notice.is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "socket-dropped-before-answer-360.png"))
    assert ann.evaluate("window.garnetLive.unanswered") == 1
    ann.context.close()
