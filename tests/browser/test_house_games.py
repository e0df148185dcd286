"""A dealer's game in headless Chromium on 360 × 740 phones: three players submit a round on the match page,
the host opens the page, sees every submission and resolves the round by hand; the players' pages take the
announcement and their private lines live, and no page scrolls sideways."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import manage, phone_login

pytestmark = pytest.mark.browser

PLAYERS = ["ann", "bob", "cat"]
HOST = "deal"
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}

SETUP = """
from django.contrib.auth import get_user_model
from games.house.engine.definition import definition_clean, definition_load_text
from games.match.services.matches import match_start
User = get_user_model()
for name in {everyone!r}:
    u, _ = User.objects.get_or_create(username=name)
    u.set_password("garnet-pass-1"); u.time_zone = "Europe/London"; u.save()
definition = definition_clean(definition_load_text('''{definition}'''))
m = match_start(game="house", players={players!r}, options={{"definition": definition}}, seed="browser-house",
                hosts=list(User.objects.filter(username={host!r})), turn_seconds=900)
print(m.pk)
"""

DEFINITION = """
schema: garnet-house/1
title: Pick a colour
kind: main
rules: |
  Each round, pick a colour, guess a number and say a word. The dealer decides who scores.
players: {min: 3, max: 8}
rounds: 3
scores: {label: Points, start: 0, visibility: public}
secrets:
  - {name: role, label: Your role, values: [Thief, Citizen]}
round_plan:
  - label: Round
    fields:
      - {name: colour, label: Your colour, type: choice, choices: [red, blue, green]}
      - {name: guess, label: Your guess, type: number, min: 0, max: 100, default: 50}
      - {name: rank, label: Rank the others, type: order, required: false}
      - {name: word, label: A word to the dealer, type: text, max_length: 80, required: false}
    resolve: {by: dealer}
"""

MOVES = {
    "ann": {"colour": "red", "guess": "12", "word": "ann-whispers-red"},
    "bob": {"colour": "blue", "guess": "40", "word": "bob-whispers-blue"},
    "cat": {"colour": "green", "guess": "77", "word": "cat-whispers-green"},
}


def _no_sideways_scroll(page: Any, what: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"{what} is {wide} px wide at 360 px"


def test_players_submit_and_the_dealer_resolves_a_round_by_hand_on_phones(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    setup = SETUP.format(everyone=[*PLAYERS, HOST], players=PLAYERS, host=HOST, definition=DEFINITION)
    match_id = int(manage(server_env, "shell", "-c", setup).strip().splitlines()[-1])
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = f"{live_url}/matches/{match_id}/"
    pages = {p: phone_login(browser, live_url, p) for p in [*PLAYERS, HOST]}
    for page in pages.values():
        page.goto(url)
        page.wait_for_function("window.garnetLive && window.garnetLive.connected")
    dealer = pages[HOST]
    assert dealer.locator("text=you deal this match").count() == 1
    assert dealer.locator(".house-desk").count() == 1

    ann = pages["ann"]
    ann.screenshot(path=str(SHOTS / "house-player-form.png"), full_page=True)
    _no_sideways_scroll(ann, "ann's form")
    for p, move in MOVES.items():
        page = pages[p]
        page.check(f"input[name=colour][value={move['colour']}]")
        page.fill("input[name=guess]", move["guess"])
        others = [q for q in PLAYERS if q != p]
        page.select_option("select[name=rank__1]", others[0])
        page.select_option("select[name=rank__2]", others[1])
        page.fill("textarea[name=word]", move["word"])
        page.click("button[name=lock][value='1']")
        if p != PLAYERS[-1]:
            page.wait_for_selector("text=Locked in.")

    # The last lock-in closes the round: the dealer's page shows every submission and the tally form.
    dealer.wait_for_selector(".house-tally-table", timeout=15000)
    table = dealer.locator(".house-tally-table").inner_text()
    for move in MOVES.values():
        assert move["word"] in table and move["colour"] in table
    dealer.screenshot(path=str(SHOTS / "house-dealer-tally.png"), full_page=True)
    _no_sideways_scroll(dealer, "the dealer's tally")
    assert dealer.locator(".house-outcome").is_hidden()  # shown only when ending the match
    # Nobody else reads another's word.
    for p in PLAYERS:
        text = pages[p].content()
        assert all(MOVES[q]["word"] not in text for q in PLAYERS if q != p)

    dealer.fill("textarea[name=announcement]", "Round 1: blue wins!\nbob scores 3.")
    dealer.fill("input[name=points__bob]", "3")
    dealer.click("details.house-private:has(textarea[name=private__cat]) > summary")  # folded until wanted
    dealer.fill("textarea[name=private__cat]", "cat, green was bold.")
    dealer.check("input[name=next][value=end]")
    assert dealer.locator(".house-outcome").is_visible()
    dealer.check("input[name=next][value=continue]")
    dealer.click("button[name=lock][value='1']")

    # The players' pages take the announcement live; only cat reads cat's private line.
    for p in PLAYERS:
        pages[p].wait_for_selector("text=Round 1: blue wins!", timeout=15000)
        pages[p].wait_for_selector("input[name=colour]", timeout=15000)  # round 2's form
    log = pages["cat"].locator("#log").inner_text()
    assert "cat, green was bold." in log and "bob scores 3." in log
    assert "cat, green was bold." not in pages["bob"].locator("#log").inner_text()
    pages["bob"].screenshot(path=str(SHOTS / "house-player-after-tally.png"), full_page=True)
    _no_sideways_scroll(pages["bob"], "bob's page after the tally")
    dealer.wait_for_selector("text=Round 2", timeout=15000)
    dealer.screenshot(path=str(SHOTS / "house-dealer-round-2.png"), full_page=True)
