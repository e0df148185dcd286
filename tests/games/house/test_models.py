"""Dealers' games kept in the database (issue 25, "Keep and share games"): a versioned definition,
reused across seasons, exported and imported as a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from core.errors import Forbidden
from games.house import selectors
from games.house.engine.definition import definition_load_text
from games.house.engine.errors import DefinitionError
from games.house.models import HouseGame
from games.house.services import house_game_create, house_game_export, house_game_import, house_game_update
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parents[3] / "games" / "house" / "engine" / "samples"


def sample(name: str) -> dict:
    return definition_load_text((SAMPLES / f"{name}.yaml").read_text())


@pytest.fixture
def dealer():  # noqa: ANN201
    return UserFactory(username="dealer", is_staff=True)


def test_a_game_is_created_with_its_cleaned_definition_as_version_1(dealer) -> None:  # noqa: ANN001
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    assert game.title == "Two-thirds of the average"
    version = game.latest
    assert version.number == 1
    assert version.created_by == dealer
    assert version.definition["schema"] == "garnet-house/2"  # a /1 file is kept upgraded
    assert version.definition["end"]["after_rounds"] is True  # defaults are filled in: the cleaned form is kept


def test_an_edit_saves_a_new_version_and_keeps_the_old(dealer) -> None:  # noqa: ANN001
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    changed = {**game.latest.definition, "title": "Two-thirds, again", "rounds": 7}
    version = house_game_update(game_id=game.pk, user=dealer, definition=changed)
    game.refresh_from_db()
    assert version.number == 2
    assert [v.number for v in game.versions.order_by("number")] == [1, 2]
    assert game.versions.get(number=1).definition["rounds"] != 7
    assert game.title == "Two-thirds, again"
    assert game.slug == "two-thirds-again"


def test_saving_the_same_definition_adds_no_version(dealer) -> None:  # noqa: ANN001
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    same = house_game_update(game_id=game.pk, user=dealer, definition=game.latest.definition)
    assert same.number == 1


def test_a_bad_definition_is_refused_naming_the_field_and_nothing_is_kept(dealer) -> None:  # noqa: ANN001
    data = sample("two_thirds")
    data["players"] = {"min": 2, "max": 99}
    with pytest.raises(DefinitionError) as caught:
        house_game_create(owner=dealer, definition=data)
    assert any(e.startswith("players") for e in caught.value.errors)
    assert not HouseGame.objects.exists()


def test_only_hosts_design_and_only_the_owner_edits(dealer) -> None:  # noqa: ANN001
    player = UserFactory(username="pl")
    with pytest.raises(Forbidden):
        house_game_create(owner=player, definition=sample("two_thirds"))
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    other = UserFactory(username="otherhost", is_staff=True)
    with pytest.raises(Forbidden):
        house_game_update(game_id=game.pk, user=other, definition=sample("two_thirds"))


def test_slugs_are_unique_per_owner(dealer) -> None:  # noqa: ANN001
    a = house_game_create(owner=dealer, definition=sample("two_thirds"))
    b = house_game_create(owner=dealer, definition=sample("two_thirds"))
    assert a.slug != b.slug and b.slug.startswith(a.slug)


@pytest.mark.parametrize("name", ["two_thirds", "rps_best_of_5", "secret_thief", "dealers_auction"])
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_export_then_import_gives_the_same_definition(dealer, name: str, fmt: str) -> None:  # noqa: ANN001
    game = house_game_create(owner=dealer, definition=sample(name))
    text = house_game_export(version=game.latest, fmt=fmt)
    loaded = json.loads(text) if fmt == "json" else yaml.safe_load(text)
    assert loaded == game.latest.definition
    again = house_game_import(owner=dealer, text=text)
    assert again.pk != game.pk
    assert again.latest.definition == game.latest.definition


def test_import_into_a_game_adds_a_version(dealer) -> None:  # noqa: ANN001
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    text = house_game_export(version=game.latest, fmt="yaml").replace("rounds: 3", "rounds: 6")
    house_game_import(owner=dealer, text=text, game_id=game.pk)
    assert game.latest.number == 2


def test_import_names_the_field_of_each_error(dealer) -> None:  # noqa: ANN001
    text = (SAMPLES / "two_thirds.yaml").read_text().replace("kind: main", "kind: sideshow")
    with pytest.raises(DefinitionError) as caught:
        house_game_import(owner=dealer, text=text)
    assert any(e.startswith("kind:") for e in caught.value.errors)
    with pytest.raises(DefinitionError) as caught:
        house_game_import(owner=dealer, text="title: [unclosed")
    assert caught.value.errors[0].startswith("file:")


def test_the_games_fitting_a_player_count_and_kind(dealer) -> None:  # noqa: ANN001
    big = house_game_create(owner=dealer, definition=sample("dealers_auction"))  # 3–13, main
    duel = house_game_create(owner=dealer, definition=sample("rps_best_of_5"))  # 2, death
    fits = selectors.house_games_fitting(dealer, players=13, kind="main")
    assert [c.value for c in fits] == [f"house:{big.pk}"]
    assert fits[0].label == "The dealer's auction (your game, v1, 3–13 players)"
    assert selectors.house_games_fitting(dealer, players=14, kind="main") == []
    assert [c.value for c in selectors.house_games_fitting(dealer, players=2, kind="death")] == [f"house:{duel.pk}"]
    assert selectors.house_games_fitting(UserFactory(username="x"), players=13) == []


def test_a_choice_resolves_to_the_house_engine_with_the_latest_version(dealer) -> None:  # noqa: ANN001
    game = house_game_create(owner=dealer, definition=sample("two_thirds"))
    house_game_update(game_id=game.pk, user=dealer, definition={**game.latest.definition, "rounds": 2})
    slug, options = selectors.house_choice_resolve(f"house:{game.pk}")
    assert slug == "house"
    assert options == {"definition": game.latest.definition, "house_game": game.pk, "house_version": 2}
    assert selectors.house_choice_resolve("warriors") == ("warriors", {})
    with pytest.raises(LookupError):
        selectors.house_choice_resolve("house:999999")
