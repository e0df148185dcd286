"""Scenario tests for the ABC game's rounds: the X, the pairing, the payoff table, the results.

Each test is named after a clause of ``games/abc/rules.txt`` and quotes it.
"""

from __future__ import annotations

from random import Random

import pytest

from games.abc.rules import PAYOFFS
from games.engine import RuleError

from .helpers import ENGINE, ORDER, PLAYERS, all_same_round, new, play_round, public_texts, step


def test_there_are_5_rounds() -> None:
    """ "There are 5 rounds in this game." (each round a pairing turn and a playing turn)"""
    state = new()
    labels = []
    while ENGINE.outcome(state) is None:
        labels.append(ENGINE.turn_label(state))
        state, _ = all_same_round(state, "ally")
    assert labels == [f"Round {n} · pairing" for n in range(1, 6)]
    assert len(state.history) == 5


def test_each_round_someone_is_the_x_and_every_player_is_x_once() -> None:
    """ "Each round someone is the X." / "players take turns becoming @XNimus" """
    state = new()
    xs = []
    for _ in range(5):
        xs.append(ENGINE.awaiting(state)[0])
        state, _ = all_same_round(state, "betray")
    assert xs == ORDER
    assert [entry["x"] for entry in state.history] == ORDER


def test_the_order_of_the_xs_is_randomized() -> None:
    """ "The order of the Xs is randomized." (drawn from the framework's rng; fixed by options["x_order"])"""
    orders = {tuple(ENGINE.setup(PLAYERS, {}, Random(seed)).x_order) for seed in range(40)}
    assert len(orders) > 10
    assert all(sorted(order) == sorted(PLAYERS) for order in orders)
    again = ENGINE.setup(PLAYERS, {}, Random(7)).x_order
    assert ENGINE.setup(PLAYERS, {}, Random(7)).x_order == again
    fixed = ["eve", "cat", "ann", "dan", "bob"]
    assert ENGINE.setup(PLAYERS, {"x_order": fixed}, Random(1)).x_order == fixed


def test_x_order_option_must_list_every_player_once() -> None:
    """Ruling: a host's ``x_order`` that is not a permutation of the players is refused."""
    with pytest.raises(RuleError, match="x_order"):
        ENGINE.setup(PLAYERS, {"x_order": ["ann", "ann", "cat", "dan", "eve"]}, Random(1))


@pytest.mark.parametrize(
    "pairs",
    [[["bob", "cat"], ["dan", "eve"]], [["bob", "dan"], ["cat", "eve"]], [["bob", "eve"], ["cat", "dan"]]],
)
def test_the_x_groups_the_other_4_players_into_pairs(pairs: list[list[str]]) -> None:
    """ "The X has the task of grouping the other 4 players into pairs. For example, if Anna is the X,
    she can group Bob with Carly and David with Emily, or she could group Bob with David and Carly with
    Emily, or any other permutation of those 4 players." """
    state = new()
    assert ENGINE.awaiting(state) == ("ann",)
    state, _ = step(state, {"ann": {"pairs": pairs, "double": False}})
    assert state.pairs == pairs
    assert ENGINE.awaiting(state) == ("bob", "cat", "dan", "eve")


@pytest.mark.parametrize(
    ("pairs", "why"),
    [
        ([["ann", "bob"], ["cat", "dan"]], "cannot pair themselves"),
        ([["bob", "bob"], ["cat", "dan"]], "exactly one pair"),
        ([["bob", "cat"], ["dan", "eve"], ["bob", "cat"]], "exactly two pairs"),
        ([["bob", "cat", "dan"], ["eve", "ann"]], "exactly two players"),
        ([["bob", "cat"], ["dan", "zed"]], "not a player"),
        ([["bob", "cat"]], "exactly two pairs"),
        ("bob,cat", "must be a list"),
    ],
)
def test_a_pairing_must_be_a_perfect_matching_of_the_other_four(pairs: object, why: str) -> None:
    """ "The X has the task of grouping the other 4 players into pairs." (anything else is refused)"""
    with pytest.raises(RuleError, match=why):
        ENGINE.validate(new(), "ann", {"pairs": pairs, "double": False})


def test_only_the_x_submits_the_pairing() -> None:
    """ "The X has the task of grouping the other 4 players into pairs." """
    with pytest.raises(RuleError, match="not your turn"):
        ENGINE.validate(new(), "bob", {"pairs": [["ann", "cat"], ["dan", "eve"]]})


def test_the_x_has_24_hours_and_may_lock_in_early() -> None:
    """ "The X will have 24 hours to determine these pairings; however, they may choose to lock in early."
    (the turn lasts 24 hours and awaits only the X, so the framework closes it once the X locks in)"""
    state = new()
    assert ENGINE.turn_seconds(state) == 86400
    assert ENGINE.turn_label(state) == "Round 1 · pairing"
    assert ENGINE.awaiting(state) == ("ann",)


def test_pairings_are_publicly_announced() -> None:
    """ "Once the pairings are decided, they are publicly announced." """
    state, messages = step(new(), {"ann": {"pairs": [["bob", "dan"], ["cat", "eve"]], "double": False}})
    assert "ann is the X and pairs bob with dan, and cat with eve" in public_texts(messages)
    assert ENGINE.view(state, None)["public"]["pairs"] == [["bob", "dan"], ["cat", "eve"]]
    assert ENGINE.view(state, "bob")["you"]["partner"] == "dan"


