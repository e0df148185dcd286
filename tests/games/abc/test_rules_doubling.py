"""Scenario tests for garnet doubling and for missing submissions in the ABC game.

Clauses quote ``games/abc/rules.txt``; rulings quote ``games/abc/RULES.md``.
"""

from __future__ import annotations

from random import Random

import pytest

from games.engine import RuleError

from .helpers import ENGINE, new, play_round, public_texts, step

DOUBLE_CLAUSE = (
    "You may also spend 2 garnets to double your points payout (whether positive or negative) in a single round."
)


def test_doubling_costs_2_garnets_and_doubles_a_positive_payout() -> None:
    """ "You may also spend 2 garnets to double your points payout (whether positive or negative) in a
    single round." """
    state, messages = play_round(
        new({"bob": 2}),
        [["bob", "cat"], ["dan", "eve"]],
        {"bob": ("ally", True), "cat": "ally", "dan": "betray", "eve": "betray"},
    )
    assert state.history[0]["payoffs"]["bob"] == 4
    assert state.history[0]["payoffs"]["cat"] == 2
    assert state.spent["bob"] == 2 and state.balance("bob") == 0
    assert "bob (Ally, doubled) +4" in public_texts(messages)


def test_doubling_also_doubles_a_negative_payout() -> None:
    """ "double your points payout (whether positive or negative)" """
    state, _ = play_round(
        new({"bob": 2}),
        [["bob", "cat"], ["dan", "eve"]],
        {"bob": ("ally", True), "cat": "betray", "dan": "betray", "eve": "betray"},
    )
    assert state.history[0]["payoffs"]["bob"] == -4
    assert state.scores["bob"] == -4


def test_doubling_cost_rises_by_1_each_use() -> None:
    """ "This cost increases by 1 every time you use it (so the second time you use it, it'll cost 3
    garnets, and then 4, and then 5)." Ruling 7: a fifth double (possible: 4 rounds paired + 1 as X)
    costs 6."""
    state = new({"bob": 20})
    costs = []
    for rnd in range(5):
        x = ENGINE.awaiting(state)[0]
        others = [p for p in ["ann", "bob", "cat", "dan", "eve"] if p != x]
        costs.append(ENGINE.view(state, "bob")["you"]["double_cost"])
        actions = {p: ("ally", p == "bob") for p in others}
        state, _ = play_round(state, [others[:2], others[2:]], actions, x_double=(x == "bob"))
        assert state.uses["bob"] == rnd + 1
    assert costs == [2, 3, 4, 5, 6]
    assert state.spent["bob"] == 20
    assert [entry["doubled"]["bob"] for entry in state.history] == [2, 3, 4, 5, 6]


def test_a_double_the_player_cannot_pay_is_refused_with_a_clear_message() -> None:
    """ "You may also spend 2 garnets to double" (a player spends only garnets they have; the balance
    comes in through options["garnets"], missing = 0)."""
    state, _ = step(new({"bob": 4}), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]]}})
    with pytest.raises(RuleError, match="^Doubling costs 2 garnets; you have 0$"):
        ENGINE.validate(state, "cat", {"action": "ally", "double": True})
    state, _ = step(state, {"bob": {"action": "ally", "double": True}})
    # round 2: bob is X and has 2 garnets left; the next double costs 3
    with pytest.raises(RuleError, match="^Doubling costs 3 garnets; you have 2$"):
        ENGINE.validate(state, "bob", {"pairs": [["ann", "cat"], ["dan", "eve"]], "double": True})
    view = ENGINE.view(state, "bob")["you"]
    assert (view["garnets"], view["double_cost"], view["can_double"]) == (2, 3, False)


def test_the_x_may_double_their_payout() -> None:
    """Ruling 2: "You may also spend 2 garnets to double your points payout" applies to the X too;
    the X chooses with the pairing and the X's whole payout (both pairs) is doubled, even when negative."""
    state, messages = play_round(
        new({"ann": 5}),
        [["bob", "cat"], ["dan", "eve"]],
        {"bob": "ally", "cat": "censure", "dan": "betray", "eve": "censure"},
        x_double=True,
    )
    assert state.history[0]["payoffs"]["ann"] == 2 * (-1 + -1)
    assert state.spent["ann"] == 2
    assert "ann (the X, doubled) -4" in public_texts(messages)


