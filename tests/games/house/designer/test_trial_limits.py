"""Issue 47, finding "a designer can queue any number of 100-match trials" (97 s of worker time each for a
big game): a designer has at most GARNET_TRIALS_AT_ONCE waiting or running and starts at most
GARNET_TRIAL_RATE, each refusal saying which bound (games/house/RULES.md d-8)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import RateLimited
from games.house.designer.trial import house_trial_start
from games.house.services import house_game_create
from games.models import PlaytestRun
from tests.seasons.factories import host_user
from tests.seasons.test_house_games import sample

pytestmark = pytest.mark.django_db


def test_a_designer_cannot_queue_unboundedly_many_trials(settings: Any) -> None:
    """Two trials waiting: the third is refused by name of the bound, nothing queued; once one is done, the
    designer tries again."""
    settings.GARNET_TRIALS_AT_ONCE = 2
    host = host_user()
    game = house_game_create(owner=host, definition=sample("two_thirds"))
    first = house_trial_start(game_id=game.pk, user=host, players=3)
    house_trial_start(game_id=game.pk, user=host, players=4)
    with pytest.raises(RateLimited, match="at most 2 at once"):
        house_trial_start(game_id=game.pk, user=host, players=5)
    assert PlaytestRun.objects.count() == 2
    PlaytestRun.objects.filter(pk=first.pk).update(status=PlaytestRun.Status.DONE)
    house_trial_start(game_id=game.pk, user=host, players=5)


def test_the_page_says_why_a_trial_was_not_started() -> None:
    """From the game's page: "Nothing was tried" and the bound, a redirect back, never a 500."""
    host = host_user()
    game = house_game_create(owner=host, definition=sample("two_thirds"))
    client = Client()
    client.force_login(host)
    for players in ("3", "4"):
        client.post(f"/games/house/{game.pk}/try/", {"players": players})
    page = client.post(f"/games/house/{game.pk}/try/", {"players": "5"}, follow=True).content.decode()
    assert "Nothing was tried" in page and "at most 2 at once" in page


def test_a_trial_stuck_for_an_hour_never_blocks_its_designer_and_the_hourly_rate_holds(settings: Any) -> None:
    settings.GARNET_TRIAL_RATE = "3/h"
    host = host_user()
    game = house_game_create(owner=host, definition=sample("two_thirds"))
    for players in (3, 4, 5):
        run = house_trial_start(game_id=game.pk, user=host, players=players)
        # A worker died under it an hour ago: it stays "running" but no longer counts as waiting.
        PlaytestRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - timedelta(hours=2))
    with pytest.raises(RateLimited, match="many trials lately"):
        house_trial_start(game_id=game.pk, user=host, players=6)
