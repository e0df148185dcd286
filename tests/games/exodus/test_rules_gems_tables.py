"""Elephantine (The Exodus Game, gems): each Year's trade table, clause by clause."""

from __future__ import annotations

import pytest

from tests.games.exodus.scenario import one_each, play, start, trade_favor

# p1 Ruby <-> p2 Diamond, p3 Ruby <-> p4 Sapphire, p5 Emerald <-> p6 Onyx, p7 Topaz <-> p8 Emerald.
TRADES = (
    ("p1", "ruby", "p2", "diamond"),
    ("p3", "ruby", "p4", "sapphire"),
    ("p5", "emerald", "p6", "onyx"),
    ("p7", "topaz", "p8", "emerald"),
)
HANDS = ["ruby", "diamond", "ruby", "sapphire", "emerald", "onyx", "topaz", "emerald"]


def year_lines(year: int) -> list[list[int]]:
    """Each player's trade lines after the four standard trades in ``year``."""
    s = start("gems", one_each(HANDS), year)
    s, _ = play(s, *TRADES)
    return [trade_favor(s, p) for p in s.players]


def expect(
    ruby: int, diamond: int, ruby_s: int, cut: int, sapphire: int, onyx: int, plus: int, loss: int, topaz: int
) -> list[list[int]]:
    """The four standard trades' lines from the year's numbers."""
    return [[ruby], [diamond], [ruby_s - cut], [sapphire], [onyx + plus - loss], [onyx], [topaz], [0]]


def test_year_1_table() -> None:
    """Year 1. If you trade away: Ruby - Gain 3 Favor. If this is traded for a Sapphire, gain 9 Favor
    instead. / Sapphire - Gain 2 Favor. The recipient gains 3 less Favor from this trade (minimum 0). /
    Emerald - If the recipient gains Favor from this trade, gain that much Favor plus 1. Gain 0 Favor if
    this is traded for an Emerald or Topaz. / Topaz - Gain 12/n Favor, rounded down, where n is the
    number of Topaz traded this round. / Diamond - Gain 3 Favor. / Onyx - Gain 2 Favor. The recipient
    loses 2 Favor."""
    assert year_lines(1) == expect(3, 3, 9, 3, 2, 2, 1, 2, 12)


def test_year_2_table() -> None:
    """Year 2. Ruby - Gain 3 Favor. If this is traded for a Sapphire, gain 11 Favor instead. / Sapphire
    - Gain 2 Favor. The recipient gains 4 less Favor from this trade (minimum 0). / Emerald - ... that
    much Favor plus 2. ... / Topaz - Gain 14/n Favor ... / Diamond - Gain 4 Favor. / Onyx - Gain 2
    Favor. The recipient loses 3 Favor."""
    assert year_lines(2) == expect(3, 4, 11, 4, 2, 2, 2, 3, 14)


def test_year_3_table() -> None:
    """Year 3. Ruby - Gain 4 Favor. If this is traded for a Sapphire, gain 13 Favor instead. / Sapphire
    - Gain 3 Favor. The recipient gains 5 less Favor from this trade (minimum 0). / Emerald - ... plus
    3. / Topaz - Gain 16/n Favor ... / Diamond - Gain 5 Favor. / Onyx - Gain 3 Favor. The recipient
    loses 3 Favor."""
    assert year_lines(3) == expect(4, 5, 13, 5, 3, 3, 3, 3, 16)


def test_year_4_table() -> None:
    """Year 4. Ruby - Gain 4 Favor. If this is traded for a Sapphire, gain 15 Favor instead. / Sapphire
    - Gain 3 Favor. The recipient gains 6 less Favor from this trade (minimum 0). / Emerald - ... plus
    4. / Topaz - Gain 18/n Favor ... / Diamond - Gain 6 Favor. / Onyx - Gain 3 Favor. The recipient
    loses 4 Favor."""
    assert year_lines(4) == expect(4, 6, 15, 6, 3, 3, 4, 4, 18)


def test_year_5_table() -> None:
    """Year 5. Ruby - Gain 5 Favor. If this is traded for a Sapphire, gain 17 Favor instead. / Sapphire
    - Gain 4 Favor. The recipient gains 7 less Favor from this trade (minimum 0). / Emerald - ... plus
    5. / Topaz - Gain 20/n Favor ... / Diamond - Gain 7 Favor. / Onyx - Gain 4 Favor. The recipient
    loses 4 Favor."""
    assert year_lines(5) == expect(5, 7, 17, 7, 4, 4, 5, 4, 20)


