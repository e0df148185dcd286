"""'The timeline at /seasons/<slug>/timeline/ opened as a page is a page (title, language, frame), not a
bare fragment' (issue 26); the season page's htmx refresh still gets the fragment."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db


def test_the_timeline_opened_as_a_page_is_a_page_and_htmx_gets_the_fragment() -> None:
    season = started_season()
    abc_episode(season)
    url = f"/seasons/{season.slug}/timeline/"
    page = Client().get(url).content.decode()
    assert page.startswith("<!doctype html>") and '<html lang="en">' in page
    assert f"<title>Timeline · {season.name}" in page and 'class="topbar"' in page
    fragment = Client().get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment and "<title>" not in fragment
