"""The Exodus Game (cubes): the seven rounds' scoring tables, clause by clause."""

from __future__ import annotations

from tests.games.exodus.scenario import change, one_each, play, start


def six(rnd: int, a: list[str]) -> object:
    """Players p1..p6 holding one cube each, at round ``rnd``."""
    return start("cubes", one_each(a), rnd)


def test_round_1_table() -> None:
    """Round 1: If you give away a Red Cube in a trade, you gain 2 points. / If you give away a Blue
    Cube in a trade, you gain 2 points. / If you give away a Yellow Cube in a trade, you and the
    recipient gain 1 point. / If you give away a Green Cube in a trade, you lose 1 point. / If you give
    away a White Cube in a trade, you gain 2 points and the recipient gains 1 point. / If you give away
    a Black Cube in a trade, you gain 1 point and the recipient loses 1 point."""
    s = six(1, ["red", "blue", "yellow", "white", "green", "black"])
    s, _ = play(s, ("p1", "red", "p2", "blue"), ("p3", "yellow", "p4", "white"), ("p5", "green", "p6", "black"))
    assert [change(s, p) for p in s.players] == [2, 2, 1 + 1, 2 + 1, -1 - 1, 1]


def test_round_2_table() -> None:
    """Round 2: Red: you gain 2 points. / Blue: you gain 3 points. / Yellow: you gain 1 point and the
    recipient gains 2 points. / Green: you lose 2 points. / White: you gain 3 points and the recipient
    gains 1 point. / Black: you gain 1 point and the recipient loses 1 point."""
    s = six(2, ["red", "blue", "yellow", "white", "green", "black"])
    s, _ = play(s, ("p1", "red", "p2", "blue"), ("p3", "yellow", "p4", "white"), ("p5", "green", "p6", "black"))
    assert [change(s, p) for p in s.players] == [2, 3, 1 + 1, 3 + 2, -2 - 1, 1]


def test_round_2_red_for_green_gains_5_instead() -> None:
    """Round 2: If you give away a Red Cube in a trade, you gain 2 points. If you receive a Green Cube,
    you gain 5 points instead."""
    s = six(2, ["red", "green"])
    s, _ = play(s, ("p1", "red", "p2", "green"))
    assert (change(s, "p1"), change(s, "p2")) == (5, -2)


def test_round_3_table() -> None:
    """Round 3: Red: you gain 3 points. / Blue: you gain 4 points. / Yellow: you gain 1 point and the
    recipient gains 2 points. / Green: you lose 3 points. / White: you gain 3 points and the recipient
    gains 1 point. / Black: you gain 1 point and the recipient loses 2 points."""
    s = six(3, ["red", "white", "blue", "yellow", "green", "black"])
    s, _ = play(s, ("p1", "red", "p2", "white"), ("p3", "blue", "p4", "yellow"), ("p5", "green", "p6", "black"))
    assert [change(s, p) for p in s.players] == [3 + 1, 3, 4 + 2, 1, -3 - 2, 1]


def test_round_3_red_for_green_or_blue_instead() -> None:
    """Round 3: If you give away a Red Cube in a trade, you gain 3 points. If you receive a Green Cube,
    you gain 7 points instead. If you receive a Blue Cube, you lose 2 points instead."""
    s = six(3, ["red", "green", "red", "blue"])
    s, _ = play(s, ("p1", "red", "p2", "green"), ("p3", "red", "p4", "blue"))
    assert [change(s, p) for p in s.players] == [7, -3, -2, 4]


def test_round_3_yellow_for_black_doubles_gains_and_stacks() -> None:
    """Round 3: If you give away a Yellow Cube in a trade, you gain 1 point and the recipient gains 2
    points. If you receive a Black Cube, your point gains from this round doubles. This effect stacks.
    (Ruling: gains only, from every trade of the round; losses are not doubled.)"""
    s = start("cubes", {"p1": ["yellow", "yellow", "blue"], "p2": ["black"], "p3": ["black"], "p4": ["red"]}, 3)
    s, _ = play(s, ("p1", "yellow", "p2", "black"), ("p1", "yellow", "p3", "black"))
    # p1: gains 1 + 1, doubled twice = 8; losses -2 -2 from the Black Cubes, not doubled.
    assert change(s, "p1") == 8 - 4
    assert change(s, "p2") == 1 + 2 and change(s, "p3") == 1 + 2


