"""Issue 44's acceptance at 360 × 740 in headless Chromium, under the site's real CSP: a dealer designs a game with
two holdings, a deck and a trade with the designer's own controls, each row added without a page load (htmx
puts back only its section) and each formula checked as it is typed; tries it with greedy bots, whose report
shows the trades made; plays a test match at every seat, seeing each seat's holdings; and runs it as a season's
Main Match, where a player reads what they hold above the form on the first screen. axe-core finds nothing
serious or critical on any of those pages. Page loads, taps and typed entries are counted and written to
``walkthrough-counts.json`` beside the screenshots (the issue's baseline: 35 page loads, 47 taps, 31 typed
entries for the longer run from the setup link to a running Main Match)."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import LANDED, ROOT, manage, needs
from tests.browser.designer import open_part, press

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}
DEALER = "wk-dealer"
PLAYERS = ["wka", "wkb", "wkc"]
SLUG = "walkthrough"
SETUP = """
from django.contrib.auth import get_user_model
from seasons.services import season_create, season_start
from tests.factories import users
users({everyone!r})
get_user_model().objects.filter(username={dealer!r}).update(is_staff=True)
dealer = get_user_model().objects.get(username={dealer!r})
season = season_create(name="Walkthrough", slug={slug!r}, players={players!r}, hosts=[dealer], dm_lead_seconds=0)
season_start(season_id=season.pk, seed="walkthrough")
print("ok")
"""
MAIN = """
from seasons.models import Episode
print(Episode.objects.get(season__slug={slug!r}, number=1).mm_match_id)
"""
AMOUNT = "2 * min(red, blue) + max(0, blue - red)"


class Phone:
    """A phone-sized page that counts what the dealer does: page loads, taps and typed entries."""

    def __init__(self, browser: Any, live_url: str, handle: str) -> None:
        context = browser.new_context(viewport=PHONE, timezone_id="Europe/London")  # the real CSP
        self.page = context.new_page()
        self.page.set_default_timeout(30_000)
        self.url = live_url
        self.counts: Counter[str] = Counter()
        self.page.on("load", lambda _: self.counts.update(["page loads"]))
        self.goto("/accounts/login/")
        self.type("input[name=username]", handle)
        self.type("input[name=password]", "garnet-pass-1")  # tests.factories.PASSWORD
        self.tap("button[type=submit]")
        self.page.wait_for_url(LANDED)

    def goto(self, path: str) -> None:
        self.page.goto(f"{self.url}{path}")

    def tap(self, selector: str) -> None:
        self.counts["taps"] += 1
        self.page.click(selector)

    def choose(self, selector: str, **option: str) -> None:
        self.counts["taps"] += 1  # a select is a tap (and one on the option, which a phone's picker makes one)
        self.page.select_option(selector, **option)

    def type(self, selector: str, text: str) -> None:
        self.counts["typed entries"] += 1
        self.page.fill(selector, text)

    def press(self, value: str) -> None:
        self.counts["taps"] += 1
        press(self.page, value)

    def open(self, part: str) -> None:
        if self.page.locator(f"details#sec-{part}[open]").count() == 0:
            self.counts["taps"] += 1
        open_part(self.page, part)


def _check(page: Any, what: str, problems: dict[str, list[str]]) -> None:
    """The page fits 360 px; axe-core's serious or critical findings on it are kept in ``problems``."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > PHONE["width"]:
        problems.setdefault(what, []).append(f"{wide} px wide")
    page.evaluate(AXE.read_text())  # an evaluation, not a <script>: the pages run under the real CSP
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [
        f"{v['id']}: {v['help']} ({'; '.join(' '.join(n['target']) for n in v['nodes'][:3])})"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    if bad:
        problems.setdefault(what, []).extend(bad)
    page.screenshot(path=str(SHOTS / f"walkthrough-{what}.png"), full_page=True)


def _design(d: Phone, problems: dict[str, list[str]]) -> int:
    page = d.page
    d.goto("/games/house/new/")
    loads = d.counts["page loads"]
    d.type("#d-title", "Red and blue")
    d.type("#d-rules", "Trade red and blue cubes. After round 3, a pair of one red and one blue scores 2.")
    d.type("#d-players-min", "3")
    d.type("#d-players-max", "6")
    d.open("v2")
    d.press("add:holdings")
    page.wait_for_function("() => document.activeElement.id === 'd-holdings-0-name'")  # the new row, ready to type
    d.type("#d-holdings-0-name", "red")
    d.type("#d-holdings-0-label", "Red cubes")
    d.type("#d-holdings-0-start", "4")
    d.press("add:holdings")
    assert page.input_value("#d-holdings-0-name") == "red"  # what was typed stays
    d.type("#d-holdings-1-name", "blue")
    d.type("#d-holdings-1-label", "Blue cubes")
    d.type("#d-holdings-1-start", "1")
    d.press("add:decks")
    d.type("#d-decks-0-cards-0-copies", "plaers")  # a formula of the number of players, misspelt...
    page.wait_for_selector("#d-decks-0-cards-0-copies-check .formula-bad")
    d.tap("#d-decks-0-cards-0-copies-check button[data-name=players]")  # ...and put right with a tap
    page.wait_for_selector("#d-decks-0-cards-0-copies-check .formula-ok")
    assert page.input_value("#d-decks-0-cards-0-copies") == "players"
    d.press("add:piles")
    d.type("#d-piles-0-deck", "cards")
    d.open("rounds")
    field = "#d-round_plan-0-fields-0"
    d.choose(f"{field}-type", value="trade")
    d.type(f"{field}-name", "offer")
    d.type(f"{field}-label", "Your trade")
    d.type(f"{field}-holdings", "red, blue")
    d.counts["taps"] += 1
    page.uncheck(f"{field}-required")
    d.choose("#d-round_plan-0-resolve-by", value="none")
    d.press("add:round_plan[0].effects")
    assert page.input_value(f"{field}-holdings") == "red, blue"
    d.choose("#d-round_plan-0-effects-0-who", value="each")
    amount = "#d-round_plan-0-effects-0-amount"
    d.type(amount, "2 * min(red, blu")  # the names it may read are offered as it is typed
    page.wait_for_selector(f"{amount}-check button[data-name=blue]")
    d.tap(f"{amount}-check button[data-name=blue]")
    page.wait_for_function(f"() => document.querySelector('{amount}').value === '2 * min(red, blue'")
    d.type(amount, AMOUNT)
    page.wait_for_selector(f"{amount}-check .formula-ok")
    d.type("#d-round_plan-0-effects-0-when", "round == 3")
    assert d.counts["page loads"] == loads, "a row added or a formula checked loaded the page"
    _check(page, "designer", problems)
    height = page.evaluate("document.body.scrollHeight")
    d.tap(".house-save button.primary")
    page.wait_for_url("**/games/house/*/")
    assert page.locator("h1", has_text="Red and blue").count() == 1, page.locator(".house-problems").all_inner_texts()
    d.counts["designer height at the end (px)"] = height
    return int(page.url.rstrip("/").rsplit("/", 1)[-1])


def test_a_dealer_designs_tries_plays_and_runs_a_game_on_a_phone(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    setup = SETUP.format(everyone=[DEALER, *PLAYERS], dealer=DEALER, players=PLAYERS, slug=SLUG)
    manage(server_env, "shell", "-c", setup)
    problems: dict[str, list[str]] = {}
    d = Phone(browser, live_url, DEALER)
    page = d.page
    phases: dict[str, dict[str, int]] = {}

    def phase(name: str) -> None:
        phases[name] = dict(d.counts)

    game = _design(d, problems)
    phase("designed")

    # Greedy bots try it from the game's page; the trial's findings and its report count the trades made.
    _check(page, "game", problems)
    d.choose("#try-players", value="3")
    d.choose("#try-bots", label="Greedy")
    d.tap("button:text('Try it with bots')")
    page.wait_for_url("**/games/house/trials/*/")
    page.locator("#findings").wait_for(timeout=240_000)
    assert "trades went through" in page.locator("#findings").inner_text()
    _check(page, "trial", problems)
    d.tap("text=Open the balance report")
    page.wait_for_url("**/report/")
    assert "trades went through" in page.locator("#findings").inner_text()
    _check(page, "report", problems)
    phase("tried with bots")

    # A test match at every seat: each seat's holdings are shown beside (above) its form.
    d.tap("a:text('Red and blue')")
    page.wait_for_url(f"**/games/house/{game}/")
    d.tap("text=Play a test match at every seat yourself")
    d.choose("#play-players", value="3")
    d.tap("text=Start a test match")
    for seat in range(3):
        page.wait_for_selector("#house-key")
        key = page.locator("#house-key").inner_text()
        assert "Red cubes: 4" in key and "Blue cubes: 1" in key, key
        if seat == 0:
            _check(page, "test-match", problems)
        d.tap("button[name=action][value=random]")
    phase("test match")

    # The season's Main Match is the dealer's game, started from the host console.
    d.goto(f"/seasons/{SLUG}/host/")
    d.choose("#id_game", value=f"house:{game}")
    with page.expect_navigation():
        d.tap("text=Start the Main Match")
    assert "has started" in page.content(), page.locator(".messages, .error").all_inner_texts()
    phase("season started")
    match = int(manage(server_env, "shell", "-c", MAIN.format(slug=SLUG)).split()[-1])

    player = Phone(browser, live_url, PLAYERS[0])
    player.goto(f"/matches/{match}/")
    player.page.wait_for_selector("#house-key")
    boxes = player.page.evaluate(
        """() => { const top = (s) => document.querySelector(s).getBoundingClientRect().top + scrollY;
        return {key: top('#house-key'), bottom: document.querySelector('#house-key').getBoundingClientRect().bottom
        + scrollY, field: top('form.move-form fieldset, form.move-form input:not([type=hidden])')}; }"""
    )
    assert boxes["bottom"] <= boxes["field"] and boxes["key"] < PHONE["height"], boxes
    assert "Red cubes: 4" in player.page.locator("#house-key").inner_text()
    _check(player.page, "player", problems)

    (SHOTS / "walkthrough-counts.json").write_text(json.dumps({"dealer": phases, "player": dict(player.counts)}))
    assert not problems, problems
    player.page.context.close()
    page.context.close()
