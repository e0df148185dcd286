"""Readers of the ``garnet-house/2`` keys that order the candidates and send lines (FORMAT.md "The candidate
order", "Lines"): ``outcome.candidate_order`` (per-player formulas compared in turn, smallest first) and the
effects that tell (``to: private``: a line to the players ``tell`` names, only they and the dealer read it;
``to: public``: an announcement), each line a formula giving a text.

Pure: no Django, no clock, no random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.house.engine.sections import Checker
from games.house.engine.sections_formulas import formula, match_names, player_names
from games.house.engine.trade_log import TRADE_NAMES

MAX_KEYS = 6
LINE_TARGETS = ("private", "public")


def read_candidate_order(c: Checker, raw: Any, definition: Mapping[str, Any]) -> list[str]:
    """``outcome.candidate_order``: up to ``MAX_KEYS`` per-player formulas, each a whole number, compared in turn,
    smallest first (``-black`` for the most Black cubes first, then ``score``); ``candidate_ties`` then order
    those it leaves tied. Empty (the default): none."""
    data = raw if isinstance(raw, Mapping) else {}
    if data.get("candidate_order") in (None, []):
        return []  # none: the scores rank the candidates (house-8), or candidate_ties does
    order = data["candidate_order"]
    if not isinstance(order, list) or len(order) > MAX_KEYS:
        c.fail("outcome.candidate_order", f"must list up to {MAX_KEYS} formulas, compared in turn, smallest first")
        return []
    names = player_names(definition)
    return [formula(c, key, f"outcome.candidate_order[{i}]", names) or "0" for i, key in enumerate(order)]


def read_line(
    c: Checker, data: Mapping[str, Any], where: str, definition: Mapping[str, Any], fields: Sequence[Any]
) -> dict[str, Any]:
    """An effect that tells: ``{to: private | public, who, text, tell, when, per}``. ``text`` is a formula giving
    the line (a text), computed for each player ``who`` names (``match``: once, match-wide); ``to: private`` sends
    it to the players ``tell`` gives (a formula giving a list of handles; left out: the player it was computed
    for), ``to: public`` announces it. ``per: trade``: computed once for each trade the player made this round,
    reading that trade's ``given``, ``received`` and ``partner`` (house-67)."""
    data = {k: v for k, v in data.items() if not (k == "amount" and v in (None, ""))}  # a form's blank amount
    c.unknown(data, ("to", "who", "text", "tell", "when", "per"), where)
    roles = [f"role:{r['name']}" for r in definition.get("roles", [])]
    who = c.choice(data.get("who", "each"), f"{where}.who", ("each", "awaited", "winners", "match", *roles)) or "each"
    names = [*match_names(definition), "sent", "winners"] if who == "match" else player_names(definition, fields)
    per = data.get("per") or None  # blank (the designer's "once for each player"): none
    if per is not None and (per != "trade" or who == "match"):
        c.fail(f"{where}.per", "must be trade (a line for each trade the player made), and not with who: match")
        per = None
    if per == "trade":
        names = [*names, *TRADE_NAMES]  # that trade: what the player gave and received, and with whom
    text = formula(c, data.get("text"), f"{where}.text", names)
    tell = data.get("tell")
    if tell is not None:
        tell = formula(c, tell, f"{where}.tell", names)
    if data["to"] == "public" and tell is not None:
        c.fail(f"{where}.tell", "an announcement is told to everyone: tell only with to: private")
    elif data["to"] == "private" and who == "match" and tell is None:
        c.fail(f"{where}.tell", "a line computed once (who: match) needs tell: the players it is sent to")
    when = data.get("when")
    when = None if when is None else formula(c, when, f"{where}.when", names)
    line = {"to": data["to"], "who": who, "text": text or "''", "tell": tell, "when": when}
    if per == "trade":
        line["per"] = "trade"  # only when set: a line without it is cleaned as before
    return line
