"""The demo command: 13 players, a host, Episode 1's ABC Main Match running; idempotent."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.models import Match
from seasons.models import Entrant, Episode, LedgerEntry, Season

pytestmark = pytest.mark.django_db


def test_demo_season_is_idempotent_and_playable() -> None:
    """Running twice does not duplicate; ann..max and host log in with garnet-demo; ann is awaited."""
    call_command("demo_season")
    call_command("demo_season")
    assert Season.objects.count() == 1 and Entrant.objects.count() == 13 and Episode.objects.count() == 1
    assert LedgerEntry.objects.count() == 13 and Match.objects.count() == 1
    match = Match.objects.get()
    assert match.game == "abc" and match.players == ["ann", "bob", "cat", "dan", "eve"]
    assert match.turns.get(status="open").awaiting == ["ann"]
    User = get_user_model()
    host = User.objects.get(username="host")
    assert host.is_staff and not host.is_superuser  # a host, not the site admin: the first-run link still works
    assert User.objects.get(username="max").check_password("garnet-demo")