def test_round_3_doubling_covers_gains_from_every_trade() -> None:
    """Round 3: "If you receive a Black Cube, your point gains from this round doubles." The doubling
    covers the gains of the player's other trade too (ruling: every gain of the round)."""
    s = start("cubes", {"p1": ["yellow", "blue"], "p2": ["black"], "p3": ["red"], "p4": ["red"]}, 3)
    s, _ = play(s, ("p1", "yellow", "p2", "black"), ("p1", "blue", "p3", "red"))
    assert change(s, "p1") == (1 + 4) * 2 - 2


def test_round_4_table() -> None:
    """Round 4: Red: you gain 3 points. / Blue: you gain 5 points. / Yellow: you gain 2 points and the
    recipient gains 3 points. / Green: you lose 4 points. / White: you gain 5 points and the recipient
    gains 2 points. / Black: you gain 1 point and the recipient loses 2 points."""
    s = six(4, ["red", "white", "blue", "black", "yellow", "green"])
    s, _ = play(s, ("p1", "red", "p2", "white"), ("p3", "blue", "p4", "black"), ("p5", "yellow", "p6", "green"))
    assert [change(s, p) for p in s.players] == [3 + 2, 5, 5 - 2, 1, 2, -4 + 3]


def test_round_4_red_for_green_or_blue_instead() -> None:
    """Round 4: If you give away a Red Cube in a trade, you gain 3 points. If you receive a Green Cube,
    you gain 10 points instead. If you receive a Blue Cube, you lose 3 points instead."""
    s = six(4, ["red", "blue", "red", "black"])
    s, _ = play(s, ("p1", "red", "p2", "blue"), ("p3", "red", "p4", "black"))
    assert change(s, "p1") == -3 and change(s, "p2") == 5 and change(s, "p3") == 3 - 2
    s = six(4, ["red", "green"])
    s, _ = play(s, ("p1", "red", "p2", "green"))
    assert change(s, "p1") == 10


def test_round_4_yellow_for_black_doubles_and_for_white_gives_recipient_3_more() -> None:
    """Round 4: If you give away a Yellow Cube in a trade, you gain 2 points and the recipient gains 3
    points. If you receive a Black Cube, your point gains from this round doubles. This effect stacks.
    If you receive a White Cube, the recipient gains 3 additional points."""
    s = six(4, ["yellow", "black", "yellow", "white"])
    s, _ = play(s, ("p1", "yellow", "p2", "black"), ("p3", "yellow", "p4", "white"))
    assert change(s, "p1") == 2 * 2 - 2 and change(s, "p2") == 1 + 3
    assert change(s, "p3") == 2 + 2 and change(s, "p4") == 5 + 3 + 3


def test_round_4_green_for_black_gains_4_and_for_red_nullifies_losses() -> None:
    """Round 4: If you give away a Green Cube in a trade, you lose 4 points. If you receive a Black
    Cube, you gain 4 points instead. If you receive a Red Cube, your point losses this round are
    nullified. (Ruling: every loss of the round, from any trade, is set to 0.)"""
    s = six(4, ["green", "black"])
    s, _ = play(s, ("p1", "green", "p2", "black"))
    assert change(s, "p1") == 4 - 2 and change(s, "p2") == 1
    s = start("cubes", {"p1": ["green", "blue"], "p2": ["red"], "p3": ["black"], "p4": ["red"]}, 4)
    s, _ = play(s, ("p1", "green", "p2", "red"), ("p1", "blue", "p3", "black"))
    assert change(s, "p1") == 5 and change(s, "p2") == 10


