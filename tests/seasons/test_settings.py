"""The console's Settings page and ``season_settings_update``: every host (not only site admins) changes
the season's settings in words and units, within the stage each setting allows (seasons/RULES.md 12)."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.durations import duration_words
from seasons.log_text import log_sentence
from seasons.models import Season, SeasonLog
from seasons.services.errors import BadSeasonSettings, NotSeasonHost, SettingLocked
from seasons.services.settings import season_settings_update
from seasons.settings_spec import SETTINGS
from seasons.web.settings_form import SeasonSettingsForm
from tests.factories import UserFactory
from tests.seasons.factories import abc_episode, started_season

pytestmark = pytest.mark.django_db


def _cohost(season: Season) -> object:
    """A host of this season who is neither a site admin nor staff."""
    user = UserFactory(username="cohost")
    season.hosts.add(user)
    return user


def test_every_model_setting_a_host_sets_at_creation_is_declared() -> None:
    declared = {s.name for s in SETTINGS}
    never = {"slug", "status", "gamewide_order", "seed", "champion", "created_at", "id"}
    # The hosts are a many-to-many field: concrete on Django 5.2, not on 6.0 (it has no column).
    fields = {f.name for f in Season._meta.get_fields() if f.concrete or (f.many_to_many and not f.auto_created)}
    fields -= never
    assert fields == declared


def test_a_cohost_who_is_not_a_site_admin_changes_times_in_hours_and_the_log_says_it_in_words() -> None:
    season = started_season()
    cohost = _cohost(season)
    changed = season_settings_update(
        season_id=season.pk, user=cohost, changes={"mm_turn_seconds": "43200", "pick_seconds": 86400}, reason="faster"
    )
    season.refresh_from_db()
    assert changed == ["Main Match round"]
    assert season.mm_turn_seconds == 12 * 3600
    step = SeasonLog.objects.filter(season=season, action="settings_change").get()
    assert step.user == cohost and step.reason == "faster"
    assert log_sentence(step) == "A host changed the settings: Main Match round 24 hours → 12 hours."


def test_the_log_names_several_changed_settings_in_the_forms_order() -> None:
    """PostgreSQL's jsonb reorders an object's keys by length: the step keeps a list, so the sentence reads in
    the form's order on every database."""
    season = started_season()
    season_settings_update(
        season_id=season.pk, user=_cohost(season), changes={"mm_turn_seconds": "43200", "pick_seconds": "21600"}
    )
    step = SeasonLog.objects.filter(season=season, action="settings_change").get()
    assert log_sentence(step) == (
        "A host changed the settings: Main Match round 24 hours → 12 hours; Time to pick 24 hours → 6 hours."
    )


def test_someone_who_does_not_host_the_season_is_refused() -> None:
    season = started_season()
    with pytest.raises(NotSeasonHost):
        season_settings_update(season_id=season.pk, user=UserFactory(username="nosy"), changes={"name": "Mine"})


def test_starting_garnets_are_fixed_once_the_season_started_and_the_refusal_says_why() -> None:
    season = started_season()
    with pytest.raises(SettingLocked, match="Starting garnets: Fixed once the season started"):
        season_settings_update(season_id=season.pk, user=_cohost(season), changes={"starting_garnets": 5})


def test_rules_of_play_change_between_episodes_only() -> None:
    season = started_season()
    host = _cohost(season)
    season_settings_update(season_id=season.pk, user=host, changes={"token_mode": "spent"})
    abc_episode(season)
    with pytest.raises(SettingLocked, match="between episodes"):
        season_settings_update(season_id=season.pk, user=host, changes={"token_mode": "shield"})
    # An unchanged value is not a change, so the form may post every open field as it stands.
    assert season_settings_update(season_id=season.pk, user=host, changes={"token_mode": "spent"}) == []


