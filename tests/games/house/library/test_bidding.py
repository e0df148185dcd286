"""Library games of bids and pots, each played by hand from its rules text."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import RuleError
from tests.games.house.library.helpers import table
from tests.games.house.scenario import E, step

PLAYERS = ["ann", "bob", "cat"]


def test_pot_auction_every_bid_is_paid_and_the_highest_takes_the_pot() -> None:
    """Garnets 10 each. 4, 4, 2: ann (earlier in the tiebreak) takes 10 and a point; 0, 3, 0: bob takes 3;
    nobody bids: nobody scores. ann 1, bob 1, cat 0: ann and bob tied on top, cat the candidate."""
    state = table("pot_auction", PLAYERS, garnets={p: 10 for p in PLAYERS})
    state, _ = step(state, {"ann": {"bid": 4}, "bob": {"bid": 4}, "cat": {"bid": 2}})
    assert state["scores"] == {"ann": 1, "bob": 0, "cat": 0}
    assert {p: E.view(state, p)["you"]["garnets"] for p in PLAYERS} == {"ann": 16, "bob": 6, "cat": 8}
    state, _ = step(state, {"bob": {"bid": 3}})
    assert {p: E.view(state, p)["you"]["garnets"] for p in PLAYERS} == {"ann": 16, "bob": 6, "cat": 8}
    with pytest.raises(RuleError):
        E.validate(state, "cat", {"bid": 21})
    state, _ = step(state, {})
    outcome = E.outcome(state)
    assert outcome is not None and set(outcome.winners) == {"ann", "bob"} and outcome.candidates[0] == "cat"
    assert dict(outcome.garnets) == {"ann": 6, "bob": -4, "cat": -2}


def test_public_goods_the_doubled_pot_is_shared_by_everyone() -> None:
    """Garnets 10 each. 5, 5, 0: the pot 10 doubled to 20, 6 each (2 dropped): ann and bob +1, cat +6."""
    state = table("public_goods", PLAYERS, garnets={p: 10 for p in PLAYERS})
    state, _ = step(state, {"ann": {"put": 5}, "bob": {"put": 5}, "cat": {"put": 0}})
    assert state["scores"] == {"ann": 1, "bob": 1, "cat": 6}
    state, _ = step(state, {"ann": {"put": 3}})  # 6 shared: 2 each
    state, _ = step(state, {})
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 0, "bob": 3, "cat": 8}
    assert outcome is not None and outcome.winners == ("cat",) and outcome.candidates[0] == "ann"


def test_climb_in_turn_the_highest_bid_pays_its_chips_and_scores_3() -> None:
    """In seat order: 3, 5, 5: bob (the earlier of the 5s) scores 3 and keeps 5 chips; then 6, 0, 0: ann; then
    bob bids 6 with 5 chips: a bid beyond one's chips never wins (cat's 1 does)."""
    state = table("climb_in_turn", PLAYERS)
    for player, bid in (("ann", 3), ("bob", 5), ("cat", 5)):
        assert E.awaiting(state) == (player,)
        state, _ = step(state, {player: {"bid": bid}})
    assert state["scores"] == {"ann": 0, "bob": 3, "cat": 0} and state["holdings"]["bob"]["chips"] == 5
    for player, bid in (("ann", 6), ("bob", 0), ("cat", 0)):
        state, _ = step(state, {player: {"bid": bid}})
    for player, bid in (("ann", 0), ("bob", 6), ("cat", 1)):
        state, _ = step(state, {player: {"bid": bid}})
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 3, "bob": 3, "cat": 3}
    assert {p: h["chips"] for p, h in state["holdings"].items()} == {"ann": 4, "bob": 5, "cat": 9}
    assert outcome is not None and outcome.candidates[0] == "cat"  # all tied: the tiebreak order names the last


def _cards(state: dict[str, Any], values: dict[str, int]) -> dict[str, Any]:
    """``state`` with each player's forehead card set to a card of the value given (a pinned deal)."""
    ids = {v: next(i for i, c in enumerate(state["cards"]) if c["value"] == v) for v in values.values()}
    return {**state, "piles": {"card": {p: [ids[v]] for p, v in values.items()}}}


def test_indian_poker_the_highest_card_among_the_bettors_takes_the_pot() -> None:
    """Cards 9, 4, 7; everyone antes 1, ann and cat bet 2 more: the pot 7 goes to ann (9). ann sees the others'
    cards but never her own. Then all fold: 3 antes wait in the pot for the next hand."""
    state = _cards(table("indian_poker", PLAYERS), {"ann": 9, "bob": 4, "cat": 7})
    seen = E.view(state, "ann")["you"]["piles"]
    assert set(seen) == {"bob", "cat"} and seen["bob"]["card"][0]["value"] == 4
    state, _ = step(state, {"ann": {"play": "bet"}, "bob": {"play": "fold"}, "cat": {"play": "bet"}})
    assert state["scores"] == {"ann": 14, "bob": 9, "cat": 7} and state["counters"]["pot"] == 0
    state, _ = step(state, {})
    assert state["scores"] == {"ann": 13, "bob": 8, "cat": 6} and state["counters"]["pot"] == 3
