"""Adding a game touches only its folder and one settings line: the suite's toy game (tests/toygame,
"Odds and Evens", installed by one GAME_APPS line in config/settings/test.py) proves it.

It is in the registry with its form and templates, in the contract test (parametrised over the
registry), playable on the pages, as a season's Death Match and in the demo.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from games import registry
from games.apps import check_game_apps
from games.match.services import turn_close
from games.models import Match, Turn
from seasons.models import Entrant, Episode
from seasons.services import episode_dmo_pick
from tests.factories import UserFactory
from tests.seasons.factories import abc_episode, finish_mm, open_pick, play_to_end, started_season, user
from tests.toygame.engine import OddsEngine
from tests.toygame.forms import MoveForm

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_the_toy_game_registers_from_its_folder() -> None:
    """GameAppConfig finds the engine, the form and the templates by convention."""
    entry = registry.get_entry("odds")
    assert isinstance(entry.engine, OddsEngine) and entry.form_class is MoveForm
    assert (entry.view_template, entry.form_template) == ("odds/view.html", "odds/form.html")
    assert "odds" in registry.slugs()


def test_the_toy_game_plays_on_its_match_page() -> None:
    """A player picks from the game's own form; the page shows the game's own view."""
    clients = {}
    for h in ("ann", "bob"):
        clients[h] = Client()
        clients[h].force_login(UserFactory(username=h))
    match = Match.objects.get(pk=_start_odds().pk)
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    page = clients["ann"].get(reverse("games:match", args=[match.pk])).content.decode()
    assert "Two fingers" in page and "First to 3 points" in page
    for h, fingers in (("ann", 2), ("bob", 2)):
        r = clients[h].post(
            reverse("games:match_submit", args=[match.pk]),
            {"fingers": fingers, "turn": turn.number, "lock": "1"},
            follow=True,
        )
        assert r.status_code == 200 and b"Locked in." in r.content
    turn_close(turn_id=turn.pk, force=True)
    page = Client().get(reverse("games:match", args=[match.pk])).content.decode()
    assert "ann shows 2, bob shows 2: ann scores" in page and "2 + 2" in page


def _start_odds() -> Match:
    from games.match.services.matches import match_start

    return match_start(game="odds", players=["ann", "bob"], seed="odds-page")


def test_the_toy_game_is_a_seasons_death_match_with_the_dmo_in_the_second_seat() -> None:
    """Any installed 2-player game can be the Death Match; the EC sits first, the DMO second."""
    season = started_season()
    episode = finish_mm(abc_episode(season, dm_game="odds"), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    assert duel.match is not None and duel.match.game == "odds" and duel.match.players == ["eve", "gus"]
    play_to_end(duel.match, seed="odds-dm")
    duel.refresh_from_db()
    assert duel.loser is not None and duel.loser.handle in {"eve", "gus"}
    assert duel.loser.status == Entrant.Status.ELIMINATED
    assert Episode.objects.get().status == Episode.Status.DONE


def test_the_demo_opens_a_friendly_match_of_a_newly_added_game() -> None:
    call_command("demo_matches", stdout=open(os.devnull, "w"))  # noqa: SIM115 - closed with the process
    match = Match.objects.get(game="odds")
    assert match.title == "Friendly: Odds and Evens" and len(match.players) == 2


def test_a_game_apps_entry_that_is_not_a_game_app_is_a_system_check_error() -> None:
    with override_settings(GAME_APPS=["games.abc", "accounts"]):
        errors = check_game_apps()
    assert [e.id for e in errors] == ["games.E001"] and "'accounts'" in errors[0].msg
    assert check_game_apps() == []


def test_a_misspelt_game_app_stops_the_project_from_starting(tmp_path: Path) -> None:
    (tmp_path / "misspelt_settings.py").write_text(
        "from config.settings.test import *  # noqa: F403\n"
        "GAME_APPS = [*GAME_APPS, 'games.exodsu']\nINSTALLED_APPS = [*INSTALLED_APPS, 'games.exodsu']\n"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "misspelt_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
    }
    proc = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode != 0 and "games.exodsu" in proc.stderr


def test_the_season_admin_offers_every_two_player_game_for_the_death_match() -> None:
    """The season's default Death Match game is a choice of installed 2-player games, not a free-text box."""
    admin = UserFactory(username="root")
    type(admin).objects.filter(pk=admin.pk).update(is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(type(admin).objects.get(pk=admin.pk))
    html = client.get("/admin/seasons/season/add/").content.decode()
    assert '<select name="dm_game"' in html
    assert ">Odds and Evens (2 players)<" in html and ">A Warrior&#x27;s Death (2 players)<" in html
    assert "The ABC Game" not in html


def test_a_game_app_without_rules_text_is_a_system_check_error_not_a_crashing_page() -> None:
    """games/README.md: every game has rules_text.py (the rules panel of its match pages); a game built
    without it is stopped at start-up by system check games.E002, never by a crashing match page."""
    import importlib

    from games.apps import GameAppConfig, game_app_problems

    bare = GameAppConfig("tests.games", importlib.import_module("tests.games"))  # a package with no rules_text
    errors = game_app_problems(bare)
    assert [e.id for e in errors] == ["games.E002"] and "rules_text.py" in errors[0].msg
    toy = next(c for c in apps.get_app_configs() if c.name == "tests.toygame")
    assert game_app_problems(toy) == []  # type: ignore[arg-type]