def test_a_value_off_the_list_is_refused_naming_the_setting() -> None:
    season = started_season()
    with pytest.raises(BadSeasonSettings, match="Main Match round"):
        season_settings_update(season_id=season.pk, user=_cohost(season), changes={"mm_turn_seconds": 17})
    with pytest.raises(BadSeasonSettings, match="Default Death Match game"):
        season_settings_update(season_id=season.pk, user=_cohost(season), changes={"dm_game": "abc"})


def test_the_game_own_death_match_turn_is_stored_blank() -> None:
    season = started_season(dm_turn_seconds=30)
    season_settings_update(season_id=season.pk, user=_cohost(season), changes={"dm_turn_seconds": "0"})
    season.refresh_from_db()
    assert season.dm_turn_seconds is None


def test_the_form_offers_a_value_set_elsewhere_in_words_and_disables_closed_settings() -> None:
    season = started_season(mm_turn_seconds=5400)
    form = SeasonSettingsForm(season=season, dm_games=[("warriors", "Warriors' Death")])
    assert ("5400", "90 minutes") in form.fields["mm_turn_seconds"].choices  # type: ignore[attr-defined]
    assert form.fields["starting_garnets"].disabled
    assert "Fixed once the season started" in str(form.fields["starting_garnets"].help_text)
    assert not form.fields["pick_seconds"].disabled


def test_duration_words() -> None:
    assert [duration_words(s) for s in (30, 60, 90, 600, 3600, 86400, 5 * 86400)] == [
        "30 seconds",
        "1 minute",
        "90 seconds",
        "10 minutes",
        "1 hour",
        "24 hours",
        "5 days",
    ]


def test_the_settings_page_saves_for_a_cohost_and_the_console_never_links_the_admin() -> None:
    season = started_season()
    client = Client()
    client.force_login(_cohost(season))
    console = client.get(f"/seasons/{season.slug}/host/").content.decode()
    assert "/admin/" not in console and f"/seasons/{season.slug}/host/settings/" in console
    page = client.get(f"/seasons/{season.slug}/host/settings/")
    assert page.status_code == 200
    form = page.context["form"]
    data = {n: v for n, v in form.initial.items()}
    data = {f.name: f.value() for f in form if not f.field.disabled and f.value() not in (None, False)}
    data.update({"pick_seconds": "21600", "garnets_public": "", "reason": "shorter picks"})
    response = client.post(f"/seasons/{season.slug}/host/settings/", data, follow=True)
    assert "Saved: Time to pick, Everyone sees every garnet balance." in response.content.decode()
    season.refresh_from_db()
    assert season.pick_seconds == 6 * 3600 and not season.garnets_public


def test_a_host_adds_a_cohost_by_handle_and_the_season_keeps_one() -> None:
    season = started_season()
    boss = season.hosts.get()
    UserFactory(username="newhost")
    season_settings_update(season_id=season.pk, user=boss, changes={"hosts": "host, @newhost"})
    assert sorted(u.username for u in season.hosts.all()) == ["host", "newhost"]
    step = SeasonLog.objects.filter(season=season, action="settings_change").get()
    assert log_sentence(step) == "A host changed the settings: Hosts host → host, newhost."
    with pytest.raises(BadSeasonSettings, match="no account is called ghost"):
        season_settings_update(season_id=season.pk, user=boss, changes={"hosts": "host, ghost"})
    with pytest.raises(BadSeasonSettings, match="at least one host"):
        season_settings_update(season_id=season.pk, user=boss, changes={"hosts": " , "})


def test_a_cohost_without_the_host_role_lists_their_seasons_but_cannot_create_one() -> None:
    season = started_season()
    client = Client()
    client.force_login(_cohost(season))
    page = client.get("/seasons/hosting/").content.decode()
    assert f"/seasons/{season.slug}/host/settings/" in page and "/seasons/new/" not in page.split("<main")[-1]
    assert Client().get("/seasons/hosting/").status_code == 302