def test_round_4_three_white_cubes_add_10_untouched_by_multipliers() -> None:
    """Round 4: At the end of the round, if you have at least 3 White Cubes your score increases by 10.
    This is not influenced by point multipliers."""
    s = start(
        "cubes", {"p1": ["white", "white", "yellow", "yellow"], "p2": ["black"], "p3": ["white"], "p4": ["red"]}, 4
    )
    s, _ = play(s, ("p1", "yellow", "p2", "black"), ("p1", "yellow", "p3", "white"))
    assert change(s, "p1") == (2 + 2 + 2) * 2 - 2 + 10
    s = start("cubes", {"p1": ["white", "white", "white"], "p2": ["white", "white"], "p3": ["red"], "p4": ["red"]}, 4)
    s, _ = play(s)
    assert change(s, "p1") == 10 and change(s, "p2") == 0


def test_round_5_table() -> None:
    """Round 5: Red: you gain 4 points. / Blue: you gain 5 points. / Yellow: you gain 3 points and the
    recipient gains 4 points. / Green: you lose 5 points. / White: you and the recipient gain 2 points.
    / Black: you gain 1 point and the recipient loses 1 point."""
    s = six(5, ["red", "white", "blue", "black", "yellow", "green"])
    s, _ = play(s, ("p1", "red", "p2", "white"), ("p3", "blue", "p4", "black"), ("p5", "yellow", "p6", "green"))
    assert [change(s, p) for p in s.players] == [4 + 2, 2, 5 - 1, 1, 3, -5 + 4]


def test_round_5_red_for_green_blue_or_yellow_instead() -> None:
    """Round 5: If you give away a Red Cube in a trade, you gain 4 points. If you receive a Green Cube,
    you gain 13 points instead. If you receive a Blue or Yellow Cube, you lose 4 points instead."""
    s = six(5, ["red", "green", "red", "blue", "red", "yellow"])
    s, _ = play(s, ("p1", "red", "p2", "green"), ("p3", "red", "p4", "blue"), ("p5", "red", "p6", "yellow"))
    assert [change(s, p) for p in s.players] == [13, -5, -4, 5, -4 + 4, 3]


def test_round_5_yellow_for_blue_halves_recipients_gains_and_stacks() -> None:
    """Round 5: If you give away a Yellow Cube in a trade, you gain 3 points and the recipient gains 4
    points. If you receive a Blue Cube, the recipient's point gains this round is halved. This effect
    stacks. (Ruling: rounded down once, after every halving.)"""
    s = six(5, ["yellow", "blue"])
    s, _ = play(s, ("p1", "yellow", "p2", "blue"))
    assert change(s, "p1") == 3 and change(s, "p2") == (5 + 4) // 2
    s = start("cubes", {"p1": ["yellow"], "p2": ["blue", "blue"], "p3": ["yellow"], "p4": ["red"]}, 5)
    s, _ = play(s, ("p1", "yellow", "p2", "blue"), ("p3", "yellow", "p2", "blue"))
    assert change(s, "p2") == (5 + 5 + 4 + 4) // 4


def test_round_5_three_black_cubes_add_25() -> None:
    """Round 5: At the end of the round, if you have at least 3 Black Cubes your score increases by 25.
    (Like Round 4's bonus, it is added after the multipliers.)"""
    s = start("cubes", {"p1": ["black", "black", "yellow"], "p2": ["blue", "black"], "p3": ["red"], "p4": ["red"]}, 5)
    s, _ = play(s, ("p1", "yellow", "p2", "black"))
    assert change(s, "p1") == 3 - 1 + 25
    assert change(s, "p2") == (1 + 4) // 1


def test_round_6_table() -> None:
    """Round 6: Red: you gain 4 points. / Blue: you gain 6 points. / Yellow: you gain 5 points and the
    recipient gains 4 points. / Green: you lose 6 points. / White: the recipient gains 3 points. /
    Black: the recipient loses 4 points."""
    s = six(6, ["red", "white", "blue", "black", "yellow", "green"])
    s, _ = play(s, ("p1", "red", "p2", "white"), ("p3", "blue", "p4", "black"), ("p5", "yellow", "p6", "green"))
    assert [change(s, p) for p in s.players] == [4 + 3, 0, 6 - 4, 0, 5, -6 + 4]


