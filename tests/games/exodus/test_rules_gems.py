"""Elephantine (The Exodus Game, gems): dealing, trading restrictions, Diamond, end-of-year effects."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from games.engine import RuleError
from tests.games.contract import players_for
from tests.games.exodus.scenario import E, end_favor, one_each, play, private, start, trade_favor

G = "gems"


def test_each_player_gets_5_gems_from_a_pool_of_40() -> None:
    """At the start of the game, each player will privately receive 5 gemstones at random from a pool
    of 40. The pool consists of: 7 Rubies, 7 Sapphires, 7 Emeralds, 7 Topaz, 6 Diamonds, 6 Onyx."""
    state = E.setup(players_for(E, 8), {"variant": G}, Random(2))
    assert all(len(h) == 5 for h in state.inventories.values())
    assert Counter(g for h in state.inventories.values() for g in h) == {
        "ruby": 7,
        "sapphire": 7,
        "emerald": 7,
        "topaz": 7,
        "diamond": 6,
        "onyx": 6,
    }


def test_the_gem_pool_scales_to_5_per_player() -> None:
    """Ruling 1: for other player counts the pool holds 5 gems per player, spread evenly, the remainder
    to Ruby, Sapphire, Emerald, Topaz, Diamond in that order."""
    state = E.setup(players_for(E, 4), {"variant": G}, Random(2))
    assert Counter(g for h in state.inventories.values() for g in h) == {
        "ruby": 4,
        "sapphire": 4,
        "emerald": 3,
        "topaz": 3,
        "diamond": 3,
        "onyx": 3,
    }


def test_seven_years() -> None:
    """The game will take place across seven 24-hour "years"."""
    s = start(G, one_each(["ruby"]))
    labels = []
    while s.phase == "trade":
        labels.append(E.turn_label(s))
        s, _ = play(s)
    assert labels == [f"Year {y}" for y in range(1, 8)]


def test_at_most_3_trades_per_year() -> None:
    """Players may make at most 3 trades per year, but may choose to make less trades, or to not trade
    at all. / You may not offer more than 3 trades in one year."""
    s = start(G, {"p1": ["ruby"] * 4, "p2": ["ruby"], "p3": ["ruby"], "p4": ["ruby"], "p5": ["ruby"]})
    with pytest.raises(RuleError, match="at most 3"):
        E.validate(s, "p1", {"trades": [{"with": q, "give": "ruby"} for q in ("p2", "p3", "p4", "p5")]})
    assert (
        len(E.validate(s, "p1", {"trades": [{"with": q, "give": "ruby"} for q in ("p2", "p3", "p4")]})["trades"]) == 3
    )


def test_not_the_same_player_twice_in_a_year() -> None:
    """You may not trade with the same player more than once in the same year."""
    s = start(G, {"p1": ["ruby", "onyx"], "p2": ["ruby"], "p3": ["ruby"], "p4": ["ruby"]})
    with pytest.raises(RuleError, match="only once"):
        E.validate(s, "p1", {"trades": [{"with": "p2", "give": "ruby"}, {"with": "p2", "give": "onyx"}]})


def test_not_a_player_you_traded_with_last_year() -> None:
    """You may not trade with any player you traded with last year. (A failed trade does not count;
    the year after next is allowed again.)"""
    s = start(G, {"p1": ["ruby", "ruby", "ruby"], "p2": ["onyx"], "p3": ["onyx"], "p4": ["onyx"]})
    s, _ = play(
        s,
        ("p1", "ruby", "p2", "onyx"),
        extra={"p3": {"trades": []}, "p4": {"trades": [{"with": "p1", "give": "onyx"}]}},
    )
    with pytest.raises(RuleError, match="last year"):
        E.validate(s, "p1", {"trades": [{"with": "p2", "give": "ruby"}]})
    assert E.validate(s, "p1", {"trades": [{"with": "p4", "give": "ruby"}]})
    assert "p2" not in E.view(s, "p1")["you"]["partners"]
    s, _ = play(s)
    assert E.validate(s, "p1", {"trades": [{"with": "p2", "give": "ruby"}]})


def test_cannot_trade_away_a_gem_in_the_year_it_is_received() -> None:
    """Trades are processed simultaneously at the end of each year, meaning you cannot trade away a
    gemstone in the year that you receive it."""
    s = start(G, one_each(["ruby", "onyx"]))
    with pytest.raises(RuleError, match="hold no onyx"):
        E.validate(s, "p1", {"trades": [{"with": "p2", "give": "ruby"}, {"with": "p3", "give": "onyx"}]})


def test_trade_needs_both_offers_and_valid_gems_else_fails_and_is_reported() -> None:
    """To offer a trade, name another player, and the gemstone you wish to give them. If the player you
    named has offered a trade to you, then the players will trade gemstones... If the other player did
    not offer you a trade, or either player attempted to trade an invalid gemstone, the trade will fail,
    and players will keep their gemstones. / At the start of each year, you will be told your updated
    inventory, current amount of Favor, and if any of your trades failed. (Ruling 3: an invalid gem is
    refused when submitted; a submission that reaches resolution invalid counts as no trades.)"""
    s = start(G, one_each(["ruby", "onyx", "topaz", "emerald"]))
    bad = {"p3": {"trades": [{"with": "p4", "give": "diamond"}]}, "p4": {"trades": [{"with": "p3", "give": "emerald"}]}}
    s2, msgs = E.resolve(s, bad, Random(0))
    assert s2.inventories == s.inventories
    assert "broke a rule" in private(msgs, "p3") and "p3 did not offer you a trade" in private(msgs, "p4")
    assert "Inventory: emerald" in private(msgs, "p4") and "total 0 Favor" in private(msgs, "p4")


def test_diamond_year_1_learn_the_recipients_inventory_at_the_start_of_year_2() -> None:
    """Year 1: Diamond - Gain 3 Favor. Learn the recipient's inventory at the start of Year 2."""
    s = start(G, {"p1": ["diamond"], "p2": ["ruby", "onyx"], "p3": ["topaz"], "p4": ["topaz"]})
    s, msgs = play(s, ("p1", "diamond", "p2", "ruby"))
    assert "p2's inventory at the start of Year 2 is diamond, onyx" in private(msgs, "p1")
    assert "inventory at the start" not in private(msgs, "p2")