def test_the_x_double_is_announced_only_with_the_results() -> None:
    """Ruling 2: the X's double is the X's secret while the pairs play; it is paid and announced with
    the round's results."""
    state, messages = step(new({"ann": 5}), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": True}})
    assert "doubl" not in public_texts(messages)
    assert any(m.to == "ann" and "double" in m.text for m in messages)
    public = ENGINE.view(state, None)["public"]
    assert public["spent"]["ann"] == 0 and public["doubles_used"]["ann"] == 0
    mine = ENGINE.view(state, "ann")["you"]
    assert mine["doubling_this_round"] is True and mine["garnets"] == 3 and mine["double_cost"] == 3
    assert "doubling_this_round" not in ENGINE.view(state, "bob")["you"]
    state, _ = step(state, {p: {"action": "ally"} for p in ("bob", "cat", "dan", "eve")})
    public = ENGINE.view(state, None)["public"]
    assert public["spent"]["ann"] == 2 and public["history"][0]["doubled"] == {"ann": 2}


def test_a_double_on_a_zero_payout_still_costs() -> None:
    """Ruling 8: "spend 2 garnets to double your points payout": the garnets are spent whatever the
    payout turns out to be (0 doubled is 0)."""
    state, _ = play_round(
        new({"bob": 2}),
        [["bob", "cat"], ["dan", "eve"]],
        {"bob": ("betray", True), "cat": "betray", "dan": "betray", "eve": "betray"},
    )
    assert state.history[0]["payoffs"]["bob"] == 0 and state.spent["bob"] == 2


def test_missing_pairing_becomes_seat_order_pairs_without_double() -> None:
    """Ruling 3: a missing pairing pairs the other four in seat order (1st with 2nd, 3rd with 4th)
    and never doubles."""
    state = new({p: 50 for p in ["ann", "bob", "cat", "dan", "eve"]}, x_order=["cat", "ann", "bob", "dan", "eve"])
    assert ENGINE.default_move(state, "cat") == {"pairs": [["ann", "bob"], ["dan", "eve"]], "double": False}
    state, messages = ENGINE.resolve(state, {}, Random(1))
    assert state.pairs == [["ann", "bob"], ["dan", "eve"]] and state.x_double is False
    assert "cat is the X and pairs ann with bob, and dan with eve" in public_texts(messages)


def test_missing_action_becomes_ally_without_double() -> None:
    """Ruling 4: a paired player who submits nothing Allies and does not double."""
    state, _ = step(
        new({p: 50 for p in ["ann", "bob", "cat", "dan", "eve"]}), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]]}}
    )
    assert ENGINE.default_move(state, "bob") == {"action": "ally", "double": False}
    state, _ = step(state, {"cat": {"action": "betray"}, "dan": {"action": "ally"}})
    entry = state.history[0]
    assert entry["actions"] == {"bob": "ally", "cat": "betray", "dan": "ally", "eve": "ally"}
    assert entry["doubled"] == {} and state.spent["bob"] == 0


def test_an_unusable_move_reaching_resolve_counts_as_missing() -> None:
    """Ruling 4: resolve re-checks every move; one that breaks a rule becomes the default move."""
    state, _ = step(new(), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]]}})
    state, _ = ENGINE.resolve(state, {"bob": {"action": "betray", "double": True}, "cat": "junk"}, Random(1))  # type: ignore[dict-item]
    assert state.history[0]["actions"]["bob"] == "ally"  # bob could not pay for the double
    assert state.history[0]["actions"]["cat"] == "ally"


def test_moves_refuse_unknown_fields_and_bad_types() -> None:
    """Ruling 10: the notation is exact; other fields and types are refused with a RuleError."""
    state = new({"ann": 9})
    for bad, why in [
        ({"pairs": [["bob", "cat"], ["dan", "eve"]], "double": "yes"}, "true or false"),
        ({"pairs": [["bob", "cat"], ["dan", "eve"]], "tripple": True}, "unknown field"),
        ({"double": True}, 'needs "pairs"'),
        ([["bob", "cat"], ["dan", "eve"]], "must be an object"),
        ({"pairs": [["bob", 3], ["dan", "eve"]]}, "handle"),
    ]:
        with pytest.raises(RuleError, match=why):
            ENGINE.validate(state, "ann", bad)
    with pytest.raises(RuleError, match="not a player"):
        ENGINE.validate(state, "ghost", {"pairs": []})
    assert ENGINE.validate(state, "ann", {"pairs": [["EVE", "Dan"], ["cat", "bob"]]}) == {
        "pairs": [["bob", "cat"], ["dan", "eve"]],
        "double": False,
    }
