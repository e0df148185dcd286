"""Issue 26: 'starting an episode lists every game that fits the number of players left, with house variants
named as such and explained in a sentence (not "RULES.md ruling 1")', and 'one name per game variant
everywhere' on the console and the season page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Match
from games.registry import get_engine, slugs
from seasons.selectors.game_choice import game_choice_name, game_choices
from seasons.services import episode_dmo_pick
from tests.seasons.factories import HANDLES, abc_episode, finish_mm, host_user, open_pick, started_season, user

pytestmark = pytest.mark.django_db


def _labels(choices: list) -> dict[str, str]:
    flat: list[tuple[str, str]] = []
    for value, label in choices:
        flat += label if isinstance(label, list) else [(value, label)]
    return dict(flat)


def test_house_variants_are_named_as_such_and_explained_in_a_sentence() -> None:
    """'with house variants named as such and explained in a sentence (not "RULES.md ruling 1")': Exodus for
    13 reads "The Exodus Game — house variant for 13: …", saying what changes; at its published 9 it is plain."""
    labels = _labels(game_choices(host_user(), players=13))
    exodus = labels["exodus"]
    assert exodus.startswith("The Exodus Game — house variant for 13: the pool is sized for 13")
    assert "published 9 (cubes) or 8 (gems)" in exodus and "ruling" not in exodus.lower()
    assert _labels(game_choices(None, players=9))["exodus"] == "The Exodus Game (4–16 players)"


def test_no_option_or_game_list_points_a_host_to_a_ruling_number() -> None:
    """No host-facing option help or game label says "RULES.md ruling" (words instead)."""
    for slug in slugs():
        for spec in get_engine(slug).options_schema:
            assert "ruling" not in spec.help.lower(), (slug, spec.name)
    for players in (2, 5, 7, 8, 9, 13):
        for label in _labels(game_choices(None, players=players, duel=players == 2)).values():
            assert "ruling" not in label.lower()


def test_the_console_names_warriors_by_the_version_a_death_match_plays() -> None:
    """A season's Death Match plays Warriors' default (classic) version, so the lists call it "A Warrior's Death"."""
    assert _labels(game_choices(None, players=2, duel=True))["warriors"] == "A Warrior's Death (2 players)"
    assert game_choice_name("warriors") == "A Warrior's Death"


@pytest.mark.parametrize(("variant", "name"), [("classic", "A Warrior's Death"), ("extended", "Warriors' Death")])
def test_the_season_page_names_a_death_match_by_its_variant(variant: str, name: str) -> None:
    """'one name per game variant everywhere': the season page names a Death Match by its version's name."""
    season = started_season()
    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    if variant == "extended":  # a season Death Match plays the default; an older match may name another version
        Match.objects.filter(pk=duel.match_id).update(options={**duel.match.options, "variant": "extended"})
    page = Client().get(f"/seasons/{season.slug}/").content.decode().replace("&#x27;", "'")
    assert f">{name} · " in page
    other = "Warriors' Death" if variant == "classic" else "A Warrior's Death"
    assert f">{other} · " not in page


def test_the_console_starts_a_house_variant_with_its_option_ticked() -> None:
    """Choosing "The Exodus Game — house variant for 13" is enough: its "House player count" starts ticked for
    13 alive players; at the published 9 it starts unticked."""
    for count, ticked in ((13, True), (9, False)):
        season = started_season(HANDLES[:count], slug=f"s{count}")
        c = Client()
        c.force_login(season.hosts.first())
        page = c.get(f"/seasons/{season.slug}/host/").content.decode()
        box = re.search(r'<input type="checkbox" name="exodus-house_count"[^>]*>', page)
        assert box is not None and ("checked" in box.group(0)) is ticked