def test_diamond_year_2_learn_who_the_recipient_traded_with_in_round_1() -> None:
    """Year 2: Diamond - Gain 4 Favor. Learn who the recipient traded with in Round 1. (Ruling 9: told
    at the start of Year 3.)"""
    s = start(G, {"p1": ["diamond"], "p2": ["ruby", "ruby"], "p3": ["topaz"], "p4": ["topaz"]})
    s, _ = play(s, ("p2", "ruby", "p3", "topaz"), ("p2", "ruby", "p4", "topaz"))
    s, msgs = play(s, ("p1", "diamond", "p2", "topaz"))
    assert "in Year 1 p2 traded with p3, p4" in private(msgs, "p1")


def test_diamond_year_3_learn_the_recipients_ranking_at_the_start_of_year_4() -> None:
    """Year 3: Diamond - Gain 5 Favor. Learn the recipient's ranking at the start of Year 4."""
    s = start(G, {"p1": ["diamond"], "p2": ["ruby"], "p3": ["topaz"], "p4": ["topaz"]}, 3)
    s.scores = {"p1": 0, "p2": 10, "p3": 50, "p4": 40}
    s, msgs = play(s, ("p1", "diamond", "p2", "ruby"))
    # At the start of Year 4 (after Year 3's end-of-year losses) p2 has 10 + 4 - 10 = 4, third.
    assert "p2 is ranked 3 of 4" in private(msgs, "p1")


