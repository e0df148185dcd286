"""Garnets paid during a ``garnet-house/2`` match reach the season's ledger (FORMAT.md "Turns, garnets and
views in /2"): a contribution is held when saved and charged at the close, the share paid back counts in the
player's balance at once, and the match's ``earned − spent`` is written when it ends, as for every game."""

from __future__ import annotations

import pytest

from games.house.engine.samples import sample_definition
from games.house.services import house_game_create
from games.match.services import submission_submit, turn_close
from games.models import Turn
from games.registry import get_engine
from seasons import selectors
from seasons.models import GarnetHold
from seasons.services import episode_start, ledger_adjust
from tests.seasons.factories import host_user, play_to_end, started_season

pytestmark = pytest.mark.django_db


def test_public_goods_paid_mid_match_reach_the_season_ledger() -> None:
    """ "The pot is doubled and shared equally among all players (remainders dropped), paid in garnets at once"."""
    season = started_season()
    ledger_adjust(season=season, handle="ann", currency="garnet", amount=10, reason="brought in", user=host_user())
    game = house_game_create(owner=season.hosts.get(), definition=sample_definition("public_goods"))
    episode = episode_start(season_id=season.pk, game=f"house:{game.pk}", players=["ann", "bob", "cat"], seed="ep")
    match = episode.mm_match
    assert match is not None and match.options["garnets"]["ann"] == 10  # the season's free balances
    ann = selectors.entrant_by_handle(season, "ann")
    submission_submit(match_id=match.pk, player="ann", move={"put": 5})
    assert selectors.free_garnets(ann) == 5 and GarnetHold.objects.get().amount == 5
    turn_close(turn_id=Turn.objects.get(match=match, number=1).pk, force=True)
    match.refresh_from_db()
    engine = get_engine("house")
    assert engine.view(engine.load(match.state), "ann")["you"]["garnets"] == 10 - 5 + 3  # 10 / 3 = 3 each
    assert GarnetHold.objects.get().charged
    match = play_to_end(match)
    assert match.outcome["garnets"] == {"ann": -2, "bob": 3, "cat": 3}
    assert selectors.balance(ann, "garnet") == 8
    assert selectors.balance(selectors.entrant_by_handle(season, "bob"), "garnet") == 3


def test_a_double_beyond_the_garnets_brought_in_is_refused_when_saved() -> None:
    """ "a flag the player cannot pay for ("Double your payout: costs 3 garnets; you have 2")" is refused."""
    from random import Random

    from games.engine import RuleError

    engine = get_engine("house")
    players = ["ann", "bob", "cat", "dan", "eve"]
    options = {"definition": sample_definition("abc"), "garnets": dict.fromkeys(players, 1)}
    state = engine.setup(players, options, Random(0))
    x = engine.awaiting(state)[0]
    others = [p for p in players if p != x]
    with pytest.raises(RuleError, match="costs 2 garnets; you have 1"):
        engine.validate(state, x, {"pairs": [others[:2], others[2:]], "double": True})
    assert engine.validate(state, x, {"pairs": [others[:2], others[2:]], "double": False})["double"] is False


def test_garnets_a_v1_bid_spent_stay_spent_when_the_match_ends() -> None:
    """FORMAT.md: "a `bid` field is spent whoever wins": the match's outcome is net (earned minus spent), so the
    bid charged at the close is not handed back when the season stops counting the match's holds (house-42)."""
    definition = {
        "schema": "garnet-house/1",
        "title": "One sealed bid",
        "kind": "main",
        "players": {"min": 2, "max": 8},
        "rounds": 1,
        "round_plan": [
            {
                "label": "Bid",
                "fields": [{"name": "bid", "label": "Your bid", "type": "garnets", "min": 0, "max": 10}],
                "resolve": {
                    "by": "mechanic",
                    "mechanic": "highest_bid",
                    "params": {"field": "bid", "award": 1},
                },
            }
        ],
    }
    season = started_season()
    for handle in ("ann", "bob"):
        ledger_adjust(season=season, handle=handle, currency="garnet", amount=10, reason="brought in", user=host_user())
    game = house_game_create(owner=season.hosts.get(), definition=definition)
    episode = episode_start(season_id=season.pk, game=f"house:{game.pk}", players=["ann", "bob", "cat"], seed="v1")
    match = episode.mm_match
    assert match is not None
    submission_submit(match_id=match.pk, player="ann", move={"bid": 4})
    submission_submit(match_id=match.pk, player="bob", move={"bid": 3})
    match = play_to_end(match)
    assert {p: n for p, n in match.outcome["garnets"].items() if n} == {"ann": -4, "bob": -3}
    assert selectors.balance(selectors.entrant_by_handle(season, "ann"), "garnet") == 6
    assert selectors.balance(selectors.entrant_by_handle(season, "bob"), "garnet") == 7
