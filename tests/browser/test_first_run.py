"""A dealer's first minutes at phone size: the setup link from the server's log, the Hosts page, New season.

Runs on a server of its own on an empty database (``fresh_site``): the shared live server's other tests
may have made a site admin before it, and the link works only while there is none.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import FreshSite, manage, needs
from tests.browser.test_layout import AXE, _check

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("GARNET_SCREENSHOTS", "/tmp/garnet-shots"))
PASSWORD = "a-long-setup-pass-42"


def test_the_first_run_link_makes_a_site_admin_who_grants_the_host_role(browser: Any, fresh_site: FreshSite) -> None:
    """The link in the log opens the setup page; its account sees Hosts, grants the role; the new host sees New season."""
    needs(AXE.exists(), f"{AXE} is missing (./dev test runs npm ci)")
    live_url, server_env = fresh_site.url, fresh_site.env
    found = re.search(r"https?://\S+/accounts/setup/\w+/", fresh_site.log.read_text())
    assert found, "the server printed no setup link in its log"
    path = "/" + found.group(0).split("/", 3)[3]
    manage(server_env, "shell", "-c", "from tests.factories import UserFactory; UserFactory(username='firstrun-kim')")
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)  # axe is injected
    page = context.new_page()
    problems: dict[str, list[str]] = {}
    page.goto(live_url + "/")
    assert "not set up yet" in page.content()  # accounts/RULES.md 9: no season yet, so everyone is told
    page.goto(live_url + path)
    problems["setup"] = _check(page)
    page.screenshot(path=str(SHOTS / "dealer-1-setup.png"), full_page=True)
    page.fill("#id_username", "firstrun-dealer")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("text=Create the site admin")
    page.wait_for_url(live_url + "/")
    page.screenshot(path=str(SHOTS / "dealer-2-home.png"), full_page=True)
    nav = page.locator("header nav")
    nav.locator("details.more > summary").click()  # a host's links fold under "More" (one row on a phone)
    for link in ("New season", "My seasons", "Hosts"):
        assert nav.get_by_role("link", name=link).count() == 1, link
    page.locator("header nav").get_by_role("link", name="Hosts").click()
    problems["hosts"] = _check(page)
    page.fill("#id_username", "firstrun-kim")
    page.click("text=Make host")
    assert "firstrun-kim may now host" in page.content()
    page.screenshot(path=str(SHOTS / "dealer-3-hosts.png"), full_page=True)
    # The link is dead now.
    page.goto(live_url + path)
    assert "already set up" in page.content()
    context.close()
    assert not any(problems.values()), problems
