"""A library game copied into the designer comes back out of its form equal (issue 44: "a dealer can copy one
into the designer and change it"): a save that changes nothing changes nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from games.house.engine.definition import definition_clean
from games.house.library import library_definition, library_names
from games.house.models import HouseGame
from tests.games.house.designer.test_designer_v2 import through_the_form
from tests.seasons.factories import host_user


@pytest.mark.parametrize("name", library_names())
def test_every_library_game_comes_back_out_of_the_designer_equal(name: str) -> None:
    """The designer's fields say every part of a library game (a game without a /2 part is saved as /1)."""
    cleaned = library_definition(name)
    again = definition_clean({**through_the_form(cleaned), "schema": cleaned["schema"]})
    assert again == cleaned


@pytest.mark.django_db
def test_a_copy_opens_in_the_designer_with_its_rounds() -> None:
    """The copy's edit page is the designer, filled with the library game's title and fields."""
    client = Client()
    client.force_login(host_user())
    client.post("/games/house/library/minority/copy/")
    game = HouseGame.objects.get()
    page = client.get(f"/games/house/{game.pk}/edit/").content.decode()
    assert 'value="The minority"' in page and 'value="side"' in page
