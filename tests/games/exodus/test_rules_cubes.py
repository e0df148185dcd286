"""The Exodus Game (cubes): dealing, trading, privacy and the end of the match."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from games.engine import RuleError
from tests.games.contract import players_for
from tests.games.exodus.scenario import E, change, play, private, start

FOUR = {
    "p1": ["red", "blue", "yellow", "green"],
    "p2": ["red", "blue", "white", "black"],
    "p3": ["yellow", "green", "white", "black"],
    "p4": ["red", "yellow", "white", "black"],
}


def test_each_player_is_dealt_4_distinct_cubes_from_a_pool_of_36() -> None:
    """At the start of the game, each player is privately given 4 distinctly colored cubes at random,
    out of a pool of 36. The pool is built as follows: 6 Red Cubes, 6 Blue Cubes, 6 Yellow Cubes,
    6 Green Cubes, 6 White Cubes, 6 Black Cubes."""
    for seed in range(20):
        state = E.setup(players_for(E, 9), {}, Random(seed))
        for hand in state.inventories.values():
            assert len(hand) == 4 and len(set(hand)) == 4
        assert Counter(c for h in state.inventories.values() for c in h) == {c: 6 for c in state.items}


def test_the_deal_scales_to_4_cubes_per_player() -> None:
    """Ruling 1: for other player counts the pool holds 4 cubes per player, spread evenly over the
    colours (the remainder to red, blue, yellow, green, white in that order); hands stay distinct."""
    state = E.setup(players_for(E, 4), {}, Random(1))
    assert Counter(c for h in state.inventories.values() for c in h) == {
        "red": 3,
        "blue": 3,
        "yellow": 3,
        "green": 3,
        "white": 2,
        "black": 2,
    }
    assert all(len(set(h)) == 4 for h in state.inventories.values())


def test_the_deal_can_be_fixed_through_options() -> None:
    """Ruling 2: options["inventories"] fixes the deal (taken as given); a bad one is refused."""
    assert start("cubes", FOUR).inventories == FOUR
    with pytest.raises(RuleError):
        E.setup(list(FOUR), {"inventories": {"p1": ["ruby"]}}, Random(0))
    with pytest.raises(RuleError):
        E.setup(list(FOUR), {"variant": "tiles"}, Random(0))


def test_seven_rounds_each_awaiting_every_player() -> None:
    """The game will be conducted over 7 rounds, with each round being a 24-hour period."""
    s = start("cubes", FOUR)
    for rnd in range(1, 8):
        assert E.turn_label(s) == f"Round {rnd}" and E.awaiting(s) == tuple(FOUR) and E.turn_seconds(s) == 86400
        s, _ = play(s)
    assert E.outcome(s) is not None


def test_at_most_2_trades_each_round() -> None:
    """You can do at most 2 trades each round."""
    s = start("cubes", FOUR)
    with pytest.raises(RuleError, match="at most 2"):
        E.validate(
            s,
            "p1",
            {
                "trades": [
                    {"with": "p2", "give": "red"},
                    {"with": "p3", "give": "blue"},
                    {"with": "p4", "give": "green"},
                ]
            },
        )


def test_cannot_trade_twice_with_the_same_person_in_a_round() -> None:
    """Clarification: You cannot do 2 trades with the same person in the same round."""
    s = start("cubes", FOUR)
    with pytest.raises(RuleError, match="only once"):
        E.validate(s, "p1", {"trades": [{"with": "p2", "give": "red"}, {"with": "p2", "give": "blue"}]})


def test_may_trade_with_the_same_person_in_different_rounds() -> None:
    """Clarification: You may trade with the same person in different rounds. That is, Alice can trade
    with Bob in Round 1 and Round 3, just not in Round 1 twice."""
    s = start("cubes", FOUR)
    s, _ = play(s, ("p1", "red", "p2", "blue"))
    s, _ = play(s)
    s, _ = play(s, ("p1", "blue", "p2", "red"))
    assert [len(e["trades"]) for e in s.log] == [1, 0, 1]


def test_may_opt_not_to_trade() -> None:
    """You may opt not to trade any cubes during a round. (Ruling 3: a missing submission is no trades.)"""
    s = start("cubes", FOUR)
    assert E.default_move(s, "p1") == {"trades": []}
    s2, _ = E.resolve(s, {}, Random(0))
    assert s2.inventories == s.inventories and s2.round == 2


def test_trade_processed_only_if_both_name_each_other() -> None:
    """A trade will be processed if and only if both players in the trade name each other and a valid
    cube to trade. (Name the player and only the cube you will trade them, not the cube you receive.)"""
    s = start("cubes", FOUR)
    moves = {
        "p1": {"trades": [{"with": "p2", "give": "red"}]},
        "p2": {"trades": [{"with": "p3", "give": "blue"}]},
        "p3": {"trades": [{"with": "p2", "give": "yellow"}]},
        "p4": {"trades": []},
    }
    s2, _ = E.resolve(s, {p: E.validate(s, p, m) for p, m in moves.items()}, Random(0))
    assert s2.inventories["p1"] == FOUR["p1"]
    assert s2.inventories["p2"] == ["red", "yellow", "white", "black"] and s2.inventories["p3"] == [
        "blue",
        "green",
        "white",
        "black",
    ]


def test_only_a_cube_held_at_the_start_of_the_round_may_be_given() -> None:
    """Trades are only processed at the end of each round; that is, if you trade for a Red Cube in
    Round 1, you cannot trade away that same Red Cube until Round 2."""
    s = start("cubes", FOUR)
    with pytest.raises(RuleError, match="hold no white"):
        E.validate(s, "p1", {"trades": [{"with": "p2", "give": "white"}]})
    with pytest.raises(RuleError, match="only 1 red"):
        E.validate(s, "p1", {"trades": [{"with": "p2", "give": "red"}, {"with": "p3", "give": "red"}]})
    s, _ = play(s, ("p1", "red", "p2", "white"))
    assert E.validate(s, "p1", {"trades": [{"with": "p3", "give": "white"}]})


def test_failed_trades_are_reported_privately_with_inventory_and_total() -> None:
    """At the start of each round, you will privately be notified (in your submissions channel) if any
    trades have failed along with an update of your inventory."""
    s = start("cubes", FOUR)
    s, msgs = play(s, ("p1", "red", "p2", "blue"), extra={"p3": {"trades": [{"with": "p4", "give": "green"}]}})
    mine = private(msgs, "p3")
    assert "trade with p4 failed" in mine and "p4 did not offer you a trade" in mine
    assert "Inventory: yellow, green, white, black" in mine and "total 0 points" in mine
    assert "p3" not in private(msgs, "p4")
    assert E.view(s, "p3")["you"]["history"][0]["trades"][0]["ok"] is False


def test_points_are_told_privately_and_never_published() -> None:
    """Amendment: Players' points are not publicly revealed at the end of each round. Each player is
    instead privately told what only their points total is in their submissions channel alongside trade
    status and inventory."""
    s = start("cubes", FOUR)
    s, msgs = play(s, ("p1", "red", "p2", "blue"))
    assert "total 2 points" in private(msgs, "p1")
    assert all("points" not in m.text for m in msgs if m.to is None)
    assert E.view(s, "p1")["score"] == 2 and "score" not in E.view(s, None)
    assert E.secrets(s, "p2") == {"inventory": ["red", "red", "white", "black"], "score": 2}


def test_trades_and_inventories_are_private_spectators_see_not_even_the_count() -> None:
    """The trades that were processed and each player's inventory is also kept private.
    (Ruling 4: the public sees that the round is over, not how many trades went through.)"""
    s0 = start("cubes", FOUR)
    s, msgs = play(s0, ("p1", "red", "p2", "blue"))
    quiet, quiet_msgs = play(s0)
    public = E.view(s, None)
    assert "final" not in public["public"]
    assert public == E.view(quiet, None) and E.view(s, "p3") == E.view(quiet, "p3")
    assert [m.text for m in msgs if m.to is None] == ["Round 1 is over."]
    assert [m.text for m in quiet_msgs if m.to is None] == ["Round 1 is over."]


def _ending(scores: dict[str, int], inventories: dict[str, list[str]] | None = None) -> object:
    """A match at Round 7 with these totals, resolved with no trades."""
    s = start("cubes", inventories or FOUR, 7)
    s.scores = dict(scores)
    s, msgs = play(s)
    return s, msgs


def test_most_points_wins_two_tokens() -> None:
    """At the conclusion of 7 rounds, whoever has the most points is the winner of the Main Match and
    receives two Tokens of Life."""
    s, _ = _ending({"p1": 40, "p2": 30, "p3": 20, "p4": 10})
    out = E.outcome(s)
    assert out.winners == ("p1",) and out.tokens == {"p1": 2}


def test_tie_for_first_gives_each_one_token() -> None:
    """If there is a tie for first place, all players in first place will get a Token of Life."""
    s, _ = _ending({"p1": 40, "p2": 40, "p3": 20, "p4": 10})
    assert E.outcome(s).tokens == {"p1": 1, "p2": 1}


def test_more_than_three_tied_negates_the_tokens() -> None:
    """If more than three players tie for first place, all Tokens of Life are negated.
    (Ruling 5: as in the gem version, there are then no winners, so any of them may be the EC.)"""
    inv = {f"p{i}": ["red"] for i in range(1, 6)} | {"p4": ["black"]}
    s, _ = _ending({"p1": 9, "p2": 9, "p3": 9, "p4": 9, "p5": 1}, inv)
    out = E.outcome(s)
    assert out.winners == () and out.tokens == {}
    assert out.candidates[:1] == ("p4",)


def test_three_tied_for_first_are_all_winners() -> None:
    """If there is a tie for first place, all players in first place will get a Token of Life.
    (Three is not "more than three".)"""
    s, _ = _ending({"p1": 9, "p2": 9, "p3": 9, "p4": 1})
    out = E.outcome(s)
    assert (
        out.winners == ("p1", "p2", "p3")
        and out.tokens == {"p1": 1, "p2": 1, "p3": 1}
        and out.candidates[:1] == ("p4",)
    )


def test_ec_is_the_non_winner_with_most_black_cubes() -> None:
    """The player who owns the most Black Cubes at the end of the game and was not a winner is the
    Elimination Candidate."""
    inv = {"p1": ["black", "black"], "p2": ["black"], "p3": ["black", "black"], "p4": ["red"]}
    s, _ = _ending({"p1": 50, "p2": 10, "p3": 30, "p4": 0}, inv)
    assert E.outcome(s).candidates[:1] == ("p3",)


def test_ec_tie_goes_to_the_fewest_points() -> None:
    """If there is a tie, the person with the least amount of points among those tied is the
    Elimination Candidate."""
    inv = {"p1": ["red"], "p2": ["black"], "p3": ["black"], "p4": ["red"]}
    s, _ = _ending({"p1": 50, "p2": 10, "p3": 30, "p4": 0}, inv)
    assert E.outcome(s).candidates[:1] == ("p2",)


def test_ec_persistent_tie_is_the_winners_choice() -> None:
    """If this is also a tie, the winner(s) will get to choose which of those tied is the Elimination
    Candidate."""
    inv = {"p1": ["red"], "p2": ["black"], "p3": ["black"], "p4": ["red"]}
    s, msgs = _ending({"p1": 50, "p2": 10, "p3": 10, "p4": 0}, inv)
    assert E.outcome(s) is None and E.awaiting(s) == ("p1",) and E.turn_label(s) == "Elimination Candidate choice"
    with pytest.raises(RuleError, match="tied players"):
        E.validate(s, "p1", {"ec": "p4"})
    with pytest.raises(RuleError):
        E.validate(s, "p2", {"ec": "p3"})
    assert E.view(s, "p1")["you"]["ec_choices"] == ["p2", "p3"]
    s, _ = E.resolve(s, {"p1": E.validate(s, "p1", {"ec": "p3"})}, Random(0))
    assert E.outcome(s).candidates[:1] == ("p3",)


def test_every_black_cube_held_by_winners_ec_is_fewest_points() -> None:
    """If every Black Cube is owned by a winner, the person with the least amount of points is the
    Elimination Candidate."""
    inv = {"p1": ["black", "black"], "p2": ["red"], "p3": ["red"], "p4": ["red"]}
    s, _ = _ending({"p1": 50, "p2": 10, "p3": 5, "p4": 7}, inv)
    assert E.outcome(s).candidates[:1] == ("p3",)


def test_a_garnet_for_every_30_points() -> None:
    """Each player will also earn a garnet for every 30 points they score."""
    s, _ = _ending({"p1": 95, "p2": 30, "p3": 29, "p4": -40})
    assert E.outcome(s).garnets == {"p1": 3, "p2": 1, "p3": 0, "p4": 0}


def test_after_the_end_the_whole_history_is_public() -> None:
    """Ruling 6: once the match is over, totals, inventories and every trade are public."""
    s = start("cubes", FOUR, 7)
    s.scores["p4"] = -5
    s, _ = play(s, ("p1", "red", "p2", "white"))
    final = E.view(s, None)["public"]["final"]
    assert final["scores"] == s.scores and final["inventories"] == s.inventories
    assert final["history"][-1]["trades"] == [{"a": "p1", "b": "p2", "a_gave": "red", "b_gave": "white"}]
    assert E.secrets(s, "p1") == {} and change(s, "p1") == 8 + 3
