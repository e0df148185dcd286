"""The scoring tables of both published versions of The Exodus Game, as data.

Pure data and tiny lookups: no Django, no randomness. ``engine.py`` and
``scoring.py`` read these; the trade form shows each round's ``*_TEXT`` lines
(the host's own wording) as "this round's scoring table".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ROUNDS = 7

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "white", "black")
GEMS: tuple[str, ...] = ("ruby", "sapphire", "emerald", "topaz", "diamond", "onyx")

# How many items each player is dealt and the most trades a round, per variant.
HAND = {"cubes": 4, "gems": 5}
MAX_TRADES = {"cubes": 2, "gems": 3}
# 1 garnet per this many points / Favor.
GARNET_EVERY = {"cubes": 30, "gems": 75}
# The published player counts (the pool is 4 cubes / 5 gems per player: 36 and 40).
PUBLISHED_PLAYERS = {"cubes": 9, "gems": 8}
# Each version's one published name: every page (console, match, season, rules, timeline) uses it.
NAMES = {"cubes": "The Exodus Game", "gems": "The Exodus Game (Elephantine)"}


@dataclass(frozen=True)
class CubeRule:
    """What giving away one cube of a colour does in one round.

    ``you``/``them``: points credited to the giver / the recipient.
    ``instead``: received colour -> the giver's amount instead of ``you``.
    ``double``: received colour that doubles the giver's point gains this round.
    ``halve_them``: received colour that halves the recipient's point gains this round.
    ``nullify``: received colour that nullifies the giver's point losses this round.
    ``them_extra``: received colour -> additional points for the recipient.
    """

    you: int = 0
    them: int = 0
    instead: Mapping[str, int] = field(default_factory=dict)
    double: str | None = None
    halve_them: str | None = None
    nullify: str | None = None
    them_extra: Mapping[str, int] = field(default_factory=dict)


R = CubeRule
CUBE_TABLE: dict[int, dict[str, CubeRule]] = {
    1: {
        "red": R(2),
        "blue": R(2),
        "yellow": R(1, 1),
        "green": R(-1),
        "white": R(2, 1),
        "black": R(1, -1),
    },
    2: {
        "red": R(2, instead={"green": 5}),
        "blue": R(3),
        "yellow": R(1, 2),
        "green": R(-2),
        "white": R(3, 1),
        "black": R(1, -1),
    },
    3: {
        "red": R(3, instead={"green": 7, "blue": -2}),
        "blue": R(4),
        "yellow": R(1, 2, double="black"),
        "green": R(-3),
        "white": R(3, 1),
        "black": R(1, -2),
    },
    4: {
        "red": R(3, instead={"green": 10, "blue": -3}),
        "blue": R(5),
        "yellow": R(2, 3, double="black", them_extra={"white": 3}),
        "green": R(-4, instead={"black": 4}, nullify="red"),
        "white": R(5, 2),
        "black": R(1, -2),
    },
    5: {
        "red": R(4, instead={"green": 13, "blue": -4, "yellow": -4}),
        "blue": R(5),
        "yellow": R(3, 4, halve_them="blue"),
        "green": R(-5),
        "white": R(2, 2),
        "black": R(1, -1),
    },
    6: {
        "red": R(4, instead={"green": 16, "blue": -5, "yellow": -5}),
        "blue": R(6),
        "yellow": R(5, 4, them_extra={"white": 3}),
        "green": R(-6),
        "white": R(0, 3),
        "black": R(0, -4),
    },
    7: {
        "red": R(8, instead={"blue": -5, "yellow": -5}),
        "blue": R(6),
        "yellow": R(6, 3, them_extra={"white": 3}),
        "green": R(-7),
        "white": R(0, 3),
        "black": R(0, -4),
    },
}
del R

# End-of-round bonuses (not touched by multipliers): round -> (colour, at least, points).
CUBE_BONUS: dict[int, tuple[str, int, int]] = {4: ("white", 3, 10), 5: ("black", 3, 25)}

# Gems, by year (index 0 = Year 1).
RUBY = (3, 3, 4, 4, 5, 5, 6)
RUBY_FOR_SAPPHIRE = (9, 11, 13, 15, 17, 19, 21)
SAPPHIRE = (2, 2, 3, 3, 4, 4, 5)
SAPPHIRE_CUT = (3, 4, 5, 6, 7, 8, 9)
EMERALD_PLUS = (1, 2, 3, 4, 5, 6, 7)
TOPAZ_POOL = (12, 14, 16, 18, 20, 22, 24)
DIAMOND = (3, 4, 5, 6, 7, 8, 9)
ONYX = (2, 2, 3, 3, 4, 4, 5)
ONYX_LOSS = (2, 3, 3, 4, 4, 5, 5)
SAME_GEM_PENALTY = {2: 2}  # year -> Favor lost per gem traded for the same gem
NOT_TRADED_PENALTY = {3: 5}  # year -> Favor lost per other player never traded with
ONYX_HOARD = {5: (3, 20)}  # year -> (at least n Onyx, Favor)
EVERYONE_TWICE = {6: 25}
ALL_SAME = {7: 30}
DIAMOND_UNIQUE = {6: 3}  # year -> Favor per unique gem owned at the end of the year
DIAMOND_GARNETS = {7: 3}

DIAMOND_TEXT = (
    "Learn the recipient's inventory at the start of Year 2.",
    "Learn who the recipient traded with in Round 1.",
    "Learn the recipient's ranking at the start of Year 4.",
    "Learn the recipient's Favor total at the start of Year 5.",
    "The recipient cannot trade away this gemstone next year.",
    "Gain 3 additional Favor at the end of this year for each unique gemstone you own.",
    "Gain 3 Garnets.",
)
GEM_YEAR_END_TEXT = {
    2: "Each time you trade a gem for the same gem in this year (ex. Ruby for Ruby), lose 2 Favor.",
    3: "At the end of this year, lose 5 Favor for each unique player you have not successfully traded with this game.",
    5: "At the end of this year, if you own at least 3 Onyx, gain 20 Favor.",
    6: "At the end of this year, if you have successfully traded with all other players at least twice, gain 25 Favor.",
    7: "At the end of this year, if all of your gemstones are the same, gain 30 Favor.",
}


def cube_table_text(rnd: int) -> list[dict[str, str]]:
    """Round ``rnd``'s cube scoring table as display rows ``{"item", "text"}`` (the host's wording)."""
    rows = []
    for colour, rule in CUBE_TABLE[rnd].items():
        parts = [_cube_base_text(colour, rule)]
        for got, amount in rule.instead.items():
            verb = f"gain {amount} points" if amount >= 0 else f"lose {-amount} points"
            parts.append(f"If you receive a {got.title()} Cube, you {verb} instead.")
        if rule.double:
            parts.append(
                f"If you receive a {rule.double.title()} Cube, "
                "your point gains from this round doubles. This effect stacks."
            )
        for got, extra in rule.them_extra.items():
            parts.append(f"If you receive a {got.title()} Cube, the recipient gains {extra} additional points.")
        if rule.nullify:
            parts.append(f"If you receive a {rule.nullify.title()} Cube, your point losses this round are nullified.")
        if rule.halve_them:
            parts.append(
                f"If you receive a {rule.halve_them.title()} Cube, "
                "the recipient's point gains this round is halved. This effect stacks."
            )
        rows.append({"item": colour, "text": " ".join(parts)})
    if rnd in CUBE_BONUS:
        colour, least, points = CUBE_BONUS[rnd]
        rows.append(
            {
                "item": "",
                "text": f"At the end of the round, if you have at least {least} {colour.title()} "
                f"Cubes your score increases by {points}. This is not influenced by point multipliers.",
            }
        )
    return rows


def _points(n: int) -> str:
    """'1 point', '3 points'."""
    return f"{abs(n)} point{'s' if abs(n) != 1 else ''}"


def _cube_base_text(colour: str, rule: CubeRule) -> str:
    """'If you give away a Red Cube in a trade, you gain 2 points and the recipient loses 1 point.'"""
    head = f"If you give away a {colour.title()} Cube in a trade, "
    if rule.you == rule.them and rule.you > 0:
        return head + f"you and the recipient gain {_points(rule.you)}."
    bits = []
    if rule.you:
        bits.append(f"you {'gain' if rule.you > 0 else 'lose'} {_points(rule.you)}")
    if rule.them:
        bits.append(f"the recipient {'gains' if rule.them > 0 else 'loses'} {_points(rule.them)}")
    return head + " and ".join(bits) + "."


def gem_table_text(year: int) -> list[dict[str, str]]:
    """Year ``year``'s gem scoring table as display rows ``{"item", "text"}``."""
    i = year - 1
    rows = [
        {
            "item": "ruby",
            "text": f"Gain {RUBY[i]} Favor. "
            f"If this is traded for a Sapphire, gain {RUBY_FOR_SAPPHIRE[i]} Favor instead.",
        },
        {
            "item": "sapphire",
            "text": f"Gain {SAPPHIRE[i]} Favor. "
            f"The recipient gains {SAPPHIRE_CUT[i]} less Favor from this trade (minimum 0).",
        },
        {
            "item": "emerald",
            "text": "If the recipient gains Favor from this trade, gain that much Favor plus "
            f"{EMERALD_PLUS[i]}. Gain 0 Favor if this is traded for an Emerald or Topaz.",
        },
        {
            "item": "topaz",
            "text": f"Gain {TOPAZ_POOL[i]}/n Favor, rounded down, where n is the number of Topaz traded this round.",
        },
        {"item": "diamond", "text": f"Gain {DIAMOND[i]} Favor. {DIAMOND_TEXT[i]}"},
        {"item": "onyx", "text": f"Gain {ONYX[i]} Favor. The recipient loses {ONYX_LOSS[i]} Favor."},
    ]
    if year in GEM_YEAR_END_TEXT:
        rows.append({"item": "", "text": GEM_YEAR_END_TEXT[year]})
    return rows


def pool_counts(items: tuple[str, ...], per_player: int, players: int) -> dict[str, int]:
    """The pool for ``players``: ``per_player`` items each, spread evenly, the remainder to the first kinds.

    9 players x 4 cubes gives 6 of each colour (36); 8 players x 5 gems gives
    7 Ruby, Sapphire, Emerald, Topaz and 6 Diamond, Onyx (40): the published pools.
    """
    total = per_player * players
    base, extra = divmod(total, len(items))
    return {item: base + (1 if i < extra else 0) for i, item in enumerate(items)}
