"""The ``garnet-house/2`` samples played by hand-worked scenarios (issue 37): each match below was worked out on
paper from the sample's rules text, then played through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import RuleError
from games.house.engine.samples import sample_definition
from tests.games.house.scenario import E, start, step, texts


def _start(name: str, players: list[str], **options: Any) -> dict[str, Any]:
    return start(players, definition=sample_definition(name), **options)


def test_pot_auction_the_taker_collects_every_bid_and_everyone_pays_their_own() -> None:
    """ "every bid is paid ... The highest bid takes the pot: the taker is paid every garnet bid that round"."""
    state = _start("pot_auction", ["ann", "bob", "cat"], garnets={"ann": 10, "bob": 10, "cat": 10})
    before = state
    state, messages = step(state, {"ann": {"bid": 5}, "bob": {"bid": 3}})
    assert E.round_spent(before, {"ann": {"bid": 5}, "bob": {"bid": 3}, "cat": {"bid": 0}}, state) == {
        "ann": 5,
        "bob": 3,
    }
    assert state["scores"] == {"ann": 1, "bob": 0, "cat": 0}
    assert E.view(state, "ann")["you"]["garnets"] == 10 - 5 + 8
    assert E.view(state, "bob")["you"]["garnets"] == 7
    for _ in range(2):  # nobody bids: a default bid of 0 never wins (among: bid > 0)
        state, messages = step(state, {})
    assert texts(messages)[0] == "Auction 3: nobody scored." and "nobody wins" in texts(messages)[1]
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("ann",)
    assert dict(outcome.garnets) == {"ann": 3, "bob": -3, "cat": 0}


def test_cube_traders_a_trade_goes_through_only_when_both_offer_the_same_terms() -> None:
    """ "It goes through only if they offer you the very same trade back"; a gift beyond what you hold is
    refused; the third round scores 2 per pair and 1 per extra blue cube."""
    state = _start("trading", ["ann", "bob"])
    offer = {"with": "bob", "give": {"red": 2}, "get": {"blue": 1}}
    back = {"with": "ann", "give": {"blue": 1}, "get": {"red": 2}}
    state, messages = step(state, {"ann": {"offer": offer}, "bob": {"offer": back}})
    assert state["holdings"] == {"ann": {"red": 2, "blue": 2}, "bob": {"red": 6, "blue": 0}}
    assert "ann and bob traded: ann gave 2 red cubes, bob gave 1 blue cube." in texts(messages)
    with pytest.raises(RuleError, match="you hold 2, not 3"):
        E.validate(state, "ann", {"gift": {"to": "bob", "amount": 3}})
    wrong = {"with": "ann", "give": {"blue": 2}, "get": {"red": 2}}  # bob holds no blue now
    with pytest.raises(RuleError, match="you hold 0 blue, not 2"):
        E.validate(state, "bob", {"offer": wrong})
    state, _ = step(state, {"ann": {"offer": {"with": "bob", "give": {"red": 1}, "get": {"red": 1}}}})
    assert state["holdings"]["ann"] == {"red": 2, "blue": 2}  # bob made no offer back: nothing moved
    state, _ = step(state, {})
    assert state["scores"] == {"ann": 4, "bob": 0}


def test_one_thief_is_dealt_from_the_deck_and_wins_only_if_never_voted_out() -> None:
    """ "A deck of roles holds exactly one Thief and a Citizen for everyone else" ... "The thief wins if never
    voted out; otherwise the citizens still in win"."""
    players = ["ann", "bob", "cat", "dan"]
    for seed in ("a", "b", "c", "d"):
        state = _start("deck_thief", players, seed=seed)
        roles = {p: E.view(state, p)["you"]["piles"][p]["role"][0]["label"] for p in players}
        assert sorted(roles.values()) == ["Citizen", "Citizen", "Citizen", "Thief"]
        assert "role" not in str(E.view(state, None)["public"]["piles"])
    thief = next(p for p, r in roles.items() if r == "Thief")
    state, _ = step(state, {p: {"suspect": thief} for p in players if p != thief}, seed="d")
    outcome = E.outcome(state)
    assert outcome is not None
    assert outcome.winners == tuple(p for p in players if p != thief)
    assert outcome.candidates[0] == thief


def test_the_captains_runoff_runs_only_on_a_tie_and_only_the_tied_count() -> None:
    """ "Only if two or more are tied for the most votes, a runoff round follows among them"."""
    players = ["ann", "bob", "cat", "dan"]
    state = _start("runoff", players)
    state, _ = step(
        state, {"ann": {"vote": "bob"}, "bob": {"vote": "ann"}, "cat": {"vote": "ann"}, "dan": {"vote": "bob"}}
    )
    assert state["phase"] == "play" and state["round"] == 2
    state, _ = step(
        state, {"ann": {"vote": "ann"}, "bob": {"vote": "ann"}, "cat": {"vote": "bob"}, "dan": {"vote": "cat"}}
    )
    assert state["scores"] == {"ann": 22, "bob": 12, "cat": 0, "dan": 0}
    assert E.outcome(state).winners == ("ann",)  # type: ignore[union-attr]
    clear = _start("runoff", players)
    clear, messages = step(clear, {p: {"vote": "cat"} for p in players})
    assert E.outcome(clear) is not None and clear["round"] == 2
    assert clear["skipped"] == ["Runoff 2"] and "Runoff 2 is not played" in " ".join(texts(messages))


