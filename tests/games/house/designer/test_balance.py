"""Test matches and bot trials bring garnets (games/house/RULES.md d-17): each player's seat brings the test
balance (10, or what the dealer types in the form), so a ``garnet-house/2`` auction can be tried; the pages
say what each seat brought, a ``/1`` game too (it is played as ``/2``)."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from games.house.designer.balance import garnets_each
from games.house.services import house_game_create
from games.match.playtest.options import TEST_GARNETS
from games.match.services.playtest import PlaytestError, playtest_run_execute
from games.models import PlaytestRun
from tests.seasons.factories import started_season
from tests.seasons.test_house_games import sample

pytestmark = pytest.mark.django_db


def _dealer_and_game(name: str) -> tuple[Any, Client]:
    host = started_season().hosts.get()
    game = house_game_create(owner=host, definition=sample(name))
    client = Client()
    client.force_login(host)
    return game, client


def _bids(run: PlaytestRun) -> int:
    """How many times the trial's bots bid above 0 (an empty or 0 bid is not counted: RULES.md d-16)."""
    return int({u["key"]: u for u in run.summary["usage"]}.get("field:bid", {"times": 0})["times"])


def test_a_bot_trial_of_the_auction_sample_records_bids_above_0() -> None:
    """The acceptance: the pot auction tried with the form's default balance; the bots bid, the report does not
    say that no bot ever put a garnet on the bid, and the trial's page says what each seat brought."""
    game, client = _dealer_and_game("pot_auction")
    page = client.get(f"/games/house/{game.pk}/").content.decode()
    assert '<label for="try-garnets">Garnets each player brings</label>' in page
    assert 'name="garnets" type="number"' in page and f'value="{TEST_GARNETS}"' in page
    client.post(f"/games/house/{game.pk}/try/", {"players": "3", "bots": "random", "garnets": "10"})
    run = PlaytestRun.objects.get()
    assert run.options["garnets"] == {"p1": 10, "p2": 10, "p3": 10}
    assert playtest_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert _bids(run) > 0
    trial = html.unescape(client.get(f"/games/house/trials/{run.pk}/").content.decode())
    assert "Each seat brought 10 garnets into every match" in trial
    assert "No bot ever put a garnet on “Your bid”" not in trial
    report = client.get(f"/games/house/trials/{run.pk}/report/").content.decode()
    assert "Each seat brought 10 garnets into every match" in report


def test_a_trial_where_players_bring_nothing_has_no_bids() -> None:
    """The dealer's number is the balance: with 0 each, house-46 leaves only bids of 0."""
    game, client = _dealer_and_game("pot_auction")
    client.post(f"/games/house/{game.pk}/try/", {"players": "2", "garnets": "0"})
    run = PlaytestRun.objects.get()
    assert run.options["garnets"] == {"p1": 0, "p2": 0}
    assert playtest_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert _bids(run) == 0
    assert "Each seat brought 0 garnets" in client.get(f"/games/house/trials/{run.pk}/").content.decode()


@pytest.mark.parametrize("typed", ["abc", "-3", "2.5", "1001"])
def test_a_balance_that_is_not_a_whole_number_up_to_1000_is_refused_naming_the_field(typed: str) -> None:
    game, client = _dealer_and_game("pot_auction")
    answer = client.post(f"/games/house/{game.pk}/try/", {"players": "2", "garnets": typed}, follow=True)
    said = html.unescape(answer.content.decode())
    assert f"Nothing was tried: Garnets each player brings: a whole number from 0 to 1000, not “{typed}”." in said
    assert not PlaytestRun.objects.exists()
    answer = client.post(f"/games/house/{game.pk}/play/", {"action": "start", "players": "2", "garnets": typed})
    said = html.unescape(client.get(f"/games/house/{game.pk}/play/").content.decode())
    assert "Nothing started: Garnets each player brings" in said and "Start a test match" in said


def test_a_blank_balance_is_the_default() -> None:
    assert garnets_each("") == garnets_each(None) == TEST_GARNETS == 10
    assert garnets_each(" 25 ") == 25
    with pytest.raises(PlaytestError, match="not “x”"):
        garnets_each("x")


def test_a_test_match_brings_the_chosen_balance_and_refuses_a_bid_past_it() -> None:
    """RULES.md d-10 with d-17: the start form asks, the page says it, and a bid up to it stands (house-46)."""
    game, client = _dealer_and_game("pot_auction")
    url = f"/games/house/{game.pk}/play/"
    assert '<label for="play-garnets">Garnets each player brings</label>' in client.get(url).content.decode()
    client.post(url, {"action": "start", "players": "2", "garnets": "5"})
    page = client.get(url).content.decode()
    assert "Each seat brought 5 garnets into this test match" in page and "You play p1" in page
    refused = html.unescape(
        client.post(url, {"action": "move", "seat": "p1", "bid": "6"}, follow=True).content.decode()
    )
    assert "a bid of 6 garnets is more than you have (5)" in refused
    client.post(url, {"action": "move", "seat": "p1", "bid": "5"})
    assert "p1 ✓" in client.get(url).content.decode()


def test_a_1_game_brings_garnets_too_as_the_2_it_is_played_as() -> None:
    """A garnet-house/1 file is upgraded to /2 when loaded and refuses a bid past the balance like any other
    (house-46), so its forms ask and its trials bring the test balance (d-17)."""
    game, client = _dealer_and_game("two_thirds")
    assert "Garnets each player brings" in client.get(f"/games/house/{game.pk}/").content.decode()
    client.post(f"/games/house/{game.pk}/try/", {"players": "2"})
    run = PlaytestRun.objects.get()
    assert set(run.options["garnets"].values()) == {10}
