"""Issue 37's acceptance on 360 × 740 phones in headless Chromium: a dealer designs a garnet-house/2 game with
holdings, a deck dealt to a pile and a trade, in the designer's own inputs (no JSON), saves it; three players
play its two rounds on their match pages, a trade goes through, and the result is visible. Every page
visited fits the phone and passes axe-core (no serious or critical violation)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ROOT, manage, phone_login
from tests.browser.designer import open_all
from tests.browser.designer import press as _press

pytestmark = pytest.mark.browser

HOST = "dealer2"
PLAYERS = ["ann", "bob", "cat"]
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
USERS = """
from django.contrib.auth import get_user_model
for name in {everyone!r}:
    u, _ = get_user_model().objects.get_or_create(username=name)
    u.is_staff = name == {host!r}; u.set_password("garnet-pass-1"); u.time_zone = "Europe/London"; u.save()
"""
START = """
from django.contrib.auth import get_user_model
from games.house.models import HouseGame
from games.match.services.matches import match_start
User = get_user_model()
definition = HouseGame.objects.get(pk={game}).latest.definition
m = match_start(game="house", players={players!r}, options={{"definition": definition}}, seed="designer-v2",
                hosts=list(User.objects.filter(username={host!r})), turn_seconds=900)
print(m.pk)
"""


def _check(page: Any, what: str) -> None:
    """The page fits 360 px and axe-core finds no serious or critical violation on it."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"{what} is {wide} px wide at 360 px"
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [
        f"{v['id']}: {v['help']} ({'; '.join(' '.join(n['target']) for n in v['nodes'][:3])})"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, f"{what}: {bad}"


def _design(page: Any, live_url: str) -> int:
    page.goto(f"{live_url}/games/house/new/")
    open_all(page)  # its sections are folded to a summary line (issue 44)
    page.fill("#d-title", "Chips and gems")
    page.fill("#d-rules", "Trade chips and gems. Each round scores your chips, twice your gems and your card.")
    page.fill("#d-players-min", "3")
    page.fill("#d-players-max", "6")
    page.fill("#d-rounds", "2")
    _press(page, "add:holdings")
    _press(page, "add:holdings")
    page.fill("#d-holdings-0-start", "5")
    page.fill("#d-holdings-1-name", "gems")
    page.fill("#d-holdings-1-label", "Gems")
    page.fill("#d-holdings-1-start", "2")
    _press(page, "add:decks")
    page.fill("#d-decks-0-cards-0-copies", "players")  # a formula of the number of players
    _press(page, "add:decks[0].cards")
    page.fill("#d-decks-0-cards-1-label", "2")
    page.fill("#d-decks-0-cards-1-value", "2")
    _press(page, "add:piles")
    page.fill("#d-piles-0-deck", "cards")
    field = "#d-round_plan-0-fields-0"
    page.select_option(f"{field}-type", "trade")
    assert page.locator(f"{field}-holdings").is_visible() and page.locator(f"{field}-min").is_hidden()
    page.fill(f"{field}-name", "offer")
    page.fill(f"{field}-label", "Your trade")
    page.fill(f"{field}-holdings", "chips, gems")
    page.uncheck(f"{field}-required")
    page.select_option("#d-round_plan-0-resolve-by", "none")
    _press(page, "add:round_plan[0].effects")
    page.select_option("#d-round_plan-0-effects-0-who", "each")
    # A formula with a misspelt name: the error is drawn beside its input, in words, nothing typed is lost.
    page.fill("#d-round_plan-0-effects-0-amount", "chips + 2 * gem + hand_values[0]")
    page.click(".house-save button.primary")
    page.wait_for_selector("#problems")
    amount = page.locator("#d-round_plan-0-effects-0-amount").locator("xpath=..")
    assert amount.locator(".errorlist").count() == 1, amount.inner_text()
    assert "round 1 › effect 1" in page.locator("#problems").inner_text()
    assert page.input_value("#d-holdings-1-name") == "gems"
    page.screenshot(path=str(SHOTS / "house2-designer-errors.png"), full_page=True)
    _check(page, "the designer with an error")
    page.fill("#d-round_plan-0-effects-0-amount", "chips + 2 * gems + hand_values[0]")
    page.screenshot(path=str(SHOTS / "house2-designer.png"), full_page=True)
    page.click(".house-save button.primary")
    page.wait_for_url("**/games/house/*/")
    assert page.locator("h1", has_text="Chips and gems").count() == 1
    _check(page, "the game's page")
    page.screenshot(path=str(SHOTS / "house2-game.png"), full_page=True)
    return int(page.url.rstrip("/").rsplit("/", 1)[-1])


def _lock(page: Any) -> None:
    page.click("button[name=lock][value='1']")


def test_a_dealer_designs_a_v2_game_and_three_players_play_two_rounds(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    manage(server_env, "shell", "-c", USERS.format(everyone=[*PLAYERS, HOST], host=HOST))
    dealer = phone_login(browser, live_url, HOST)
    game = _design(dealer, live_url)

    start = START.format(game=game, players=PLAYERS, host=HOST)
    match_id = int(manage(server_env, "shell", "-c", start).strip().splitlines()[-1])
    url = f"{live_url}/matches/{match_id}/"
    pages = {p: phone_login(browser, live_url, p) for p in PLAYERS}
    for page in [*pages.values(), dealer]:
        page.goto(url)
        page.wait_for_function("window.garnetLive && window.garnetLive.connected")
    ann, bob, cat = (pages[p] for p in PLAYERS)
    ann.wait_for_selector("select[name=offer__with]")
    ann.screenshot(path=str(SHOTS / "house2-player-form.png"), full_page=True)
    _check(ann, "ann's form")

    # Round 1: ann and bob offer each other the very same trade (2 chips for 1 gem); cat trades nothing.
    ann.select_option("select[name=offer__with]", "bob")
    ann.fill("input[name=offer__give__chips]", "2")
    ann.fill("input[name=offer__get__gems]", "1")
    _lock(ann)
    ann.wait_for_selector("text=Locked in.")
    bob.select_option("select[name=offer__with]", "ann")
    bob.fill("input[name=offer__give__gems]", "1")
    bob.fill("input[name=offer__get__chips]", "2")
    _lock(bob)
    bob.wait_for_selector("text=Locked in.")
    _lock(cat)

    # Round 2 opens on its own (the round resolves by its effects only): everyone locks in nothing.
    for page in pages.values():
        page.wait_for_selector("text=Round 2", timeout=15000)
    ann.screenshot(path=str(SHOTS / "house2-player-round-2.png"), full_page=True)
    for p in PLAYERS:
        pages[p].wait_for_selector("select[name=offer__with]", timeout=15000)
        _lock(pages[p])

    for page in [*pages.values(), dealer]:
        page.reload()
    cat.wait_for_selector("text=verify the deal", timeout=15000)  # the match is over
    cat.screenshot(path=str(SHOTS / "house2-result.png"), full_page=True)
    dealer.screenshot(path=str(SHOTS / "house2-dealer-result.png"), full_page=True)
    _check(cat, "cat's page after the match")
    _check(dealer, "the dealer's page after the match")
    text = cat.locator("main").inner_text()
    assert "Winners: ann" in text  # ann traded 2 chips for a gem worth 2 points a round
    assert "Gems" in text and "Chips" in text  # every holding is public once the match is over
    for page in [*pages.values(), dealer]:
        page.context.close()


ABC = """
from pathlib import Path
from django.contrib.auth import get_user_model
from games.house.engine.definition import definition_load_text
from games.house.services import house_game_create
text = Path("games/house/engine/samples/abc.yaml").read_text()
game = house_game_create(owner=get_user_model().objects.get(username={host!r}), definition=definition_load_text(text))
print(game.pk)
"""


def test_the_abc_game_opens_in_the_designer_on_a_phone(browser: Any, live_url: str, server_env: dict[str, str]) -> None:
    """Every /2 part ABC uses (a role, pairing and flag fields, a pairs table, the /2 outcome) is drawn as
    inputs that fit 360 px and pass axe; saving it unchanged keeps its version."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    manage(server_env, "shell", "-c", USERS.format(everyone=[HOST], host=HOST))
    game = int(manage(server_env, "shell", "-c", ABC.format(host=HOST)).strip().splitlines()[-1])
    page = phone_login(browser, live_url, HOST)
    page.goto(f"{live_url}/games/house/{game}/edit/")
    open_all(page)  # its sections are folded to a summary line (issue 44)
    page.wait_for_selector("#d-round_plan-1-resolve-field")
    assert page.locator("input[name='round_plan[1].resolve.matrix.0.1']").input_value() == "-2, 3, 0"
    assert page.input_value("#d-round_plan-0-awaits") == "role:x"
    page.screenshot(path=str(SHOTS / "house2-designer-abc.png"), full_page=True)
    _check(page, "the ABC game in the designer")
    page.click(".house-save button.primary")
    page.wait_for_url(f"**/games/house/{game}/")
    assert page.locator("text=has no change: it stays version 1").count() == 1
    page.context.close()
