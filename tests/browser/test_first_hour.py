"""A dealer's first hour and a new player's first move, at phone size, through the pages alone (issue 26's
acceptance, its first part): the first-run link from the server's log, the New season page, invites the
players open, the season started and its first Main Match running within 8 of the dealer's page loads;
then an invited player joins and makes their move. Screenshots go to $GARNET_SCREENSHOTS (/tmp/garnet-shots)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import SERVER_LOG, manage
from tests.browser.test_whole_season import Counter

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PHONE = {"width": 360, "height": 740}
PASSWORD = "a long Passphrase 9"
ROSTER = ["fh-ann", "fh-bob", "fh-cat", "fh-dan", "fh-eve"]


def _dealer_start(browser: Any, live_url: str, server_env: dict[str, str]) -> tuple[Any, Counter]:
    """The dealer's first page: the setup link from the log if the site has no admin yet; else (another test
    set the shared server up first) a host made by the site admin, signing in."""
    page = browser.new_context(viewport=PHONE).new_page()
    count = Counter(page)
    has_admin = manage(server_env, "shell", "-c", "from accounts.selectors import site_has_admin as f; print(f())")
    found = re.search(r"https?://\S+/accounts/setup/\w+/", SERVER_LOG["path"].read_text())
    if has_admin.strip().endswith("False") and found:
        page.goto(live_url + "/" + found.group(0).split("/", 3)[3])
        page.screenshot(path=str(SHOTS / "dealer-01-setup.png"))
        page.fill("#id_username", "fh-dealer")
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        count.click("text=Create the site admin")
    else:
        manage(
            server_env,
            "shell",
            "-c",
            "from tests.factories import UserFactory; UserFactory(username='fh-dealer', is_staff=True, "
            f"password={PASSWORD!r})",
        )
        page.goto(live_url + "/accounts/login/")
        page.fill("input[name=username]", "fh-dealer")
        page.fill("input[name=password]", PASSWORD)
        count.click("main form button[type=submit]")
    page.wait_for_load_state()
    return page, count


def test_a_dealers_first_hour_and_a_new_players_first_move(
    browser: Any, live_url: str, server_env: dict[str, str]
) -> None:
    """From the first-run page to the first Main Match running within 8 page loads, then a player's move."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, count = _dealer_start(browser, live_url, server_env)
    page.screenshot(path=str(SHOTS / "dealer-02-home.png"))
    count.click("header nav details.more > summary")  # a host's links fold under "More"
    count.click("header nav >> text=New season")
    page.wait_for_load_state()
    page.screenshot(path=str(SHOTS / "dealer-03-new-season.png"))
    page.fill("#id_name", "First Hour")
    page.fill("#id_roster", "\n".join(ROSTER))
    count.click("text=Create the season")
    page.wait_for_url("**/host/")
    page.screenshot(path=str(SHOTS / "dealer-04-invites.png"), full_page=True)
    links = [page.locator("input.invite-link").nth(i).input_value() for i in range(len(ROSTER))]
    # Each player opens their link on their own phone.
    for i, link in enumerate(links):
        player = browser.new_context(viewport=PHONE, timezone_id="Europe/Paris").new_page()
        player.goto(link)
        if i == 0:
            player.screenshot(path=str(SHOTS / "player-01-invite.png"))
        player.fill("input[name=password]", PASSWORD)
        player.click("text=Join the season")
        player.wait_for_load_state()
        if i == 0:
            player.screenshot(path=str(SHOTS / "player-02-season.png"))
        player.context.close()
    page.reload()
    count.click("text=Start the season")
    page.wait_for_load_state()
    page.select_option("#id_game", "abc")
    count.click("text=Start the Main Match")
    page.wait_for_load_state()
    assert "has started" in page.content()
    page.screenshot(path=str(SHOTS / "dealer-05-running.png"), full_page=True)
    print(f"\ndealer: {count.loads} page loads, {count.clicks} clicks: {count.pages}")
    assert count.loads <= 8, count.pages
    # The X of Round 1 opens the match from their notice and makes their move, move first.
    match_url = page.locator("article.match-controls h3 a").first.get_attribute("href")
    awaited = (
        manage(
            server_env,
            "shell",
            "-c",
            f"from games.models import Turn; print(Turn.objects.get(match_id={match_url.strip('/').split('/')[-1]},"
            " status='open').awaiting[0])",
        )
        .strip()
        .splitlines()[-1]
    )
    player = browser.new_context(viewport=PHONE, timezone_id="Europe/Paris").new_page()
    player.goto(f"{live_url}/accounts/login/?next={match_url}")
    player.fill("input[name=username]", awaited)
    player.fill("input[name=password]", PASSWORD)
    player.click("main form button[type=submit]")
    player.wait_for_url(f"**{match_url}")
    assert "Europe/Paris" in (player.locator("footer").inner_text())  # the zone their browser gave the invite
    player.screenshot(path=str(SHOTS / "player-03-match.png"))
    player.locator("input[name=partner]").first.check()
    player.click("button[name=lock][value='1']")
    player.wait_for_selector("#live > [data-result=saved]")
    player.screenshot(path=str(SHOTS / "player-04-locked.png"))
    player.context.close()
    page.context.close()
