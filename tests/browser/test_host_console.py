"""Issue 38's Hosts and Spectators sections in headless Chromium at 360 × 740, axe-clean on every page
visited: a co-host who is not a site admin changes the season's settings on the console; a visitor keeps
the season's sign-up link through sign-up; a dealer tries a designed game with bots and reads the balance
report; a spectator reads the timeline with a Death Match's rounds folded into one entry."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import manage, needs
from tests.browser.test_layout import AXE, _check

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}
PASSWORD = "host-console-pass-7"
PLAYERS = ["hc-ann", "hc-bob", "hc-cat", "hc-dan", "hc-eve"]

SETUP = f"""
import json
from django.contrib.auth import get_user_model
from games.house.engine.definition import definition_load_text
from games.house.services import house_game_create
from seasons.models import Season
from seasons.services import episode_dmo_pick, season_create, season_start
from tests.seasons.factories import abc_episode, finish_mm, open_pick, play_to_end
User = get_user_model()
def account(name, **flags):
    u, _ = User.objects.get_or_create(username=name, defaults=flags)
    u.set_password({PASSWORD!r}); u.save()
    return u
boss = account("hc-boss", is_staff=True)
cohost = account("hc-cohost")  # hosts this season only: neither staff nor site admin
players = {PLAYERS!r}
for p in players:
    account(p)