def test_year_6_table() -> None:
    """Year 6. Ruby - Gain 5 Favor. If this is traded for a Sapphire, gain 19 Favor instead. / Sapphire
    - Gain 4 Favor. The recipient gains 8 less Favor from this trade (minimum 0). / Emerald - ... plus
    6. / Topaz - Gain 22/n Favor ... / Diamond - Gain 8 Favor. / Onyx - Gain 4 Favor. The recipient
    loses 5 Favor."""
    assert year_lines(6) == expect(5, 8, 19, 8, 4, 4, 6, 5, 22)


def test_year_7_table() -> None:
    """Year 7. Ruby - Gain 6 Favor. If this is traded for a Sapphire, gain 21 Favor instead. / Sapphire
    - Gain 5 Favor. The recipient gains 9 less Favor from this trade (minimum 0). / Emerald - ... plus
    7. / Topaz- Gain 24/n Favor ... / Diamond - Gain 9 Favor. / Onyx - Gain 5 Favor. The recipient
    loses 5 Favor."""
    assert year_lines(7) == expect(6, 9, 21, 9, 5, 5, 7, 5, 24)


def test_topaz_divides_by_every_topaz_traded_this_year() -> None:
    """Topaz - Gain 12/n Favor, rounded down, where n is the number of Topaz traded this round.
    (n counts every Topaz given in a trade that went through this year, both of a Topaz-for-Topaz.)"""
    s = start("gems", one_each(["topaz", "topaz", "topaz", "ruby"]), 1)
    s, _ = play(s, ("p1", "topaz", "p2", "topaz"), ("p3", "topaz", "p4", "ruby"))
    assert [trade_favor(s, p) for p in s.players] == [[4], [4], [4], [3]]


def test_sapphire_cut_never_goes_below_zero() -> None:
    """Sapphire - Gain 2 Favor. The recipient gains 3 less Favor from this trade (minimum 0)."""
    s = start("gems", one_each(["sapphire", "onyx", "sapphire", "ruby"]), 1)
    s, _ = play(s, ("p1", "sapphire", "p2", "onyx"), ("p3", "sapphire", "p4", "ruby"))
    assert [trade_favor(s, p) for p in s.players] == [[2 - 2], [0], [2], [9 - 3]]


@pytest.mark.parametrize(
    ("other", "emerald", "partner"),
    [
        ("ruby", 3 + 1, 3),
        ("diamond", 3 + 1, 3),
        ("emerald", 0, 0),
        ("topaz", 0, 12),
        ("sapphire", 2 + 1, 2),
    ],
)
def test_emerald_gains_the_recipients_final_favor_plus_k(other: str, emerald: int, partner: int) -> None:
    """Emerald - If the recipient gains Favor from this trade, gain that much Favor plus 1. Gain 0 Favor
    if this is traded for an Emerald or Topaz. (Issue ruling: base amounts, then the Sapphire cut, then
    Emerald; so an Emerald traded for a Sapphire gains the Sapphire giver's 2 plus 1, uncut.)"""
    s = start("gems", one_each(["emerald", other]), 1)
    s, _ = play(s, ("p1", "emerald", "p2", other))
    assert trade_favor(s, "p1") == [emerald] and trade_favor(s, "p2") == [partner]


def test_year_2_same_gem_loses_2_each_time() -> None:
    """Year 2: Each time you trade a gem for the same gem in this year (ex. Ruby for Ruby), lose 2
    Favor. (Ruling 8: the loss comes after the Sapphire cut, so Sapphire for Sapphire nets -2.)"""
    s = start("gems", {"p1": ["ruby", "sapphire"], "p2": ["ruby"], "p3": ["sapphire"], "p4": ["ruby"]}, 2)
    s, _ = play(s, ("p1", "ruby", "p2", "ruby"), ("p1", "sapphire", "p3", "sapphire"))
    assert (
        trade_favor(s, "p1") == [3, -2, 0, -2] and trade_favor(s, "p2") == [3, -2] and trade_favor(s, "p3") == [0, -2]
    )
    s = start("gems", one_each(["ruby", "ruby"]), 1)
    s, _ = play(s, ("p1", "ruby", "p2", "ruby"))
    assert trade_favor(s, "p1") == [3]
