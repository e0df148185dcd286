"""The API docs page (Redoc at /api/docs/) renders in Chromium under the site's real Content Security Policy."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

# Redoc's "API docs by Redocly" badge is an <img> from its CDN: the policy blocks it (nothing is fetched
# from a CDN), and the page does not need it.
ALLOWED_VIOLATION = "https://cdn.redoc.ly/"


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}])
def test_redoc_renders_under_the_strict_csp(browser: Any, live_url: str, viewport: dict[str, int]) -> None:
    """No script error and no policy violation that matters; the operations and the menu are there."""
    context = browser.new_context(viewport=viewport)  # CSP enforced: no bypass_csp here
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"script error: {exc}"))
    page.on(
        "console",
        lambda msg: (
            problems.append(msg.text)
            if "Content Security Policy" in msg.text and ALLOWED_VIOLATION not in msg.text
            else None
        ),
    )
    # Generous waits: the schema is built on request and the suite's server may be busy with live matches.
    response = page.goto(f"{live_url}/api/docs/", wait_until="load", timeout=120000)
    assert response is not None and response.status == 200
    assert "script-src 'self'" in (response.headers.get("content-security-policy") or "")
    page.wait_for_selector("h1:has-text('Garnet API')", timeout=90000)
    page.wait_for_selector("li[data-item-id]", state="attached", timeout=90000)
    assert page.locator("li[data-item-id]").count() >= 5  # the side menu lists the API's operations
    assert page.locator("h2").count() >= 5  # each operation has its own section
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    context.close()
    assert not problems, problems
