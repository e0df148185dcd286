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
    assert LedgerEntry.objects.count() == 13 and Match.objects.count() == 2
    match = Match.objects.get(game="abc")
    assert match.game == "abc" and match.players == ["ann", "bob", "cat", "dan", "eve"]
    assert match.turns.get(status="open").awaiting == ["ann"]
    User = get_user_model()
    host = User.objects.get(username="host")
    assert host.is_staff and not host.is_superuser  # a host, not the site admin: the first-run link still works
    assert User.objects.get(username="max").check_password("garnet-demo")


def test_demo_season_includes_a_dealer_made_game() -> None:
    """Issue 25: "The demo season includes one dealer-made game": the samples are the host's games, and
    fay…max play "Find the thief" with host in the dealer's seat."""
    from games.house.models import HouseGame

    call_command("demo_season")
    call_command("demo_season")
    host = get_user_model().objects.get(username="host")
    assert HouseGame.objects.filter(owner=host).count() == 4
    match = Match.objects.get(game="house")
    assert match.options["definition"]["title"] == "Find the thief"
    assert match.players == ["fay", "gus", "hal", "ivy", "jon", "kim", "lou", "max"]
    assert list(match.hosts.all()) == [host]
