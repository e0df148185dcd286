"""Bids: the highest or the lowest bid wins (pay your bid, the second price, or nothing), or the
lowest/highest number nobody else named."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from random import Random
from typing import Any

from games.engine import PlayerId
from games.house.engine.mechanics.base import (
    Mechanic,
    Param,
    RoundInput,
    RoundResult,
    abstained_note,
    abstainers,
    field_decl,
    names,
    pays,
    points_word,
    tiebreak_index,
    values,
)

_BID_FIELD = Param(
    "field",
    "field",
    "The bid",
    "The number or garnets field players bid with.",
    field_types=("number", "garnets"),
)
_AWARD = Param("award", "int", "Points to the winner", default=1, low=-1000, high=1000)
_TIES = Param(
    "ties",
    "choice",
    "Equal bids go to",
    "earlier: the player earlier in the tiebreak order; later: the later one (when winning the lot costs, as in a Minus Auction).",
    default="earlier",
    choices=("earlier", "later"),
)


def _amount(decl: Mapping[str, Any], n: int) -> str:
    """12, or "12 garnets" / "1 garnet" on a garnets field."""
    if decl.get("type") != "garnets":
        return str(n)
    return f"{n} garnet" if n == 1 else f"{n} garnets"


def _also(amount: str, others: int) -> str:
    return f"You named {amount}, as did {others} other player{'' if others == 1 else 's'}."


def _spent_all(bids: Mapping[PlayerId, int]) -> dict[PlayerId, int]:
    return {p: b for p, b in bids.items() if b > 0}


def _extreme_bid(inp: RoundInput, rng: Random, *, highest: bool) -> RoundResult:
    """The highest (or lowest) bid wins; ties go to the earlier player in the tiebreak order, or the
    later one with ``ties: later`` (a costly lot; RULES.md m-26)."""
    del rng  # no draw: ties follow the tiebreak order
    decl = field_decl(inp.fields, inp.params["field"])
    bids: dict[PlayerId, int] = values(inp, decl["name"])
    missing = abstainers(inp, bids)
    word = "highest" if highest else "lowest"
    if not bids:
        return RoundResult(f"{inp.label}: nobody bid, so nobody wins.")
    place = {p: i for i, p in enumerate(sorted(bids, key=tiebreak_index(inp)))}
    later = inp.params.get("ties", "earlier") == "later"  # a definition stored before the param: earlier
    order = sorted(bids, key=lambda p: ((-bids[p] if highest else bids[p]), -place[p] if later else place[p]))
    winner, top = order[0], bids[order[0]]
    price_rule = inp.params["price"]
    if price_rule == "own":
        price = top
    elif price_rule == "second":
        price = bids[order[1]] if len(order) > 1 else int(decl.get("min", 0))
    else:
        price = 0
    price = min(price, top)  # never more than the winner bid (and the season held)
    paying = pays(decl)
    spent = _spent_all(bids) if paying == "bid" else ({winner: price} if paying == "if_won" and price else {})
    award = int(inp.params["award"])
    tied = [p for p in order if bids[p] == top]

    text = f"{inp.label}: {winner} wins with the {word} bid, {_amount(decl, top)}"
    if len(tied) > 1:
        text += (
            f" (tied with {names(tied[1:])}; the tiebreak order decides{', against the later player' if later else ''})"
        )
    text += "."
    if paying == "if_won":
        if price_rule == "second":
            basis = "the second-highest bid" if len(order) > 1 else "the lowest bid allowed: nobody else bid"
            text += f" {winner} pays {_amount(decl, price)} ({basis})."
        elif price_rule == "own":
            text += f" {winner} pays the bid."
        else:
            text += f" {winner} pays nothing."
    elif paying == "bid":
        text += " Every bid is spent."
    if award:
        text += f" {winner} {points_word(award)}."
    text += abstained_note(missing, "bid")

    private: dict[PlayerId, str] = {}
    for p, b in bids.items():
        line = f"You bid {_amount(decl, b)}"
        line += "; you won" if p == winner else f"; {winner} won"
        if spent.get(p):
            line += f" and paid {_amount(decl, spent[p])}" if p == winner else f"; you paid {_amount(decl, spent[p])}"
        private[p] = line + "."
    return RoundResult(
        announcement=text,
        private=private,
        points={winner: award} if award else {},
        spent=spent,
        winners=(winner,),
    )


def _highest(inp: RoundInput, rng: Random) -> RoundResult:
    return _extreme_bid(inp, rng, highest=True)


def _lowest(inp: RoundInput, rng: Random) -> RoundResult:
    return _extreme_bid(inp, rng, highest=False)


def _unique(inp: RoundInput, rng: Random) -> RoundResult:
    """The lowest (or highest) number named by exactly one player wins; none unique: nobody wins."""
    del rng
    decl = field_decl(inp.fields, inp.params["field"])
    bids: dict[PlayerId, int] = values(inp, decl["name"])
    missing = abstainers(inp, bids)
    lowest = inp.params["want"] == "lowest"
    word = "lowest" if lowest else "highest"
    paying = pays(decl)
    award = int(inp.params["award"])
    counts = Counter(bids.values())
    unique = [v for v, c in counts.items() if c == 1]
    shared = sorted(v for v, c in counts.items() if c > 1)
    shared_text = ", ".join(f"{_amount(decl, v)} by {counts[v]} players" for v in shared)
    spent = _spent_all(bids) if paying == "bid" else {}
    if not bids:
        return RoundResult(f"{inp.label}: nobody named a number, so nobody wins.")
    if not unique:
        text = f"{inp.label}: no number was named by exactly one player ({shared_text}), so nobody wins."
        if paying == "bid":
            text += " Every bid is spent."
        text += abstained_note(missing, "number")
        private = {p: _also(_amount(decl, b), counts[b] - 1) for p, b in bids.items()}
        return RoundResult(text, private=private, spent=spent)
    best = min(unique) if lowest else max(unique)
    winner = next(p for p, b in bids.items() if b == best)
    if paying == "if_won" and best:
        spent = {winner: best}
    text = f"{inp.label}: the {word} unique number was {_amount(decl, best)}, named by {winner}."
    if award:
        text += f" {winner} {points_word(award)}."
    if paying == "if_won":
        text += f" {winner} pays the bid."
    elif paying == "bid":
        text += " Every bid is spent."
    if shared:
        text += f" Named more than once: {shared_text}."
    text += abstained_note(missing, "number")
    private = {}
    for p, b in bids.items():
        if p == winner:
            private[p] = f"You named {_amount(decl, b)}, the {word} unique number: you win."
        elif counts[b] > 1:
            private[p] = _also(_amount(decl, b), counts[b] - 1)
        else:
            private[p] = (
                f"You named {_amount(decl, b)}: unique, but {_amount(decl, best)} was {'lower' if lowest else 'higher'}."
            )
    return RoundResult(text, private=private, points={winner: award} if award else {}, spent=spent, winners=(winner,))


MECHANICS = (
    Mechanic(
        "highest_bid",
        "Highest bid",
        "The highest bid wins the round (ties: the tiebreak order); the winner pays their bid, the second-highest bid, or nothing.",
        (
            _BID_FIELD,
            Param(
                "price",
                "choice",
                "The winner pays",
                "own: their bid; second: the second-highest bid; none: nothing (garnets fields that pay if won).",
                default="own",
                choices=("own", "second", "none"),
            ),
            _AWARD,
            _TIES,
        ),
        _highest,
        example_fields=({"name": "bid", "type": "garnets", "max": 10},),
        example_params={"field": "bid", "price": "second"},
    ),
    Mechanic(
        "lowest_bid",
        "Lowest bid",
        "The lowest bid wins the round (ties: the tiebreak order); the winner pays their bid or nothing.",
        (
            _BID_FIELD,
            Param(
                "price",
                "choice",
                "The winner pays",
                "own: their bid; none: nothing (garnets fields that pay if won).",
                default="own",
                choices=("own", "none"),
            ),
            _AWARD,
            _TIES,
        ),
        _lowest,
        example_fields=({"name": "bid", "type": "number", "min": 1, "max": 10},),
        example_params={"field": "bid"},
    ),
    Mechanic(
        "unique_bid",
        "Unique bid",
        "The lowest (or highest) number that exactly one player named wins; if every number was named twice or more, nobody wins.",
        (
            _BID_FIELD,
            Param(
                "want",
                "choice",
                "The winning number is",
                "lowest or highest unique number.",
                default="lowest",
                choices=("lowest", "highest"),
            ),
            _AWARD,
        ),
        _unique,
        example_fields=({"name": "pick", "type": "number", "min": 1, "max": 10},),
        example_params={"field": "pick", "want": "lowest"},
    ),
)