def test_diamond_year_4_learn_the_recipients_favor_at_the_start_of_year_5() -> None:
    """Year 4: Diamond - Gain 6 Favor. Learn the recipient's Favor total at the start of Year 5."""
    s = start(G, {"p1": ["diamond"], "p2": ["ruby"], "p3": ["topaz"], "p4": ["topaz"]}, 4)
    s.scores["p2"] = 20
    s, msgs = play(s, ("p1", "diamond", "p2", "ruby"))
    assert "p2 has 24 Favor" in private(msgs, "p1")


def test_diamond_year_5_recipient_cannot_trade_it_away_next_year() -> None:
    """Year 5: Diamond - Gain 7 Favor. The recipient cannot trade away this gemstone next year."""
    s = start(G, {"p1": ["diamond"], "p2": ["ruby", "diamond"], "p3": ["topaz"], "p4": ["topaz"]}, 5)
    s, msgs = play(s, ("p1", "diamond", "p2", "ruby"))
    assert "cannot be traded away next year" in private(msgs, "p2")
    assert E.view(s, "p2")["you"]["giveable"] == {"diamond": 1}
    ok = E.validate(s, "p2", {"trades": [{"with": "p3", "give": "diamond"}]})
    assert ok["trades"] == [{"with": "p3", "give": "diamond"}]
    with pytest.raises(RuleError, match="Year 5"):
        E.validate(s, "p2", {"trades": [{"with": "p3", "give": "diamond"}, {"with": "p4", "give": "diamond"}]})
    s, _ = play(s)
    assert E.validate(s, "p2", {"trades": [{"with": "p3", "give": "diamond"}, {"with": "p4", "give": "diamond"}]})


def test_diamond_year_6_three_favor_per_unique_gem_at_the_end_of_the_year() -> None:
    """Year 6: Diamond - Gain 8 Favor. Gain 3 additional Favor at the end of this year for each unique
    gemstone you own. (Ruling 10: each Diamond traded away gives it again.)"""
    s = start(G, {"p1": ["diamond", "diamond", "ruby", "onyx"], "p2": ["topaz"], "p3": ["topaz"], "p4": ["onyx"]}, 6)
    s, _ = play(s, ("p1", "diamond", "p2", "topaz"), ("p1", "diamond", "p3", "topaz"))
    # p1 ends with ruby, onyx, topaz, topaz: 3 unique gems, twice.
    assert trade_favor(s, "p1") == [8, 8] and 3 * 3 * 2 in end_favor(s, "p1")


def test_clarification_end_of_year_favor_is_not_favor_from_this_trade() -> None:
    """Clarification: Favor gained at "the end of this year" does not count towards "Favor from this
    trade" for the effects of Sapphire or Emerald trades."""
    s = start(G, {"p1": ["diamond", "diamond"], "p2": ["emerald"], "p3": ["sapphire"], "p4": ["onyx"]}, 6)
    s, _ = play(s, ("p1", "diamond", "p2", "emerald"), ("p1", "diamond", "p3", "sapphire"))
    assert trade_favor(s, "p2") == [8 + 6]
    # p1's Diamond to p3 is cut to 0 by p3's Sapphire, but its end-of-year Favor (2 unique gems x 3,
    # twice) is untouched; p2's Emerald counts only p1's 8 from the trade.
    assert trade_favor(s, "p1") == [8, 8 - 8] and end_favor(s, "p1") == [2 * 3 * 2]


def test_diamond_year_7_three_garnets() -> None:
    """Year 7: Diamond - Gain 9 Favor. Gain 3 Garnets."""
    s = start(G, {"p1": ["diamond"], "p2": ["ruby"], "p3": ["topaz"], "p4": ["topaz"]}, 7)
    s.scores["p4"] = -1
    s, _ = play(s, ("p1", "diamond", "p2", "ruby"))
    assert E.outcome(s).garnets["p1"] == 3 and E.outcome(s).garnets["p2"] == 0