def test_round_6_conditionals() -> None:
    """Round 6: If you give away a Red Cube in a trade, you gain 4 points. If you receive a Green Cube,
    you gain 16 points instead. If you receive a Blue or Yellow Cube, you lose 5 points instead. / If
    you give away a Yellow Cube in a trade, you gain 5 points and the recipient gains 4 points. If you
    receive a White Cube, the recipient gains 3 additional points."""
    s = start(
        "cubes",
        {
            "p1": ["red"],
            "p2": ["green"],
            "p3": ["red"],
            "p4": ["blue"],
            "p5": ["red"],
            "p6": ["yellow", "yellow"],
            "p7": ["white"],
        },
        6,
    )
    s, _ = play(
        s,
        ("p1", "red", "p2", "green"),
        ("p3", "red", "p4", "blue"),
        ("p5", "red", "p6", "yellow"),
        ("p6", "yellow", "p7", "white"),
    )
    assert change(s, "p1") == 16 and change(s, "p2") == -6 and change(s, "p3") == -5 and change(s, "p4") == 6
    assert change(s, "p5") == -5 + 4 and change(s, "p6") == 5 + 5 + 3 and change(s, "p7") == 4 + 3


def test_round_7_table() -> None:
    """Round 7: Red: you gain 8 points. / Blue: you gain 6 points. / Yellow: you gain 6 points and the
    recipient gains 3 points. / Green: you lose 7 points. / White: the recipient gains 3 points. /
    Black: the recipient loses 4 points. (No Green clause for Red in Round 7.)"""
    s = start(
        "cubes",
        {
            "p1": ["red"],
            "p2": ["white"],
            "p3": ["blue"],
            "p4": ["black"],
            "p5": ["yellow"],
            "p6": ["green"],
            "p7": ["red"],
            "p8": ["green"],
        },
        7,
    )
    s, _ = play(
        s,
        ("p1", "red", "p2", "white"),
        ("p3", "blue", "p4", "black"),
        ("p5", "yellow", "p6", "green"),
        ("p7", "red", "p8", "green"),
    )
    assert [change(s, p) for p in s.players] == [8 + 3, 0, 6 - 4, 0, 6, -7 + 3, 8, -7]


def test_round_7_conditionals() -> None:
    """Round 7: If you give away a Red Cube in a trade, you gain 8 points. If you receive a Blue or
    Yellow Cube, you lose 5 points instead. / If you give away a Yellow Cube in a trade, you gain 6
    points and the recipient gains 3 points. If you receive a White Cube, the recipient gains 3
    additional points."""
    s = start(
        "cubes", {"p1": ["red"], "p2": ["blue"], "p3": ["red"], "p4": ["yellow"], "p5": ["yellow"], "p6": ["white"]}, 7
    )
    s, _ = play(s, ("p1", "red", "p2", "blue"), ("p3", "red", "p4", "yellow"), ("p5", "yellow", "p6", "white"))
    assert [change(s, p) for p in s.players] == [-5, 6, -5 + 3, 6, 6 + 3, 3 + 3]


def test_the_form_shows_each_rounds_table_in_the_hosts_words() -> None:
    """TRADE SCORING DETAILS: the table shown for a round repeats the published lines."""
    from games.exodus.tables import cube_table_text, gem_table_text

    r1 = [row["text"] for row in cube_table_text(1)]
    assert "If you give away a Yellow Cube in a trade, you and the recipient gain 1 point." in r1
    assert "If you give away a White Cube in a trade, you gain 2 points and the recipient gains 1 point." in r1
    r4 = " ".join(row["text"] for row in cube_table_text(4))
    assert (
        "If you give away a Green Cube in a trade, you lose 4 points. If you receive a Black Cube, you gain 4 "
        "points instead. If you receive a Red Cube, your point losses this round are nullified."
    ) in r4
    y5 = [row["text"] for row in gem_table_text(5)]
    assert "Gain 7 Favor. The recipient cannot trade away this gemstone next year." in y5
    assert "At the end of this year, if you own at least 3 Onyx, gain 20 Favor." in y5
