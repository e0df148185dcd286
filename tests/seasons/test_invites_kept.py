"""The shared sign-up link keeps its season through sign-up and log-in; the console copies and downloads
every invite link (issue 38; accounts/RULES.md 8)."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.models import Invite
from seasons.services import season_create
from seasons.services.casting import season_cast
from tests.factories import UserFactory
from tests.seasons.factories import host_user

pytestmark = pytest.mark.django_db


def _draft(code: str = "join-me") -> object:
    host = host_user()
    season = season_create(name="Draft", slug="draft", players=[], hosts=[host], signup_code=code)
    return season, host


def test_a_visitor_signs_up_from_the_join_link_and_lands_back_on_it_to_ask() -> None:
    season, _ = _draft()
    client = Client()
    join = f"/seasons/{season.slug}/join/join-me/"
    page = client.get(join).content.decode()
    assert f"/accounts/signup/?next={join}" in page
    signup = client.get(f"/accounts/signup/?next={join}")
    assert f'name="next" value="{join}"' in signup.content.decode()
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "password1": "a-long-pass-9",
            "password2": "a-long-pass-9",
            "time_zone": "UTC",
            "next": join,
        },
    )
    assert answer.status_code == 302 and answer["Location"] == join
    client.post(join)
    assert Invite.objects.filter(season=season, handle="newbie", requested=True).exists()


def test_the_log_in_page_sends_its_destination_on_to_sign_up() -> None:
    page = Client().get("/accounts/login/?next=/seasons/draft/join/x/").content.decode()
    assert "/accounts/signup/?next=/seasons/draft/join/x/" in page


def test_sign_up_ignores_a_destination_on_another_site() -> None:
    answer = Client().post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "password1": "a-long-pass-9",
            "password2": "a-long-pass-9",
            "time_zone": "UTC",
            "next": "https://evil.example/",
        },
    )
    assert answer["Location"] == "/me/"


def test_the_console_copies_and_downloads_every_invite_link() -> None:
    season, host = _draft()
    season_cast(season=season, roster="zed\nyan yan@example.com", user=host, base_url="http://testserver")
    client = Client()
    client.force_login(host)
    page = client.get(f"/seasons/{season.slug}/host/").content.decode()
    assert "Copy all invites" in page
    text = client.get(f"/seasons/{season.slug}/host/invites.txt").content.decode()
    lines = text.splitlines()
    assert [line.split(": ")[0] for line in lines] == ["yan", "zed"]
    assert all(line.split(": ")[1].startswith("http://testserver/invite/") for line in lines)
    csv_text = client.get(f"/seasons/{season.slug}/host/invites.csv").content.decode()
    assert csv_text.splitlines()[0] == "handle,email,invite link"
    assert "yan,yan@example.com,http://testserver/invite/" in csv_text
    assert Client().get(f"/seasons/{season.slug}/host/invites.csv").status_code == 302  # log in first


def test_the_join_page_says_when_you_asked_already() -> None:
    season, _ = _draft()
    client = Client()
    client.force_login(UserFactory(username="keen"))
    join = f"/seasons/{season.slug}/join/join-me/"
    client.post(join)
    assert "a host will approve you" in client.get(join).content.decode()