def test_public_goods_are_paid_in_garnets_at_once() -> None:
    """ "The pot is doubled and shared equally among all players (remainders dropped), paid in garnets at once"."""
    state = _start("public_goods", ["ann", "bob", "cat"], garnets={"ann": 10, "bob": 10, "cat": 10})
    before = state
    moves = {"ann": {"put": 5}, "bob": {"put": 2}}
    state, _ = step(state, moves)
    assert E.round_spent(before, {**moves, "cat": {"put": 0}}, state) == {"ann": 5, "bob": 2}
    assert state["scores"] == {"ann": -1, "bob": 2, "cat": 4}  # 14 / 3 = 4 each
    assert {p: E.view(state, p)["you"]["garnets"] for p in state["players"]} == {"ann": 9, "bob": 12, "cat": 14}
    with pytest.raises(RuleError):
        E.validate(state, "ann", {"put": 6})


def test_climb_in_turn_each_mover_sees_the_bids_before_theirs() -> None:
    """ "players bid in turn, in seat order, each seeing the bids before theirs. The highest bid (the earlier
    mover on a tie) scores 3 points and pays its bid in chips"."""
    state = _start("turn_order", ["ann", "bob", "cat"])
    assert E.awaiting(state) == ("ann",)
    state, _ = step(state, {"ann": {"bid": 4}})
    assert E.awaiting(state) == ("bob",) and E.view(state, "bob")["public"]["so_far"] == {"ann": {"bid": 4}}
    state, _ = step(state, {"bob": {"bid": 6}})
    state, _ = step(state, {"cat": {"bid": 6}})
    assert state["scores"] == {"ann": 0, "bob": 3, "cat": 0}
    assert state["holdings"]["bob"]["chips"] == 4
    assert E.awaiting(state) == ("ann",) and state["round"] == 2


def test_indian_poker_you_see_every_card_but_your_own() -> None:
    """ "you see everyone's card but your own" ... "The highest card among the bettors takes the pot"."""
    state = _start("indian_poker", ["ann", "bob", "cat"])
    cards = {p: state["cards"][state["piles"]["card"][p][0]]["value"] for p in state["players"]}
    seen = E.view(state, "ann")["you"]["piles"]
    assert set(seen) == {"bob", "cat"} and seen["bob"]["card"][0]["value"] == cards["bob"]
    assert "card" not in str(E.view(state, None)["public"]["piles"])
    state, _ = step(state, {"ann": {"play": "bet"}, "bob": {"play": "bet"}})
    best = max(("ann", "bob"), key=lambda p: (cards[p], p == "ann"))
    other = "bob" if best == "ann" else "ann"
    assert state["scores"] == {best: 10 - 3 + 7, other: 7, "cat": 9}
    assert state["counters"]["pot"] == 0
    assert [len(state["piles"]["card"][p]) for p in state["players"]] == [1, 1, 1]  # a fresh card each


GIVE = {"red": (2, 0), "blue": (2, 0), "yellow": (1, 1), "green": (-1, 0), "white": (2, 1), "black": (1, -1)}
"""Exodus's first round, from its text: giving away a cube of this colour scores (me, the recipient)."""


def test_cube_exchange_deals_cubes_from_the_pool_and_scores_trades_as_exodus_round_one() -> None:
    """ "Each player is dealt 4 cubes at random from a pool of 36 ... A trade goes through only if that player
    names you back (with the cube they give you); at most one trade with a player a round"."""
    players = ["ann", "bob", "cat"]
    state = _start("cube_exchange", players)
    for p in players:
        held = state["holdings"][p]
        dealt = [state["cards"][i]["label"].lower() for i in state["piles"]["dealt"][p]]
        assert sum(held.values()) == 4 and all(held[c] == dealt.count(c) for c in held)
    a_gives = next(c for c, n in state["holdings"]["ann"].items() if n)
    b_gives = next(c for c, n in state["holdings"]["bob"].items() if n)
    c_gives = next(c for c, n in state["holdings"]["cat"].items() if n)
    with pytest.raises(RuleError, match="one trade per partner a round"):
        E.validate(
            state,
            "ann",
            {"first": {"with": "bob", "give": {a_gives: 1}}, "second": {"with": "bob", "give": {a_gives: 1}}},
        )
    moves = {
        "ann": {"first": {"with": "bob", "give": {a_gives: 1}}},
        "bob": {"first": {"with": "ann", "give": {b_gives: 1}}},
        "cat": {"first": {"with": "ann", "give": {c_gives: 1}}},  # ann never names cat: no trade
    }
    before = {p: dict(state["holdings"][p]) for p in players}
    state, messages = step(state, moves)
    assert state["holdings"]["cat"] == before["cat"]
    assert state["holdings"]["ann"][b_gives] == before["ann"][b_gives] + (1 if a_gives != b_gives else 0)
    expected_ann = GIVE[a_gives][0] + GIVE[b_gives][1]
    expected_bob = GIVE[b_gives][0] + GIVE[a_gives][1]
    assert state["scores"] == {"ann": expected_ann, "bob": expected_bob, "cat": 0}
    assert not [m for m in messages if m.to is None and "traded" in m.text]  # private trades
    assert "holdings" not in E.view(state, None)["public"] or "ann" not in E.view(state, None)["public"]["holdings"]


def test_abc_the_xs_double_stays_secret_until_the_results() -> None:
    """ABC ruling 2: "The X's double stays secret while the pairs play": nothing public changes when the X
    doubles with the pairing (the doubles counter is each player's own)."""
    players = ["ann", "bob", "cat", "dan", "eve"]
    views = []
    for double in (False, True):
        state = _start("abc", players, garnets=dict.fromkeys(players, 5))
        x = E.awaiting(state)[0]
        others = [p for p in players if p != x]
        state, _ = step(state, {x: {"pairs": [others[:2], others[2:]], "double": double}})
        views.append((E.view(state, None), E.view(state, others[0])))
        if double:
            assert E.view(state, x)["you"]["garnets"] == 3 and E.view(state, x)["you"]["holdings"] == {"doubles": 1}
    assert views[0] == views[1]
