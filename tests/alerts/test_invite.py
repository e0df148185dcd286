"""Issue 46: a one-tap invitation to turn alerts on for this device where a player starts: the season's page
once they have joined (or asked to), the join page, and their match page. It is drawn hidden (the script
shows it only where the browser can notify and the player has not decided on this device), the browser's
permission is asked only from its button, and a spectator never sees it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from alerts.models import VapidKeys
from games.models import Match
from seasons.models import Season
from tests.factories import UserFactory
from tests.seasons.factories import started_season

pytestmark = pytest.mark.django_db

INVITE = "data-alerts-invite="


def _invite(html: str) -> str:
    return html.split(INVITE, 1)[1].split("</section>", 1)[0]


def test_a_players_match_page_invites_them_and_a_spectators_does_not(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    url = reverse("games:match", args=[match.pk])
    box = _invite(client_for("ann").get(url).content.decode())
    assert '"match"' in box and "hidden" in box and "Turn on alerts" in box and "Not now" in box
    assert "alerts_invite.js" in client_for("ann").get(url).content.decode()
    UserFactory(username="zed")
    assert INVITE not in client_for("zed").get(url).content.decode()
    assert INVITE not in Client().get(url).content.decode()


def test_the_season_page_invites_its_players_after_what_happens_next(client_for: Callable[[str], Client]) -> None:
    season = started_season()
    html = client_for("ann").get(reverse("season_home", args=[season.slug])).content.decode()
    assert '"season"' in _invite(html)
    assert html.index("What happens next") < html.index(INVITE)
    UserFactory(username="zed")
    assert INVITE not in client_for("zed").get(reverse("season_home", args=[season.slug])).content.decode()


def test_asking_to_join_invites_the_player(client_for: Callable[[str], Client]) -> None:
    host = UserFactory(username="host")
    season = Season.objects.create(name="Open", slug="open", signup_code="code1")
    season.hosts.add(host)
    UserFactory(username="newbie")
    newbie = client_for("newbie")
    url = reverse("season_join", args=[season.slug, "code1"])
    html = newbie.post(url, follow=True).content.decode()
    assert "Asked to join Open" in html and '"season"' in _invite(html)  # where asking lands
    assert '"join"' in _invite(newbie.get(url).content.decode())


def test_the_invitation_asks_the_browser_only_from_its_button() -> None:
    """The script calls Notification.requestPermission inside the button's click handler, nowhere else."""
    from pathlib import Path

    js = (Path(__file__).resolve().parents[2] / "static" / "alerts_invite.js").read_text()
    assert js.count("requestPermission") == 1
    before = js.split("requestPermission")[0]
    assert before.rfind('addEventListener("click"') > before.rfind("boxes.forEach")
    assert '"garnet.invite", "declined"' in js


def test_the_invitation_reads_the_sites_key_once_not_per_page(
    match: Match, client_for: Callable[[str], Client], settings: Any
) -> None:
    """Issue 45: the stored VAPID pair never changes once made, so its public key is read through the cache and a
    page with the invitation asks the database nothing for it; the page still offers that key."""
    settings.GARNET_VAPID_PUBLIC_KEY = settings.GARNET_VAPID_PRIVATE_KEY = ""
    url, ann = reverse("games:match", args=[match.pk]), client_for("ann")
    ann.get(url)
    with CaptureQueriesContext(connection) as queries:
        box = _invite(ann.get(url).content.decode())
    assert not [q for q in queries if "alerts_vapidkeys" in q["sql"]]
    assert f'data-vapid-key="{VapidKeys.objects.get().public_key}"' in box
