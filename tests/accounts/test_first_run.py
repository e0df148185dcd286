"""The first-run setup: a fresh install gets its first site admin and host from a printed link, no shell."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.first_run import first_run_token, first_run_url
from accounts.selectors import user_can_host
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-setup-pass-42"


def _link() -> str:
    return reverse("accounts:first_run", args=[first_run_token()])


def test_the_command_prints_the_link_while_no_site_admin_exists() -> None:
    """'on an install with no user, the server prints a one-time setup link with a token in its log'."""
    out = StringIO()
    call_command("first_run_link", stdout=out)
    assert _link() in out.getvalue() and "site admin" in out.getvalue()
    UserFactory(username="root", is_superuser=True, is_staff=True)
    out = StringIO()
    call_command("first_run_link", stdout=out)
    assert out.getvalue() == "" and first_run_url() is None


def test_players_who_signed_up_first_do_not_close_the_link() -> None:
    """Ruling (accounts/RULES.md): the link works until a site admin exists, not until any account does."""
    UserFactory(username="ann")
    assert first_run_url() is not None


def test_the_token_is_the_same_on_every_call_and_a_wrong_one_is_404() -> None:
    """Every process computes one link; a guessed token finds no page."""
    assert first_run_token() == first_run_token() and len(first_run_token()) == 32
    assert Client().get(reverse("accounts:first_run", args=["0" * 32])).status_code == 404


def test_the_setup_page_creates_the_site_admin_and_host_and_signs_in() -> None:
    """'the page creates the first account as site admin and host'."""
    c = Client()
    assert c.get(_link()).status_code == 200
    r = c.post(
        _link(),
        {"username": "Dealer", "password1": PASSWORD, "password2": PASSWORD, "time_zone": "Europe/Paris"},
    )
    assert r.status_code == 302
    user = get_user_model().objects.get(username="dealer")
    assert user.is_superuser and user.is_staff and user.time_zone == "Europe/Paris" and user_can_host(user)
    home = c.get("/").content.decode()
    assert "New season" in home and "My seasons" in home and "Hosts" in home


def test_the_link_is_one_time() -> None:
    """Used once, the link shows 'already set up' and creates nobody."""
    c = Client()
    c.post(_link(), {"username": "dealer", "password1": PASSWORD, "password2": PASSWORD, "time_zone": "UTC"})
    r = Client().post(_link(), {"username": "thief", "password1": PASSWORD, "password2": PASSWORD, "time_zone": "UTC"})
    assert r.status_code == 410 and "already set up" in r.content.decode()
    assert not get_user_model().objects.filter(username="thief").exists()


def test_a_bad_form_names_the_field() -> None:
    """Mismatched passwords are refused next to the field, nothing is created."""
    r = Client().post(_link(), {"username": "dealer", "password1": PASSWORD, "password2": "other", "time_zone": "UTC"})
    assert r.status_code == 200 and "password" in r.content.decode().lower()
    assert not get_user_model().objects.exists()


def test_a_site_with_a_season_does_not_tell_every_visitor_it_is_not_set_up() -> None:
    """The demo (a season, no site admin): spectators are not told; its hosts read one line (accounts 9)."""
    from seasons.services import season_create
    from tests.seasons.factories import host_user

    host = host_user()
    season_create(name="Demo", slug="demo", players=[], hosts=[host])
    assert "not set up yet" not in Client().get("/").content.decode()
    client = Client()
    client.force_login(host)
    page = client.get("/").content.decode()
    assert "not set up yet" not in page and "no site admin yet" in page


def test_the_home_page_says_where_the_link_is_until_set_up() -> None:
    """A visitor on an install with no admin learns where the setup link is printed."""
    assert "not set up yet" in Client().get("/").content.decode()
    UserFactory(username="root", is_superuser=True, is_staff=True)
    assert "not set up yet" not in Client().get("/").content.decode()
