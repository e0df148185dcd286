"""Issue 12: rules panels and pages, forms that keep the player's input, names not slugs, one time zone rule."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from markupsafe import escape as jinja_escape

from games.match.services.matches import match_start
from games.models import Match
from games.registry import slugs
from games.rules_text import rules_for, variants
from tests.factories import users

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", ["abc", "exodus", "warriors", "exodia", "density"])
def test_every_game_has_a_public_rules_page_with_every_variant(slug: str) -> None:
    """A public full rules page per game, each variant with its default move."""
    html = Client().get(reverse("games:rules", args=[slug])).content.decode()
    for variant in variants(slug):
        rules = rules_for(slug, variant)
        assert escape(rules.name) in html
        # The rules text is drawn by Jinja2 (games.web.drawings.rules_body), which escapes as markupsafe does.
        assert "If you don" in html and jinja_escape(rules.default_move) in html


def test_every_registered_game_has_rules_text() -> None:
    for slug in slugs():
        assert variants(slug) and all(rules_for(slug, v).summary for v in variants(slug))


def test_the_abc_page_shows_the_payoff_table_default_move_and_rules_link(
    match: Match, client_for: Callable[[str], Client]
) -> None:
    html = client_for("ann").get(reverse("games:match", args=[match.pk])).content.decode()
    assert "Points per pair each round" in html and "If you submit nothing:" in html
    assert reverse("games:rules", args=["abc"]) in html
    assert "<h1>The ABC Game" in html  # the game's name, not its slug


def _warriors(variant: str = "classic") -> Match:
    users(["wan", "wen"])
    return match_start(game="warriors", players=["wan", "wen"], options={"variant": variant}, seed="w")


def _client(handle: str) -> Client:
    from django.contrib.auth import get_user_model

    c = Client()
    c.force_login(get_user_model().objects.get(username=handle))
    return c


def test_warriors_cards_carry_their_ability_and_nothing_is_preselected() -> None:
    """Each unit's ability on its card; no unit (Chocobo) pre-selected."""
    match = _warriors()
    html = _client("wan").get(reverse("games:match", args=[match.pk])).content.decode()
    assert "Divination: predict the opponent" in html
    assert (
        'value="chocobo" checked' not in html
        and " checked" not in html.split('class="warriors-pick"')[1].split("</fieldset>")[0]
    )


def test_an_astrologian_without_its_prediction_keeps_the_choice_and_names_the_field() -> None:
    """The form keeps the player's input on an error and names the field by its label."""
    match = _warriors()
    r = _client("wan").post(
        reverse("games:match_submit", args=[match.pk]), {"unit": "astrologian", "turn": "1", "lock": "1"}
    )
    html = r.content.decode()
    assert r.status_code == 400
    assert "Prediction (the opponent&#x27;s unit): The Astrologian needs this choice." in html
    assert "guess:" not in html
    assert 'value="astrologian" checked' in html


def test_turn_notices_coalesce_and_clear_when_the_match_is_opened() -> None:
    """One notice per match and turn, in the user's profile zone; opening the match clears them."""
    from seasons.models import Notice
    from seasons.services.notify import notice_send

    (ann,) = users(["nia"])
    ann.time_zone = "Asia/Tokyo"
    ann.save()
    url = "/matches/1/"
    for n in range(3):
        notice_send(user=ann, text=f"turn {n}", kind="turn", url=url, key=f"t{n}", supersede=True)
    assert list(Notice.objects.filter(user=ann).values_list("text", flat=True)) == ["turn 2"]
    from games.match import hooks

    hooks.match_opened.send(sender=Match, match=None, user=ann, url=url)
    assert not Notice.objects.filter(user=ann, seen=False).exists()


def test_notice_times_follow_the_profile_zone() -> None:
    from accounts.timefmt import time_left, user_time

    (u,) = users(["zed"])
    u.time_zone = "Asia/Tokyo"
    moment = timezone.now().replace(hour=0, minute=5)
    assert user_time(u, moment).endswith("JST")
    assert time_left(timedelta(hours=3, minutes=12, seconds=40)) == "3 h 12 min"


def test_api_root_links_to_the_docs_page_served_locally() -> None:
    c = Client()
    root = c.get("/api/").json()
    assert root["docs"].endswith("/api/docs/")
    html = c.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/redoc/" in html and "cdn" not in html.lower()


def test_login_page_says_garnet_and_offers_a_password_reset() -> None:
    html = Client().get(reverse("accounts:login")).content.decode()
    assert "◆</span> Garnet" in html and reverse("accounts:password_reset") in html


def test_password_reset_sends_an_email(mailoutbox: list) -> None:
    (u,) = users(["rae"])
    u.email = "rae@example.org"
    u.save()
    r = Client().post(reverse("accounts:password_reset"), {"email": "rae@example.org"})
    assert r.status_code == 302 and len(mailoutbox) == 1 and "/accounts/reset/" in mailoutbox[0].body


def test_a_missing_page_is_friendly() -> None:
    html = Client().get("/no-such-page/").content.decode()
    assert "Nothing here" in html
