"""A dealer's game shows its own rules (issue 25: "the rules in Markdown (shown in the match page's rules
panel and on the public rules page like every game's)")."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from games.house.engine.definition import definition_load_text
from games.house.selectors import house_options
from games.house.services import house_game_create
from games.match.services.matches import match_start
from tests.factories import UserFactory, users

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parents[4] / "games" / "house" / "engine" / "samples"


def test_the_match_page_shows_the_definition_s_rules_and_links_its_version_page() -> None:
    dealer = UserFactory(username="dealer", is_staff=True)
    data = definition_load_text((SAMPLES / "two_thirds.yaml").read_text())
    data["rules"] += "\n<script>alert('x')</script> [home](javascript:alert(1))\n"
    game = house_game_create(owner=dealer, definition=data)
    rules_url = f"/games/house/{game.pk}/v1/rules/"
    assert Client().get(rules_url).status_code == 404  # unpublished until a match starts with it
    users(["ann", "bob", "cat"])
    match = match_start(game="house", players=["ann", "bob", "cat"], options=house_options(game.latest), hosts=[dealer])
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "How to play Two-thirds of the average" in page
    assert "<strong>two thirds of the average</strong>" in page
    assert "<script>alert" not in page and "javascript:alert" not in page
    assert f'href="{rules_url}"' in page
    assert "A Main Match for 2–16 players." in page
    assert "Your number: left out (you abstain)" in page
    public = Client().get(rules_url)
    assert public.status_code == 200
    assert "<strong>two thirds of the average</strong>" in public.content.decode()


def test_other_games_keep_their_own_rules_text() -> None:
    from games.rules_text import rules_for, rules_for_match

    assert rules_for_match("warriors", {}).summary == rules_for("warriors").summary
    assert rules_for_match("house", {}).name == "Dealer's game"


@pytest.mark.django_db
def test_the_match_page_names_the_dealers_game_not_the_engine() -> None:
    """Every page names a dealer's game by its own title (Engine.title_for), never "Dealer's game"."""
    from django.test import Client

    from games.match.selectors import match_name
    from tests.games.house.pages import house_match

    match = house_match()
    assert match_name(match).startswith("Dealer's choice")
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "Dealer&#x27;s choice" in page and "Dealer&#x27;s game" not in page