running = season_create(name="Console Cup", slug="hc-cup", players=players, hosts=[boss, cohost])
season_start(season_id=running.pk, seed="hc")
draft = season_create(name="Open Call", slug="hc-open", players=[], hosts=[boss], signup_code="hc-join")
from seasons.services.casting import season_cast
season_cast(season=draft, roster="hc-pal\\nhc-friend", user=boss, base_url="http://garnet.example")
told = season_create(name="Folded Tales", slug="hc-fold", players=players, hosts=[boss])
season_start(season_id=told.pk, seed="hc-fold")
episode = finish_mm(abc_episode(told, players), winners=["hc-ann"], candidates=["hc-eve"])
duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=User.objects.get(username="hc-eve"), dmo="hc-dan")
play_to_end(duel.match, seed="hc-fold")
text = open("games/house/engine/samples/dealers_auction.yaml").read()
game = house_game_create(owner=boss, definition=definition_load_text(text))
print(json.dumps({{"game": game.pk, "dm": duel.match.pk}}))
"""


@pytest.fixture(scope="module")
def site(live_url: str, server_env: dict[str, str]) -> dict[str, Any]:
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = manage(server_env, "shell", "-c", SETUP)
    return dict(json.loads(out.strip().splitlines()[-1]))


def _phone(browser: Any, live_url: str, handle: str = "") -> Any:
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # axe is injected
    page = context.new_page()
    if handle:
        page.goto(f"{live_url}/accounts/login/")
        page.fill("input[name=username]", handle)
        page.fill("input[name=password]", PASSWORD)
        page.click("form.narrow button[type=submit]")
        page.wait_for_load_state()
    return page


def _clean(page: Any, what: str, problems: dict[str, list[str]]) -> None:
    found = _check(page)
    if found:
        problems[what] = found


def test_a_cohost_who_is_not_a_site_admin_changes_the_settings_in_hours(
    browser: Any, live_url: str, site: dict[str, Any]
) -> None:
    page = _phone(browser, live_url, "hc-cohost")
    problems: dict[str, list[str]] = {}
    page.goto(f"{live_url}/seasons/hc-cup/host/")
    _clean(page, "console", problems)
    assert page.locator("a[href*='/admin/']").count() == 0, "the console links the Django admin"
    page.click("a.button:text('Settings')")
    page.wait_for_url("**/host/settings/")
    _clean(page, "settings", problems)
    page.screenshot(path=str(SHOTS / "host-console-settings.png"), full_page=True)
    page.select_option("#id_mm_turn_seconds", label="12 hours")
    page.select_option("#id_pick_seconds", label="6 hours")
    assert page.locator("#id_starting_garnets").is_disabled()  # fixed once the season started
    page.fill("#id_reason", "a faster second week")
    page.click("button:text('Save the settings')")
    page.wait_for_load_state()
    assert "Saved: Main Match round, Time to pick." in page.content()
    _clean(page, "settings saved", problems)
    page.goto(f"{live_url}/seasons/hc-cup/host/")
    log = page.locator("#log").inner_text()
    assert "Main Match round 24 hours → 12 hours; Time to pick 24 hours → 6 hours" in log
    page.goto(f"{live_url}/glossary/")
    _clean(page, "glossary", problems)
    assert not problems, problems


def test_the_sign_up_link_keeps_its_season_through_sign_up(browser: Any, live_url: str, site: dict[str, Any]) -> None:
    page = _phone(browser, live_url)
    problems: dict[str, list[str]] = {}
    page.goto(f"{live_url}/seasons/hc-open/join/hc-join/")
    _clean(page, "join (signed out)", problems)
    page.screenshot(path=str(SHOTS / "host-console-join.png"), full_page=True)
    page.click("text=Create an account to join")
    page.wait_for_url("**/accounts/signup/**")
    _clean(page, "sign-up", problems)
    page.fill("#id_username", "hc-newcomer")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("button:text('Create my account')")
    page.wait_for_url("**/seasons/hc-open/join/hc-join/")
    _clean(page, "join (signed in)", problems)
    page.click("button:text('Ask to join')")
    page.wait_for_url("**/seasons/hc-open/")
    assert "Asked to join Open Call" in page.content()
    # The host sees the request beside the invites, copies every invite link at once, and can download them.
    host = _phone(browser, live_url, "hc-boss")
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.goto(f"{live_url}/seasons/hc-open/host/")
    assert "Approve hc-newcomer" in host.content()
    lines = host.locator("#all-invites").input_value().splitlines()
    assert [line.split(": ")[0] for line in lines] == ["hc-friend", "hc-pal"]
    host.click("button:text('Copy all invites')")
    host.locator(".copy-done:text('Copied.')").wait_for()
    assert host.evaluate("navigator.clipboard.readText()").splitlines() == lines
    assert host.locator("a:text('Download as CSV')").count() == 1
    _clean(host, "console (draft, invites)", problems)
    host.screenshot(path=str(SHOTS / "host-console-invites.png"), full_page=True)
    assert not problems, problems


def test_a_dealer_tries_a_designed_game_with_bots(browser: Any, live_url: str, site: dict[str, Any]) -> None:
    page = _phone(browser, live_url, "hc-boss")
    problems: dict[str, list[str]] = {}
    page.goto(f"{live_url}/games/house/{site['game']}/")
    _clean(page, "game page", problems)
    page.select_option("#try-players", "4")
    page.click("button:text('Try it with bots')")
    page.wait_for_url("**/games/house/trials/*/")
    page.locator("text=Open the balance report").wait_for(timeout=60_000)
    page.locator("#findings").wait_for(timeout=10_000)
    _clean(page, "trial", problems)
    page.screenshot(path=str(SHOTS / "host-console-trial.png"), full_page=True)
    page.click("text=Open the balance report")
    page.wait_for_url("**/report/")
    assert page.locator("img.report-plot").count() > 0
    # The dealer plays a test match at every seat: p1's move on its own form, then the next seat's.
    page.goto(f"{live_url}/games/house/{site['game']}/")
    page.click("text=Play a test match at every seat yourself")
    page.click("button:text('Start a test match')")
    page.locator("h3", has_text="You play p1").wait_for()
    _clean(page, "test match, p1", problems)
    page.fill("input[name=bid]", "2")
    page.click("button:text('Play this move for p1')")
    page.locator("h3", has_text="You play p2").wait_for()
    assert page.locator("text=p1 ✓").count() == 1
    _clean(page, "test match, p2", problems)
    page.screenshot(path=str(SHOTS / "host-console-hotseat.png"), full_page=True)
    assert not problems, problems


def test_a_spectator_reads_the_timeline_with_the_death_match_folded(
    browser: Any, live_url: str, site: dict[str, Any]
) -> None:
    page = _phone(browser, live_url)
    problems: dict[str, list[str]] = {}
    page.goto(f"{live_url}/seasons/hc-fold/")
    fold = page.locator("details.tl-fold")
    assert fold.count() == 1
    summary = fold.locator("summary").inner_text()
    assert summary.startswith("Episode 1 Death Match, hc-eve vs hc-dan;") and "rounds)" in summary
    rounds = fold.locator(".tl-rounds > li")
    assert rounds.count() > 1 and not rounds.first.is_visible()
    assert page.locator("#timeline .tl-round").count() == rounds.count()  # no loose Death Match round
    assert "drawn by lot" not in summary
    assert "hc-eve picked hc-dan as their Death Match opponent." in page.content()
    _clean(page, "season page", problems)
    fold.locator("summary").click()
    assert rounds.first.is_visible()
    # A live refresh of the timeline (a push after each closed round) keeps the opened Death Match open.
    swapped = page.evaluate(
        """() => new Promise((done) => {
            const box = document.getElementById("timeline");
            box.addEventListener("htmx:afterSwap", () => done(true), {once: true});
            window.htmx.trigger(box, "refresh");
        })"""
    )
    assert swapped and page.locator("details.tl-fold").get_attribute("open") is not None
    assert page.locator("details.tl-fold .tl-rounds > li").first.is_visible()
    _clean(page, "season page, Death Match open", problems)
    page.screenshot(path=str(SHOTS / "host-console-timeline.png"), full_page=True)
    assert not problems, problems