def test_year_3_lose_5_per_player_never_traded_with() -> None:
    """Year 3: At the end of this year, lose 5 Favor for each unique player you have not successfully
    traded with this game."""
    s = start(G, {"p1": ["ruby", "ruby"], "p2": ["onyx"], "p3": ["onyx"], "p4": ["onyx"]})
    s, _ = play(s, ("p1", "ruby", "p2", "onyx"))
    s, _ = play(s)
    s, _ = play(s, ("p1", "ruby", "p3", "onyx"))
    assert end_favor(s, "p1") == [-5] and end_favor(s, "p4") == [-15] and end_favor(s, "p2") == [-10]


def test_year_5_three_onyx_gain_20() -> None:
    """Year 5: At the end of this year, if you own at least 3 Onyx, gain 20 Favor."""
    s = start(G, {"p1": ["onyx", "onyx", "ruby"], "p2": ["onyx"], "p3": ["onyx", "onyx"], "p4": ["ruby"]}, 5)
    s, _ = play(s, ("p1", "ruby", "p2", "onyx"))
    assert end_favor(s, "p1") == [20] and end_favor(s, "p3") == []


def test_year_6_traded_with_everyone_twice_gain_25() -> None:
    """Year 6: At the end of this year, if you have successfully traded with all other players at least
    twice, gain 25 Favor."""
    s = start(G, {"p1": ["ruby"] * 6, "p2": ["onyx"] * 2, "p3": ["onyx"] * 2, "p4": ["onyx"] * 2})
    s, _ = play(s, ("p1", "ruby", "p2", "onyx"), ("p1", "ruby", "p3", "onyx"))
    s, _ = play(s, ("p1", "ruby", "p4", "onyx"))
    s, _ = play(s, ("p1", "ruby", "p2", "onyx"), ("p1", "ruby", "p3", "onyx"))
    s, _ = play(s)
    s, _ = play(s)
    s, _ = play(s)
    assert end_favor(s, "p1") == []
    s = start(G, {"p1": ["ruby"] * 6, "p2": ["onyx"] * 2, "p3": ["onyx"] * 2, "p4": ["onyx"] * 2})
    s, _ = play(s, ("p1", "ruby", "p2", "onyx"), ("p1", "ruby", "p3", "onyx"))
    s, _ = play(s, ("p1", "ruby", "p4", "onyx"))
    s, _ = play(s, ("p1", "ruby", "p2", "onyx"), ("p1", "ruby", "p3", "onyx"))
    s, _ = play(s, ("p1", "ruby", "p4", "onyx"))
    s, _ = play(s)
    s, _ = play(s)
    assert end_favor(s, "p1") == [25] and end_favor(s, "p2") == []


def test_year_7_all_gems_the_same_gain_30() -> None:
    """Year 7: At the end of this year, if all of your gemstones are the same, gain 30 Favor."""
    s = start(G, {"p1": ["onyx", "onyx", "ruby"], "p2": ["onyx"], "p3": ["topaz"] * 5, "p4": ["ruby", "topaz"]}, 7)
    s, _ = play(s, ("p1", "ruby", "p2", "onyx"))
    assert 30 in end_favor(s, "p1") and 30 in end_favor(s, "p3") and end_favor(s, "p4") == []


def test_favor_is_private() -> None:
    """At the start of each year, you will be told your updated inventory, current amount of Favor...
    (privately; the public sees only that the year is over)."""
    s = start(G, one_each(["ruby", "onyx"]))
    s, msgs = play(s, ("p1", "ruby", "p2", "onyx"))
    assert E.view(s, "p1")["score"] == 1 and E.secrets(s, "p1")["score"] == 1
    assert [m.text for m in msgs if m.to is None] == ["Year 1 is over."]


def test_two_diamonds_in_year_7_give_six_garnets() -> None:
    """Ruling 10: each Diamond traded away counts (Year 7: Gain 3 Garnets, per Diamond)."""
    s = start(G, {"p1": ["diamond", "diamond"], "p2": ["ruby"], "p3": ["topaz"], "p4": ["topaz", "ruby"]}, 7)
    s.scores["p4"] = -50
    s, _ = play(s, ("p1", "diamond", "p2", "ruby"), ("p1", "diamond", "p3", "topaz"))
    assert E.outcome(s).garnets["p1"] == 6