def test_each_paired_player_allies_betrays_or_censures() -> None:
    """ "each paired player can decide to either Ally, Betray, or Censure their pair." """
    state, _ = step(new(), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]]}})
    assert ENGINE.turn_label(state) == "Round 1"
    assert ENGINE.awaiting(state) == ("bob", "cat", "dan", "eve")
    for action in ("ally", "betray", "censure", "Ally", " CENSURE "):
        assert ENGINE.validate(state, "bob", {"action": action})["action"] == action.strip().lower()
    with pytest.raises(RuleError, match="one of: ally, betray, censure"):
        ENGINE.validate(state, "bob", {"action": "abstain"})
    with pytest.raises(RuleError, match="not your turn"):
        ENGINE.validate(state, "ann", {"action": "ally"})


def _one_pair(a_action: str, b_action: str) -> dict[str, int]:
    """Round 1: ann is X, bob-cat play the given actions, dan-eve both betray (X +2 from them)."""
    state = new()
    state, _ = play_round(
        state, [["bob", "cat"], ["dan", "eve"]], {"bob": a_action, "cat": b_action, "dan": "betray", "eve": "betray"}
    )
    payoffs = dict(state.history[0]["payoffs"])
    payoffs["ann"] -= 2  # the X's points from the dan-eve pair
    return payoffs


def test_both_ally_gives_2_each_and_1_to_the_x() -> None:
    """ "If you and your pair both Ally, you and your pair get 2 points, and the X gets 1 point." """
    p = _one_pair("ally", "ally")
    assert (p["bob"], p["cat"], p["ann"]) == (2, 2, 1)


def test_both_betray_gives_0_each_and_2_to_the_x() -> None:
    """ "If you and your pair both Betray, you and your pair get 0 points, and the X gets 2 points." """
    p = _one_pair("betray", "betray")
    assert (p["bob"], p["cat"], p["ann"]) == (0, 0, 2)


def test_both_censure_gives_minus_2_each_and_2_to_the_x() -> None:
    """ "If you and your pair both Censure, you and your pair get -2 points, and the X gets 2 points." """
    p = _one_pair("censure", "censure")
    assert (p["bob"], p["cat"], p["ann"]) == (-2, -2, 2)


@pytest.mark.parametrize("order", ["ally-betray", "betray-ally"])
def test_ally_against_betray_gives_betrayer_3_allier_minus_2_x_0(order: str) -> None:
    """ "If one player allies but the other betrays, the betrayer gets 3 points, the allier gets -2
    points, and the X gets 0 points." """
    a, b = order.split("-")
    p = _one_pair(a, b)
    by_action = {a: p["bob"], b: p["cat"]}
    assert (by_action["betray"], by_action["ally"], p["ann"]) == (3, -2, 0)


@pytest.mark.parametrize("order", ["ally-censure", "censure-ally"])
def test_ally_against_censure_gives_allier_2_censurer_minus_2_x_minus_1(order: str) -> None:
    """ "If one player allies but the other censures, the allier gets 2 points, the censurer gets -2
    points, and the X gets -1 points." """
    a, b = order.split("-")
    p = _one_pair(a, b)
    by_action = {a: p["bob"], b: p["cat"]}
    assert (by_action["ally"], by_action["censure"], p["ann"]) == (2, -2, -1)


@pytest.mark.parametrize("order", ["betray-censure", "censure-betray"])
def test_betray_against_censure_gives_betrayer_minus_2_censurer_3_x_minus_1(order: str) -> None:
    """ "If one player betrays but the other censures, the betrayer gets -2 points, the censurer gets 3
    points, and the X gets -1 points." """
    a, b = order.split("-")
    p = _one_pair(a, b)
    by_action = {a: p["bob"], b: p["cat"]}
    assert (by_action["betray"], by_action["censure"], p["ann"]) == (-2, 3, -1)


def test_the_table_covers_all_nine_combinations() -> None:
    """ "A table version of this interaction is found below:" (every ordered pair of actions is scored)"""
    assert len(PAYOFFS) == 9
    for (a, b), (pa, pb, px) in PAYOFFS.items():
        assert PAYOFFS[(b, a)] == (pb, pa, px)


def test_the_x_scores_the_sum_over_both_pairs() -> None:
    """Ruling 1: the X's payout of a round is the sum of what each of the two pairs gives the X."""
    state, _ = play_round(
        new(), [["bob", "cat"], ["dan", "eve"]], {"bob": "ally", "cat": "ally", "dan": "censure", "eve": "censure"}
    )
    assert state.history[0]["payoffs"]["ann"] == 1 + 2


def test_results_and_totals_are_publicly_announced_each_round() -> None:
    """ "The results of the pairs and consequently everyone's points totals are publicly announced at
    the end of each round." """
    state, messages = play_round(
        new(), [["bob", "cat"], ["dan", "eve"]], {"bob": "ally", "cat": "betray", "dan": "censure", "eve": "ally"}
    )
    text = public_texts(messages)
    assert "bob (Ally) -2 · cat (Betray) +3" in text
    assert "dan (Censure) -2 · eve (Ally) +2" in text
    assert "ann (the X) -1" in text
    assert "Totals: ann -1, bob -2, cat 3, dan -2, eve 2" in text
    public = ENGINE.view(state, None)["public"]
    assert public["totals"] == {"ann": -1, "bob": -2, "cat": 3, "dan": -2, "eve": 2}
    assert public["history"][0]["actions"] == {"bob": "ally", "cat": "betray", "dan": "censure", "eve": "ally"}
    assert ENGINE.view(state, "cat")["score"] == 3
