"""Trials with greedy bots and the balance report in the dealer's words (issue 44, item 5; games/house/RULES.md
d-15, d-16): the trial form chooses random, greedy or mixed bots; greedy bots make trades in the trading sample;
the report names what the bots never used and what dominates, on the site's own page."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from games.house.designer.trial_report import bots_compared, dominance, never_used
from games.house.engine.samples import sample_definition
from games.house.services import house_game_create
from games.match.playtest.stats import rate
from games.match.services.playtest import playtest_run_execute
from games.models import PlaytestRun
from tests.seasons.factories import started_season
from tests.seasons.test_house_games import sample

pytestmark = pytest.mark.django_db


def _dealer_and_game(name: str) -> tuple[Any, Any, Client]:
    host = started_season().hosts.get()
    game = house_game_create(owner=host, definition=sample(name))
    client = Client()
    client.force_login(host)
    return host, game, client


def test_a_trial_of_the_trading_sample_with_greedy_bots_records_completed_trades() -> None:
    """The acceptance: greedy bots, chosen in the trial form, make trades, and the page says how many."""
    _host, game, client = _dealer_and_game("trading")
    assert 'name="bots"' in client.get(f"/games/house/{game.pk}/").content.decode()
    client.post(f"/games/house/{game.pk}/try/", {"players": "3", "bots": "greedy"})
    run = PlaytestRun.objects.get()
    assert run.bots == "greedy" and run.matches == 40
    assert playtest_run_execute(run_id=run.pk)
    run.refresh_from_db()
    trades = {u["key"]: u for u in run.summary["usage"]}["trade:offer"]
    assert trades["times"] >= 2 and trades["matches"] >= 1
    page = html.unescape(client.get(f"/games/house/trials/{run.pk}/").content.decode())
    assert "“Your trade”: " in page and "trades went through" in page
    assert "No bot ever made a trade" not in page


def test_the_form_offers_mixed_bots_and_refuses_an_unknown_kind_by_name() -> None:
    _host, game, client = _dealer_and_game("two_thirds")
    client.post(f"/games/house/{game.pk}/try/", {"players": "3", "bots": "mix"})
    assert PlaytestRun.objects.get().bots == "greedy,random"
    answer = client.post(f"/games/house/{game.pk}/try/", {"players": "3", "bots": "psychic"}, follow=True)
    assert "Choose random, greedy or mixed bots, not &#x27;psychic&#x27;." in answer.content.decode()
    assert PlaytestRun.objects.count() == 1


def test_the_report_names_the_fields_and_choices_no_bot_used() -> None:
    """The trading sample without a trade done, a choice never made, a bid never placed: one sentence each."""
    trading = sample_definition("trading")
    offered = [{"key": "field:offer", "times": 12, "matches": 5}, {"key": "field:gift", "times": 3, "matches": 2}]
    assert never_used(trading, offered) == [
        "No bot ever made a trade: 12 offers on “Your trade”, none matched by the player it named."
    ]
    assert never_used(trading, []) == [
        "No bot ever offered a trade (“Your trade”).",
        "No bot ever gave anything (“A gift of red cubes”).",
    ]
    rps = sample_definition("rps_best_of_5")
    used = [{"key": "field:hand"}, {"key": "choice:hand=Rock"}]
    assert never_used(rps, used) == ["No bot ever chose “Paper” or “Scissors” for “Your hand”."]
    assert never_used(sample_definition("pot_auction"), []) == ["No bot ever put a garnet on “Your bid”."]


def test_the_report_says_which_seat_or_choice_dominates_with_its_figures() -> None:
    rps = sample_definition("rps_best_of_5")
    summary = {
        "seat_dominance": [
            {"handle": "p1", "win": rate(70, 100), "rest": rate(30, 100), "dominant": True},
            {"handle": "p2", "win": rate(30, 100), "rest": rate(70, 100), "dominant": False},
        ],
        "usage": [{"key": "choice:hand=Rock", "win": rate(40, 50), "rest": rate(20, 150), "dominant": True}],
    }
    lines = dominance(rps, summary)
    assert lines[0].startswith("Seat p1 dominates: it won 70 % (95 % interval 60–78 %) of its matches")
    assert lines[1].startswith("Choosing “Rock” for “Your hand” dominates: the seats that chose it won 80 %")


def test_the_report_is_a_page_of_the_site_with_a_way_back_and_scrollable_tables() -> None:
    """Issue 44 #5: the site's header, links back to the trial and the game, every table in a box a keyboard
    reaches (tabindex 0, a label), plots as images under the site's own CSP."""
    _host, game, client = _dealer_and_game("rps_best_of_5")
    client.post(f"/games/house/{game.pk}/try/", {"players": "2", "bots": "random"})
    run = PlaytestRun.objects.get()
    assert playtest_run_execute(run_id=run.pk)
    answer = client.get(f"/games/house/trials/{run.pk}/report/")
    page = answer.content.decode()
    assert answer.status_code == 200 and "<header" in page
    assert f'href="/games/house/trials/{run.pk}/"' in page and f'href="/games/house/{game.pk}/"' in page
    boxes = page.count('class="table-scroll"')
    assert boxes >= 4 and page.count('class="table-scroll" tabindex="0" role="region" aria-label=') == boxes
    assert "<svg" not in page and page.count('src="data:image/svg+xml;base64,') >= 4
    assert "unsafe-inline" not in answer.get("Content-Security-Policy", "")
    assert "What the bots found" in page


def test_a_mixed_trial_says_whether_looking_ahead_pays() -> None:
    """Greedy and random bots in turn: both kinds' win rates, and whether the gap is clear at 95 %."""
    ahead = {
        "by_strategy": [{"strategy": "greedy", "win": rate(60, 100)}, {"strategy": "random", "win": rate(20, 100)}]
    }
    assert bots_compared(ahead) == [
        "Greedy bots won 60 % (95 % interval 50–69 %) of their seats; random bots 20 % (95 % interval 13–29 %): "
        "looking a round ahead pays in this game."
    ]
    level = {
        "by_strategy": [{"strategy": "greedy", "win": rate(30, 100)}, {"strategy": "random", "win": rate(25, 100)}]
    }
    assert bots_compared(level)[0].endswith("made no clear difference (luck, or choices that only pay later).")
    assert bots_compared({"by_strategy": [{"strategy": "random", "win": rate(25, 100)}]}) == []
