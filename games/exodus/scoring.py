"""Scoring one round of trades, for both versions. Pure functions over plain data.

A trade is ``{"a": p, "b": q, "a_gave": item, "b_gave": item}``. Each function
returns, per player, a sheet ``{"lines": [{"amount", "why"}], ..., "total": int}``
where ``total`` is the round's change to that player's points / Favor.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.exodus import tables as t

Trade = Mapping[str, str]
Sheet = dict[str, Any]


def _sides(trade: Trade) -> list[tuple[str, str, str, str]]:
    """Both sides of a trade as (giver, recipient, item given, item received by the giver)."""
    return [
        (trade["a"], trade["b"], trade["a_gave"], trade["b_gave"]),
        (trade["b"], trade["a"], trade["b_gave"], trade["a_gave"]),
    ]


def score_cubes(
    rnd: int, players: Sequence[str], trades: Sequence[Trade], after: Mapping[str, Sequence[str]]
) -> dict[str, Sheet]:
    """Round ``rnd`` of the cube version.

    Rulings (issue 3): every amount credited to a player is its own line; the
    positive lines are the "point gains", multiplied by 2 per doubling and 1/2 per
    halving of the round, all together, rounded down once; negative lines are never
    multiplied and are set to 0 when the player's losses are nullified. The
    end-of-round bonus (3 White in Round 4, 3 Black in Round 5) is added last.
    """
    sheets: dict[str, Sheet] = {
        p: {"lines": [], "doubles": 0, "halves": 0, "nullified": False, "bonus": 0} for p in players
    }
    table = t.CUBE_TABLE[rnd]
    for trade in trades:
        for giver, recipient, gave, got in _sides(trade):
            rule = table[gave]
            mine = rule.instead.get(got, rule.you)
            what = f"gave {gave} to {recipient}"
            if mine:
                why = f"you {what}" + (f" for {got}" if got in rule.instead else "")
                sheets[giver]["lines"].append({"amount": mine, "why": why})
            theirs = rule.them + rule.them_extra.get(got, 0)
            if theirs:
                sheets[recipient]["lines"].append({"amount": theirs, "why": f"{giver} gave you {gave}"})
            if rule.double == got:
                sheets[giver]["doubles"] += 1
            if rule.halve_them == got:
                sheets[recipient]["halves"] += 1
            if rule.nullify == got:
                sheets[giver]["nullified"] = True
    bonus = t.CUBE_BONUS.get(rnd)
    for p, sheet in sheets.items():
        gains = sum(line["amount"] for line in sheet["lines"] if line["amount"] > 0)
        losses = sum(line["amount"] for line in sheet["lines"] if line["amount"] < 0)
        gains = (gains * 2 ** sheet["doubles"]) // 2 ** sheet["halves"]
        if sheet["nullified"]:
            losses = 0
        if bonus and list(after[p]).count(bonus[0]) >= bonus[1]:
            sheet["bonus"] = bonus[2]
        sheet["gains"], sheet["losses"] = gains, losses
        sheet["total"] = gains + losses + sheet["bonus"]
    return sheets


def gem_trade(year: int, gave: str, got: str, n_topaz: int) -> tuple[int, int]:
    """(giver's Favor from this trade, recipient's) from the giver's gem alone, before the partner's gem.

    Only the base amounts: Emerald is 0 here and filled in by :func:`gem_pair`.
    """
    i = year - 1
    mine = {
        "ruby": t.RUBY_FOR_SAPPHIRE[i] if got == "sapphire" else t.RUBY[i],
        "sapphire": t.SAPPHIRE[i],
        "emerald": 0,
        "topaz": t.TOPAZ_POOL[i] // max(n_topaz, 1),
        "diamond": t.DIAMOND[i],
        "onyx": t.ONYX[i],
    }[gave]
    theirs = -t.ONYX_LOSS[i] if gave == "onyx" else 0
    return mine, theirs


def gem_pair(year: int, a_gave: str, b_gave: str, n_topaz: int) -> tuple[int, int]:
    """Each side's Favor from one gem trade (a's, b's), in the issue's order.

    1. the base amount for the gem each gave (and Onyx's loss to its recipient);
    2. Sapphire: its recipient's Favor from this trade drops by the cut, never
       below 0 (an amount already at or below 0 is left as it is);
    3. Emerald: when the recipient's final Favor from this trade is above 0, the
       giver gains that much plus k (nothing when traded for an Emerald or Topaz).
    The Year 2 same-gem penalty is not part of this (see :func:`score_gems`).
    """
    i = year - 1
    a_mine, b_from_a = gem_trade(year, a_gave, b_gave, n_topaz)
    b_mine, a_from_b = gem_trade(year, b_gave, a_gave, n_topaz)
    a, b = a_mine + a_from_b, b_mine + b_from_a
    if a_gave == "sapphire" and b > 0:
        b = max(0, b - t.SAPPHIRE_CUT[i])
    if b_gave == "sapphire" and a > 0:
        a = max(0, a - t.SAPPHIRE_CUT[i])
    a_emerald = a_gave == "emerald" and b_gave not in ("emerald", "topaz") and b > 0
    b_emerald = b_gave == "emerald" and a_gave not in ("emerald", "topaz") and a > 0
    a_plus = b + t.EMERALD_PLUS[i] if a_emerald else 0
    b_plus = a + t.EMERALD_PLUS[i] if b_emerald else 0
    return a + a_plus, b + b_plus


def score_gems(
    year: int,
    players: Sequence[str],
    trades: Sequence[Trade],
    after: Mapping[str, Sequence[str]],
    traded_with: Mapping[str, Mapping[str, int]],
) -> dict[str, Sheet]:
    """Year ``year`` of the gem version; ``after``/``traded_with`` are as they stand at the end of the year.

    Besides ``lines`` and ``total`` a sheet carries ``garnets`` (Year 7 Diamond)
    and ``end`` (the end-of-year lines, which by the clarification are never part
    of "Favor from this trade").
    """
    sheets: dict[str, Sheet] = {p: {"lines": [], "end": [], "garnets": 0} for p in players}
    n_topaz = sum((tr["a_gave"] == "topaz") + (tr["b_gave"] == "topaz") for tr in trades)
    diamonds_given = {p: 0 for p in players}
    for tr in trades:
        a_fav, b_fav = gem_pair(year, tr["a_gave"], tr["b_gave"], n_topaz)
        for me, other, fav, gave, got in (
            (tr["a"], tr["b"], a_fav, tr["a_gave"], tr["b_gave"]),
            (tr["b"], tr["a"], b_fav, tr["b_gave"], tr["a_gave"]),
        ):
            sheets[me]["lines"].append({"amount": fav, "why": f"your trade with {other}: gave {gave}, got {got}"})
        if tr["a_gave"] == tr["b_gave"] and year in t.SAME_GEM_PENALTY:
            for p in (tr["a"], tr["b"]):
                why = f"traded {tr['a_gave']} for {tr['a_gave']}"
                sheets[p]["lines"].append({"amount": -t.SAME_GEM_PENALTY[year], "why": why})
        for giver, _r, gave, _g in _sides(tr):
            if gave == "diamond":
                diamonds_given[giver] += 1
    for p in players:
        end = sheets[p]["end"]
        others = [q for q in players if q != p]
        if year in t.NOT_TRADED_PENALTY:
            never = [q for q in others if not traded_with.get(p, {}).get(q)]
            if never:
                why = f"never traded with {', '.join(never)}"
                end.append({"amount": -t.NOT_TRADED_PENALTY[year] * len(never), "why": why})
        if year in t.ONYX_HOARD and list(after[p]).count("onyx") >= t.ONYX_HOARD[year][0]:
            end.append({"amount": t.ONYX_HOARD[year][1], "why": "you own at least 3 Onyx"})
        if year in t.EVERYONE_TWICE and others and all(traded_with.get(p, {}).get(q, 0) >= 2 for q in others):
            end.append({"amount": t.EVERYONE_TWICE[year], "why": "you traded with every other player at least twice"})
        if year in t.DIAMOND_UNIQUE and diamonds_given[p]:
            kinds = len(set(after[p]))
            amount = t.DIAMOND_UNIQUE[year] * kinds * diamonds_given[p]
            end.append({"amount": amount, "why": f"Diamond: {kinds} unique gemstones owned"})
        if year in t.ALL_SAME and after[p] and len(set(after[p])) == 1:
            end.append({"amount": t.ALL_SAME[year], "why": "all of your gemstones are the same"})
        if year in t.DIAMOND_GARNETS:
            sheets[p]["garnets"] = t.DIAMOND_GARNETS[year] * diamonds_given[p]
        sheets[p]["total"] = sum(x["amount"] for x in sheets[p]["lines"] + end)
    return sheets
