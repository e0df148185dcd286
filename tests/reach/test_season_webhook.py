"""A season's webhook URL is a Discord webhook address or nothing (issue 40, item 12): Garnet posts to it and
shows the host the start of the answer, so any other address would let a host read the server's network."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from reach.models import Delivery, SeasonChannel
from reach.selectors import webhook_of
from reach.services.discord import delivery_attempt, season_channel_set
from reach.services.errors import BadWebhook
from tests.seasons.factories import started_season

pytestmark = pytest.mark.django_db

TOKEN = "aBc-_9" * 10

ACCEPTED = [
    f"https://discord.com/api/webhooks/1234567890/{TOKEN}",
    f"https://discordapp.com/api/webhooks/1234567890/{TOKEN}",
    f"https://ptb.discord.com/api/webhooks/1234567890/{TOKEN}",
    f"https://canary.discord.com/api/webhooks/1234567890/{TOKEN}",
    f"https://discord.com/api/v10/webhooks/1234567890/{TOKEN}",
    f"https://discord.com/api/webhooks/1234567890/{TOKEN}?thread_id=42",
    f"https://Discord.com/api/webhooks/1234567890/{TOKEN}/",
]

REFUSED = [
    "http://127.0.0.1:8000/api/webhooks/1/t",
    "http://localhost/api/webhooks/1/t",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.5/api/webhooks/1/t",
    "https://[::1]/api/webhooks/1/t",
    "https://evil.example/api/webhooks/1/t",
    "https://discord.com.evil.example/api/webhooks/1/t",
    "https://evil.example/?u=https://discord.com/api/webhooks/1/t",
    "http://discord.com/api/webhooks/1/t",
    "https://discord.com:8443/api/webhooks/1/t",
    "https://user:pw@discord.com/api/webhooks/1/t",
    "https://discord.com/api/users/@me",
    "https://discord.com/api/webhooks/1/t/../../users/@me",
    "https://discord.com/api/webhooks/1/t#x",
    "https://discord.com/api/webhooks/1/t?url=http://10.0.0.1/",
    "ftp://discord.com/api/webhooks/1/t",
]


@pytest.mark.parametrize("url", ACCEPTED)
def test_discord_s_webhook_addresses_are_accepted(url: str) -> None:
    season = started_season()
    season_channel_set(season=season, discord_webhook=url)
    assert webhook_of(season) == url


@pytest.mark.parametrize("url", REFUSED)
def test_any_other_address_is_refused_in_words_and_not_stored(url: str) -> None:
    season = started_season()
    with pytest.raises(BadWebhook, match="not a Discord webhook URL"):
        season_channel_set(season=season, discord_webhook=url)
    assert webhook_of(season) == ""


def test_the_host_s_channel_page_shows_the_refusal_on_the_field() -> None:
    season = started_season()
    client = Client()
    client.force_login(season.hosts.get())
    page = client.post(
        reverse("reach:season_channel", args=[season.slug]), {"discord_webhook": "http://169.254.169.254/latest/"}
    )
    assert page.status_code == 200
    assert "not a Discord webhook URL" in page.content.decode()
    assert not SeasonChannel.objects.filter(season=season).exclude(discord_webhook="").exists()
    good = f"https://discord.com/api/webhooks/1/{TOKEN}"
    done = client.post(reverse("reach:season_channel", args=[season.slug]), {"discord_webhook": good})
    assert done.status_code == 302 and webhook_of(season) == good


def test_an_address_stored_before_the_rule_is_never_posted_to(settings: Any) -> None:
    """A webhook saved before the rule fails its deliveries with the reason, and nothing is sent."""
    season = started_season()
    SeasonChannel.objects.create(season=season, discord_webhook="http://127.0.0.1:9/anything")
    delivery = Delivery.objects.create(season=season, key="old", payload={"embeds": [{"title": "t"}]})
    assert delivery_attempt(delivery_id=delivery.pk).done
    row = Delivery.objects.get(pk=delivery.pk)
    assert row.status == Delivery.Status.FAILED and "not a Discord webhook URL" in row.last_error
    assert row.attempts == 0
