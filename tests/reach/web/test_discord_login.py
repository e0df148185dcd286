"""Log in with Discord (django-allauth's provider), with Discord's OAuth answers mocked as allauth's own
provider tests do: link by verified e-mail, link by an invite link, never by an unverified address."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from unittest import mock
from urllib.parse import parse_qs, urlparse

import pytest
import requests
from allauth.socialaccount.models import SocialAccount
from django.test import Client
from django.urls import reverse

from reach.web.discord_login import invite_url
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _response(data: dict[str, Any]) -> requests.Response:
    resp = requests.Response()
    resp.status_code = 200
    resp._content = json.dumps(data).encode()
    resp.headers["Content-Type"] = "application/json"
    return resp


@pytest.fixture(autouse=True)
def discord_app(settings: Any) -> None:
    settings.SOCIALACCOUNT_PROVIDERS = {
        "discord": {"APPS": [{"client_id": "garnet-test", "secret": "shh", "key": ""}], "SCOPE": ["identify", "email"]}
    }


@pytest.fixture
def discord_user() -> Iterator[dict[str, Any]]:
    """What Discord's token and /users/@me endpoints answer (tests edit the profile before logging in)."""
    profile: dict[str, Any] = {
        "id": "80351110224678912",
        "username": "Nelly",
        "global_name": "Nelly",
        "discriminator": "0",
        "avatar": None,
        "email": "nelly@example.test",
        "verified": True,
    }

    def fake(method: str, url: str, *args: Any, **kwargs: Any) -> requests.Response:
        if url.endswith("/oauth2/token"):
            return _response(
                {
                    "access_token": "tok",
                    "token_type": "Bearer",
                    "expires_in": 604800,
                    "refresh_token": "ref",
                    "scope": "identify email",
                }
            )
        assert url.endswith("/users/@me"), url
        return _response(profile)

    with mock.patch("requests.Session.request", side_effect=fake):
        yield profile


def _log_in_with_discord(client: Client) -> Any:
    start = client.post(reverse("discord_login"))
    assert start.status_code == 302 and start["Location"].startswith("https://discord.com/api/oauth2/authorize")
    state = parse_qs(urlparse(start["Location"]).query)["state"][0]
    done = client.get(reverse("discord_callback"), {"code": "the-code", "state": state})
    assert done.status_code == 302, done.content[:500]
    return client.session.get("_auth_user_id")


def test_a_verified_discord_e_mail_signs_in_the_account_that_has_it(discord_user: dict[str, Any]) -> None:
    """ "linking to an existing account by verified e-mail ... so players keep the handle everyone knows"."""
    ann = UserFactory(username="ann", email="ann@example.test")
    discord_user["email"] = "ann@example.test"
    client = Client()
    assert _log_in_with_discord(client) == str(ann.pk)
    assert SocialAccount.objects.get(provider="discord").user == ann


def _connect_discord(client: Client) -> Any:
    """allauth's *connect*: the signed-in account links the Discord account Discord answers with."""
    start = client.post(reverse("discord_login") + "?process=connect")
    assert start.status_code == 302 and start["Location"].startswith("https://discord.com/api/oauth2/authorize")
    state = parse_qs(urlparse(start["Location"]).query)["state"][0]
    return client.get(reverse("discord_callback"), {"code": "the-code", "state": state})


def test_an_invite_link_lets_the_invited_account_link_its_discord_from_its_own_session(
    discord_user: dict[str, Any],
) -> None:
    """bob has no e-mail; logged in as himself, his invite link links his Discord to him, and then it is spent."""
    bob = UserFactory(username="bob")
    path = urlparse(invite_url(bob)).path
    client = Client()
    assert client.post(reverse("accounts:login"), {"username": "bob", "password": "garnet-pass-1"}).status_code == 302
    page = client.get(path)
    assert page.status_code == 200 and b"Link my Discord account" in page.content
    assert _connect_discord(client).status_code == 302
    assert SocialAccount.objects.get(provider="discord").user == bob
    # Next time Discord alone signs bob in.
    assert _log_in_with_discord(Client()) == str(bob.pk)
    # Single use: once Discord is linked, the link is dead.
    assert Client().get(path).status_code == 400


def test_whoever_else_opens_an_invite_link_links_nothing_to_that_account(discord_user: dict[str, Any]) -> None:
    """The link is shown to every host of the season: opened without bob's session it attaches nothing to bob
    (issue 40, item 5); a Discord login from that browser is just a Discord login."""
    bob = UserFactory(username="bob")
    UserFactory(username="mallory")
    path = urlparse(invite_url(bob)).path
    stranger = Client()
    page = stranger.get(path)
    assert page.status_code == 200 and b"Log in as bob first" in page.content
    assert b"Link my Discord account" not in page.content
    who = _log_in_with_discord(stranger)
    assert who != str(bob.pk)
    assert not SocialAccount.objects.filter(user=bob).exists()
    # Signed in as someone else, the page says so and offers nothing.
    other = Client()
    other.post(reverse("accounts:login"), {"username": "mallory", "password": "garnet-pass-1"})
    page = other.get(path)
    assert b"you are logged in as <strong>mallory</strong>" in page.content
    assert b"Link my Discord account" not in page.content


def test_an_invite_link_is_short_lived_and_ends_with_a_new_password(discord_user: dict[str, Any]) -> None:
    from datetime import timedelta

    from reach.web.discord_login import INVITE_MAX_AGE, invite_user

    bob = UserFactory(username="bob")
    token = urlparse(invite_url(bob)).path.rstrip("/").rsplit("/", 1)[1]
    assert invite_user(token) == bob
    assert timedelta(hours=48) >= INVITE_MAX_AGE
    with mock.patch("django.core.signing.time.time", return_value=__import__("time").time() + 49 * 3600):
        assert invite_user(token) is None
    bob.set_password("a-brand-new-pass-5")
    bob.save()
    assert invite_user(token) is None


def test_an_unverified_address_never_takes_over_an_account(discord_user: dict[str, Any]) -> None:
    """A Discord account whose e-mail is not verified does not sign in as ann: allauth asks for a
    sign-up of its own instead (the address is taken)."""
    ann = UserFactory(username="ann", email="ann@example.test")
    discord_user.update(email="ann@example.test", verified=False, username="Annie")
    client = Client()
    start = client.post(reverse("discord_login"))
    state = parse_qs(urlparse(start["Location"]).query)["state"][0]
    done = client.get(reverse("discord_callback"), {"code": "the-code", "state": state})
    assert done.status_code == 302 and done["Location"] == reverse("socialaccount_signup")
    assert client.session.get("_auth_user_id") != str(ann.pk)
    assert not SocialAccount.objects.filter(user=ann).exists()


def test_the_log_in_page_offers_discord_and_keeps_its_own_form() -> None:
    """Garnet's own log-in page still works; the Discord button sits beside it when an app is set."""
    UserFactory(username="cat")
    page = Client().get(reverse("accounts:login"))
    assert b"Log in with Discord" in page.content and b'name="password"' in page.content
    r = Client().post(reverse("accounts:login"), {"username": "cat", "password": "garnet-pass-1"})
    assert r.status_code == 302


def test_a_broken_invite_link_is_refused() -> None:
    assert Client().get(reverse("reach:discord_invite", args=["nonsense"])).status_code == 400


def test_a_new_player_from_discord_gets_a_lower_case_handle(discord_user: dict[str, Any]) -> None:
    """Handles are lower-case everywhere; a first Discord login creates one from the Discord username."""
    client = Client()
    assert _log_in_with_discord(client)
    assert SocialAccount.objects.get(provider="discord").user.username == "nelly"
