"""highest_bid, lowest_bid and unique_bid: hand-worked rounds, ties, abstentions and what is spent."""

from __future__ import annotations

import pytest

from games.house.engine.errors import DefinitionError
from tests.games.house.engine.helpers_mechanics import garnets, number, run


def test_second_price_auction_winner_pays_the_runner_up_bid() -> None:
    """Bids ann 9, bob 12, cat 5 on a garnets field that pays if won, second price: bob has the highest
    bid (12) and pays the second-highest (9); only the winner spends; bob scores the award (2)."""
    r = run(
        "highest_bid",
        [garnets(pays="if_won")],
        {"ann": {"bid": 9}, "bob": {"bid": 12}, "cat": {"bid": 5}},
        {"price": "second", "award": 2},
    )
    assert r.winners == ("bob",)
    assert r.spent == {"bob": 9}
    assert r.points == {"bob": 2}
    assert r.announcement == (
        "Round 1: bob wins with the highest bid, 12 garnets. bob pays 9 garnets (the second-highest bid). bob scores 2."
    )
    assert r.private["bob"] == "You bid 12 garnets; you won and paid 9 garnets."
    assert r.private["ann"] == "You bid 9 garnets; bob won."


def test_tied_highest_bids_go_to_the_earlier_player_in_the_tiebreak_order() -> None:
    """ann 7, bob 7 with tiebreak (bob, ann): bob wins the tie; second price is the other 7."""
    r = run(
        "highest_bid",
        [garnets()],
        {"ann": {"bid": 7}, "bob": {"bid": 7}},
        {"price": "second"},
        tiebreak=("bob", "ann"),
    )
    assert r.winners == ("bob",)
    assert r.spent == {"bob": 7}
    assert "tied with ann; the tiebreak order decides" in r.announcement


def test_pays_bid_field_spends_every_bid_whoever_wins() -> None:
    """pays: bid: ann 4, bob 6, cat 0 → ann and bob spend their bids (cat's 0 spends nothing), bob wins."""
    r = run("highest_bid", [garnets(pays="bid")], {"ann": {"bid": 4}, "bob": {"bid": 6}, "cat": {"bid": 0}})
    assert r.spent == {"ann": 4, "bob": 6}
    assert r.winners == ("bob",)
    assert "Every bid is spent." in r.announcement


def test_sole_bidder_at_second_price_pays_the_fields_minimum() -> None:
    """One bid (ann 8) on a field with min 2, second price: there is no second bid, so ann pays 2."""
    r = run("highest_bid", [garnets(low=2)], {"ann": {"bid": 8}, "bob": {}}, {"price": "second"})
    assert r.spent == {"ann": 2}
    assert "bob sent no bid." in r.announcement


def test_number_field_bids_cost_nothing() -> None:
    """A number field is not paid for: price own spends nothing, the winner only scores."""
    r = run("highest_bid", [number("n")], {"ann": {"n": 3}, "bob": {"n": 40}})
    assert r.spent == {}
    assert r.points == {"bob": 1}
    assert r.announcement == "Round 1: bob wins with the highest bid, 40. bob scores 1."


def test_lowest_bid_wins_and_pays_own_bid() -> None:
    """ann 3, bob 1, cat 1, tiebreak (cat, bob, ann): the lowest is 1, tied bob/cat → cat wins, pays 1."""
    r = run(
        "lowest_bid",
        [garnets()],
        {"ann": {"bid": 3}, "bob": {"bid": 1}, "cat": {"bid": 1}},
        tiebreak=("cat", "bob", "ann"),
    )
    assert r.winners == ("cat",)
    assert r.spent == {"cat": 1}


def test_lowest_bid_offers_no_second_price() -> None:
    """A lowest bid's second price would exceed the winner's bid (and its hold): not offered."""
    with pytest.raises(DefinitionError, match="^price: must be one of own, none"):
        run("lowest_bid", [garnets()], {"ann": {"bid": 1}}, {"price": "second"})


def test_nobody_bids_nobody_wins() -> None:
    """Every player abstained: nobody wins, nothing is spent."""
    r = run("highest_bid", [garnets()], {"ann": {}, "bob": {}})
    assert r.winners == ()
    assert r.spent == {}
    assert r.announcement == "Round 1: nobody bid, so nobody wins."


def test_lowest_unique_number_wins() -> None:
    """ann 1, bob 1, cat 2, dan 4, eve 2 (lowest): 1 and 2 are each named twice; 4 is the only unique
    number, so dan wins and scores 1."""
    r = run(
        "unique_bid",
        [number("n")],
        {"ann": {"n": 1}, "bob": {"n": 1}, "cat": {"n": 2}, "dan": {"n": 4}, "eve": {"n": 2}},
    )
    assert r.winners == ("dan",)
    assert r.points == {"dan": 1}
    assert r.announcement == (
        "Round 1: the lowest unique number was 4, named by dan. dan scores 1. "
        "Named more than once: 1 by 2 players, 2 by 2 players."
    )
    assert r.private["ann"] == "You named 1, as did 1 other player."


def test_highest_unique_number_wins_and_pays_if_won() -> None:
    """ann 5, bob 9, cat 9, dan 7 (highest, garnets pays if won): 9 is shared, 7 is the highest unique
    number, so dan wins and pays 7; ann's 5 was unique but lower."""
    r = run(
        "unique_bid",
        [garnets()],
        {"ann": {"bid": 5}, "bob": {"bid": 9}, "cat": {"bid": 9}, "dan": {"bid": 7}},
        {"want": "highest"},
    )
    assert r.winners == ("dan",)
    assert r.spent == {"dan": 7}
    assert r.private["ann"] == "You named 5 garnets: unique, but 7 garnets was higher."


def test_no_unique_number_nobody_wins() -> None:
    """ann 3, bob 3, cat 5, dan 5: no number is unique, so nobody wins (and the announcement says so)."""
    r = run(
        "unique_bid", [number("n")], {"ann": {"n": 3}, "bob": {"n": 3}, "cat": {"n": 5}, "dan": {"n": 5}, "eve": {}}
    )
    assert r.winners == ()
    assert r.points == {}
    assert r.announcement == (
        "Round 1: no number was named by exactly one player (3 by 2 players, 5 by 2 players), so nobody wins. "
        "eve sent no number."
    )
