"""A turn of ABC and of Warriors' Death played with the keyboard alone (Tab, Shift-Tab, arrows, Space, Enter).

Every element the keyboard lands on shows a visible focus ring, and the submission reaches the server.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import LANDED, manage

pytestmark = pytest.mark.browser

PASSWORD = "garnet-keys-1"
ABC = ["kana", "kbea", "kcai", "kdov", "kemi"]
WARRIORS = ["kwyn", "kzed"]

SETUP = """
import json
from django.contrib.auth import get_user_model
from games.match.services.matches import match_start
User = get_user_model()
for name in {abc!r} + {warriors!r}:
    u, _ = User.objects.get_or_create(username=name)
    u.set_password({password!r}); u.save()
abc = match_start(game="abc", players={abc!r}, options={{"x_order": {abc!r}}}, seed="keys-abc", turn_seconds=900)
dm = match_start(game="warriors", players={warriors!r}, options={{"variant": "classic"}}, seed="keys-dm")
print(json.dumps({{"abc": abc.pk, "dm": dm.pk}}))
"""

# What the focused element looks like: the ring may sit on the control or on the card that holds it.
FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {tag: 'body', ring: false};
  const ringed = [e, e.closest('.card')].filter(Boolean).some(el => {
    const s = getComputedStyle(el);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
  });
  return {tag: e.tagName.toLowerCase(), name: e.getAttribute('name') || '', value: e.value || '',
          text: (e.textContent || '').trim().slice(0, 40), ring: ringed && e.matches(':focus-visible')};
}"""


def log_in(browser: Any, live_url: str, handle: str) -> Any:
    context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", handle)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(LANDED)  # My matches, or the match awaiting their move (issue 38)
    return page


def open_match(page: Any, live_url: str, pk: int, ready: str) -> None:
    page.goto(f"{live_url}/matches/{pk}/")
    page.wait_for_function("window.garnetLive && window.garnetLive.connected")
    page.wait_for_selector(ready)
    page.wait_for_timeout(500)  # the live part is re-fetched once on the socket's hello


def tab_to(page: Any, want: dict[str, str], *, back: bool = False, limit: int = 120) -> dict[str, Any]:
    """Press Tab (or Shift-Tab) until the focused element has ``want``'s attributes; each stop shows its ring."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        focused = page.evaluate(FOCUS)
        if focused["tag"] != "body":
            assert focused["ring"], f"focus is not visible on {focused}"
        if all(focused.get(k) == v for k, v in want.items()):
            return focused
    raise AssertionError(f"the keyboard never reached {want}")


def eventually(check: Any, page: Any, seconds: float = 20) -> None:
    """Wait until ``check()`` is true (the server closes a turn a moment after the last lock-in)."""
    for _ in range(int(seconds * 4)):
        if check():
            return
        page.wait_for_timeout(250)
    assert check()


def awaiting(page: Any, live_url: str, pk: int) -> list[str]:
    data = page.request.get(f"{live_url}/api/matches/{pk}/").json()
    return list(data["turn"]["awaiting"]) if data.get("turn") else []


def submitted(page: Any, live_url: str, pk: int) -> dict[str, Any]:
    return dict(page.request.get(f"{live_url}/api/matches/{pk}/").json().get("submission") or {})


def test_a_turn_of_abc_and_of_warriors_by_keyboard_alone(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """X pairs, a paired player acts and doubles, a Warriors' player sends out a unit: keys only."""
    out = manage(server_env, "shell", "-c", SETUP.format(abc=ABC, warriors=WARRIORS, password=PASSWORD))
    pks = json.loads(out.strip().splitlines()[-1])

    # ABC, round 1: X (kana) pairs herself with a partner, arrows moving the choice, Enter locking in.
    x = log_in(browser, live_url, "kana")
    open_match(x, live_url, pks["abc"], "input[name=partner]")
    tab_to(x, {"tag": "input", "name": "partner"})
    x.keyboard.press("ArrowDown")
    partner = x.evaluate("() => document.activeElement.value")
    assert x.evaluate("() => document.activeElement.checked")
    tab_to(x, {"tag": "button", "name": "lock", "value": "1"})
    x.keyboard.press("Enter")
    eventually(lambda: "kana" not in awaiting(x, live_url, pks["abc"]), x)

    # A paired player: Shift-Tab back from the buttons to the action, an arrow to choose, Space to double.
    player = log_in(browser, live_url, partner)
    open_match(player, live_url, pks["abc"], "input[name=action]")
    tab_to(player, {"tag": "button", "name": "lock", "value": "1"})
    tab_to(player, {"tag": "input", "name": "action"}, back=True)
    player.keyboard.press("ArrowDown")
    action = player.evaluate("() => document.activeElement.value")
    double = player.locator("input[name=double]")
    if double.count():
        tab_to(player, {"tag": "input", "name": "double"})
        player.keyboard.press("Space")
        assert double.is_checked()
    tab_to(player, {"tag": "button", "name": "lock", "value": "1"})
    player.keyboard.press("Space")
    eventually(lambda: submitted(player, live_url, pks["abc"]).get("locked"), player)
    mine = submitted(player, live_url, pks["abc"])
    assert mine.get("locked") and mine.get("move", {}).get("action") == action, mine
    for page in (x, player):
        page.context.close()

    # Warriors' Death: a card is chosen with the arrows (nothing is pre-selected), then Enter locks it in.
    fighter = log_in(browser, live_url, WARRIORS[0])
    open_match(fighter, live_url, pks["dm"], "input[name=unit]")
    assert fighter.locator("input[name=unit]:checked").count() == 0
    tab_to(fighter, {"tag": "input", "name": "unit"})
    fighter.keyboard.press("Space")  # the first card
    for _ in range(8):  # arrows until the card needs no extra choice
        if not fighter.locator(".warriors-active:not([hidden])").count():
            break
        fighter.keyboard.press("ArrowRight")
    unit = fighter.evaluate("() => document.activeElement.value")
    active = fighter.locator(".warriors-active:not([hidden]) select")
    if active.count():  # every card takes a choice: give it one with the arrows
        tab_to(fighter, {"tag": "select"})
        fighter.keyboard.press("ArrowDown")
    tab_to(fighter, {"tag": "button", "name": "lock", "value": "1"})
    fighter.keyboard.press("Enter")
    eventually(lambda: submitted(fighter, live_url, pks["dm"]).get("locked"), fighter)
    mine = submitted(fighter, live_url, pks["dm"])
    assert mine.get("locked") and mine.get("move", {}).get("unit") == unit, mine
    fighter.context.close()
