"""Confessionals: written and edited by their player, read by the hosts, published on elimination or at
the season's end (the season's setting), frozen after; never readable by anyone else before their time."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from core.errors import Forbidden, NotFound
from seasons.models import Season
from seasons.services.host import entrant_eliminate_by_host
from story.models import Confessional, StorySettings
from story.services import ConfessionalFrozen, StoryError, confessional_edit, confessional_write, story_settings_set
from tests.seasons.factories import abc_episode, started_season, user

pytestmark = pytest.mark.django_db

SECRET = "I will betray bob in round 3"


def client(handle: str | None) -> Client:
    c = Client()
    if handle:
        c.force_login(user(handle))
    return c


def _everything(season: Season, c: Client) -> str:
    """Every page and export a visitor can fetch about the season, concatenated."""
    urls = [
        f"/seasons/{season.slug}/",
        f"/seasons/{season.slug}/timeline/",
        f"/seasons/{season.slug}/confessionals/",
        f"/seasons/{season.slug}/archive.json",
        f"/seasons/{season.slug}/archive.md",
    ]
    urls += [f"/seasons/{season.slug}/confessionals/{c.pk}/" for c in Confessional.objects.all()]
    return "\n".join(c.get(u).content.decode() for u in urls)


@pytest.fixture
def season() -> Season:
    s = started_season()
    s.hosts.add(user("host"))
    return s


def test_a_player_writes_edits_and_reads_their_own(season: Season) -> None:
    conf = confessional_write(season=season, user=user("ann"), text=SECRET)
    confessional_edit(season=season, user=user("ann"), pk=conf.pk, text=SECRET + ", or 4")
    conf.refresh_from_db()
    assert conf.text == SECRET + ", or 4"
    assert [r.text for r in conf.revisions.all()] == [SECRET]
    page = client("ann").get(f"/seasons/{season.slug}/confessionals/").content.decode()
    assert SECRET + ", or 4" in page and "Sealed" in page
    detail = client("ann").get(f"/seasons/{season.slug}/confessionals/{conf.pk}/").content.decode()
    assert SECRET in detail  # the earlier text, kept as a revision


def test_only_the_author_edits_and_only_players_write(season: Season) -> None:
    conf = confessional_write(season=season, user=user("ann"), text=SECRET)
    with pytest.raises(NotFound):
        confessional_edit(season=season, user=user("bob"), pk=conf.pk, text="mine now")
    with pytest.raises(Forbidden):
        confessional_write(season=season, user=user("host"), text="hosts have no diary")
    with pytest.raises(StoryError):
        confessional_write(season=season, user=user("ann"), text="   ")


def test_a_match_tie_must_be_one_of_the_writers_matches(season: Season) -> None:
    ep = abc_episode(season)
    assert ep.mm_match is not None
    conf = confessional_write(season=season, user=user("ann"), text=SECRET, match_id=ep.mm_match.pk, turn_number=1)
    assert conf.match_id == ep.mm_match.pk
    with pytest.raises(StoryError):
        confessional_write(season=season, user=user("kim"), text=SECRET, match_id=ep.mm_match.pk)
    with pytest.raises(StoryError):
        confessional_write(season=season, user=user("ann"), text=SECRET, match_id=ep.mm_match.pk, turn_number=99)


@pytest.mark.parametrize("viewer", [None, "sam", "bob"])
def test_sealed_confessionals_reach_no_player_or_spectator_through_any_page_or_export(
    season: Season, viewer: str | None
) -> None:
    if viewer == "sam":
        user_factory_sam()
    conf = confessional_write(season=season, user=user("ann"), text=SECRET)
    seen = _everything(season, client(viewer))
    assert SECRET not in seen
    assert client(viewer).get(f"/seasons/{season.slug}/confessionals/{conf.pk}/").status_code in {302, 404}


def user_factory_sam() -> Any:
    from tests.factories import UserFactory

    return UserFactory(username="sam")


def test_hosts_read_every_sealed_one(season: Season) -> None:
    confessional_write(season=season, user=user("ann"), text=SECRET)
    page = client("host").get(f"/seasons/{season.slug}/confessionals/").content.decode()
    assert SECRET in page and "Sealed" in page
    assert SECRET not in client("host").get(f"/seasons/{season.slug}/").content.decode()  # not on the public page


def test_on_elimination_the_eliminated_players_are_published_and_frozen(season: Season) -> None:
    conf = confessional_write(season=season, user=user("ann"), text=SECRET)
    other = confessional_write(season=season, user=user("bob"), text="bob's plan stays sealed")
    entrant_eliminate_by_host(season=season, handle="ann", user=user("host"), reason="lost the DM")
    seen = _everything(season, client(None))
    assert SECRET in seen and "bob's plan stays sealed" not in seen
    home = client(None).get(f"/seasons/{season.slug}/").content.decode()
    assert "ann’s confessional" in home and SECRET in home
    with pytest.raises(ConfessionalFrozen):
        confessional_edit(season=season, user=user("ann"), pk=conf.pk, text="rewriting history")
    assert client("ann").post(f"/seasons/{season.slug}/confessionals/{conf.pk}/", {"text": "x"}).status_code == 302
    conf.refresh_from_db()
    assert conf.text == SECRET and other.revisions.count() == 0
    # An eliminated player's last words are public (and frozen) at once.
    last = confessional_write(season=season, user=user("ann"), text="goodbye, traitors")
    assert "goodbye, traitors" in client(None).get(f"/seasons/{season.slug}/timeline/").content.decode()
    with pytest.raises(ConfessionalFrozen):
        confessional_edit(season=season, user=user("ann"), pk=last.pk, text="no")


def test_at_season_end_elimination_publishes_nothing(season: Season) -> None:
    story_settings_set(season=season, user=user("host"), publish_on=StorySettings.PublishOn.SEASON_END)
    confessional_write(season=season, user=user("ann"), text=SECRET)
    entrant_eliminate_by_host(season=season, handle="ann", user=user("host"), reason="lost the DM")
    assert SECRET not in _everything(season, client(None))
    confessional_edit(season=season, user=user("ann"), pk=Confessional.objects.get().pk, text=SECRET + "!")
    Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    season.refresh_from_db()
    seen = _everything(season, client(None))
    assert SECRET + "!" in seen
    data = client(None).get(f"/seasons/{season.slug}/archive.json").json()
    assert [c["text"] for c in data["confessionals"]] == [SECRET + "!"]


def test_only_hosts_change_the_publication_rule(season: Season) -> None:
    with pytest.raises(Forbidden):
        story_settings_set(season=season, user=user("ann"), publish_on="season_end")
    r = client("ann").post(f"/seasons/{season.slug}/confessionals/settings/", {"publish_on": "season_end"})
    assert r.status_code == 404
    r = client("host").post(f"/seasons/{season.slug}/confessionals/settings/", {"publish_on": "season_end"})
    assert r.status_code == 302
    assert StorySettings.objects.get(season=season).publish_on == "season_end"


def test_the_write_form_round_trip(season: Season) -> None:
    c = client("ann")
    r = c.post(f"/seasons/{season.slug}/confessionals/", {"text": SECRET, "match": "", "turn": ""})
    assert r.status_code == 302, r.content
    assert Confessional.objects.get().text == SECRET
    r = c.post(f"/seasons/{season.slug}/confessionals/", {"text": "", "match": "", "turn": ""})
    assert r.status_code == 400
    assert client(None).post(f"/seasons/{season.slug}/confessionals/", {"text": "x"}).status_code == 302
    assert Confessional.objects.count() == 1


def test_the_archive_exports_carry_only_published_confessionals_and_the_timeline(season: Season) -> None:
    import io
    import json
    import zipfile

    confessional_write(season=season, user=user("ann"), text="ann goes home proud")
    confessional_write(season=season, user=user("bob"), text=SECRET)
    entrant_eliminate_by_host(season=season, handle="ann", user=user("host"), reason="lost the DM")
    host = client("host")
    data = host.get(f"/seasons/{season.slug}/archive.json").json()
    assert [c["text"] for c in data["confessionals"]] == ["ann goes home proud"]
    assert any("ann was eliminated" in e["text"].lower() for e in data["timeline"])
    md = host.get(f"/seasons/{season.slug}/archive.md").content.decode()
    assert "## Confessionals" in md and "ann goes home proud" in md and SECRET not in md
    assert client(None).get(f"/seasons/{season.slug}/archive.zip").status_code == 404  # running: hosts only
    r = host.get(f"/seasons/{season.slug}/archive.zip")
    assert r.status_code == 200 and r["Content-Type"] == "application/zip"
    z = zipfile.ZipFile(io.BytesIO(r.content))
    names = set(z.namelist())
    assert {f"{season.slug}/index.html", f"{season.slug}/archive.json", f"{season.slug}/archive.md"} <= names
    assert any(n.endswith(".svg") for n in names)
    everything = "".join(z.read(n).decode() for n in names)
    assert "ann goes home proud" in everything and SECRET not in everything
    assert json.loads(z.read(f"{season.slug}/archive.json"))["confessionals"][0]["player"] == "ann"
