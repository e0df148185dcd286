"""Driving the designer in a browser test (issue 44 #4): its sections are collapsed to a summary line, and a
shape button (add or remove a row) redraws only its own section through htmx, without a page load."""

from __future__ import annotations

from typing import Any

STALE = "() => document.querySelectorAll('details.house-sec').forEach(d => { d.dataset.stale = '1'; })"


def open_all(page: Any) -> None:
    """Open every section of the designer (as a dealer taps each summary; the open ones are posted back)."""
    page.evaluate("() => document.querySelectorAll('details.house-sec:not([open]) > summary').forEach(s => s.click())")


def open_part(page: Any, name: str) -> None:
    """Tap the summary of the section ``name`` (``v2``, ``rounds``...) unless it is open."""
    if page.locator(f"details#sec-{name}[open]").count() == 0:
        page.click(f"details#sec-{name} > summary")


def press(page: Any, value: str, within: str = "") -> None:
    """A shape button (the one inside ``within``, a selector, when several share ``value``): its section comes
    back redrawn in place, the page is not loaded again."""
    page.evaluate(STALE)
    page.click(f"{within} button[value='{value}']".strip())
    page.wait_for_selector("details.house-sec:not([data-stale])", state="attached")
    page.wait_for_selector("#design:not([aria-busy])", state="attached")  # the page's script has settled it
