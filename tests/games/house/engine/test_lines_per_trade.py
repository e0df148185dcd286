"""Lines told once per trade (FORMAT.md "Deals, the candidate order and lines in /2", "A line for each trade";
RULES.md house-67, house-68): a line ``per: trade`` reads each trade of the round and may be told to that
trade's partner alone, a hidden fact only they and the dealer read."""

from __future__ import annotations

import json
from typing import Any

from games.engine import DEALER
from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.engine.test_trade_log import CUBES, _fields, _give
from tests.games.house.scenario import E, quote, start, step

PLAYERS = ["ann", "bob", "cat", "dan"]
# told, for each trade in which the player received a Red, to the partner who gave it
RED_LINE: dict[str, Any] = {
    "to": "private",
    "who": "each",
    "per": "trade",
    "when": "received['red'] > 0",
    "tell": "partner",
    "text": "'REDLINE: ' + me + ' got a Red from ' + partner + ' for ' + text(given['blue']) + ' Blue and holds '"
    " + text(red) + ' Red'",
}


def _match(*effects: dict[str, Any], rounds: int = 3) -> dict[str, Any]:
    definition = v2(rounds=rounds, holdings=CUBES, round_plan=[rnd(fields=_fields(), effects=list(effects))])
    return start(PLAYERS, definition=definition)


def _seen(state: dict[str, Any], viewer: str | None) -> str:
    return json.dumps(E.view(state, viewer))


def test_a_line_per_trade_is_told_to_the_partner_of_that_trade_alone() -> None:
    """FORMAT.md: "`tell: partner` sends it to that trade's partner alone" (house-67): ann receives a Red from bob
    and a Blue from cat in one round; only bob, who gave the Red, is told, with what that very trade read."""
    quote("`tell: partner` sends it to that trade's partner alone")
    moves = {
        "ann": {"t1": _give("bob", "blue"), "t2": _give("cat", "blue")},
        "bob": {"t1": _give("ann", "red")},
        "cat": {"t1": _give("ann", "blue")},
    }
    before = _match(RED_LINE)
    state, messages = step(before, moves)
    told = [(m.to, m.text) for m in messages if "REDLINE" in m.text]
    assert told == [("bob", "REDLINE: ann got a Red from bob for 1 Blue and holds 3 Red")]
    assert E.view(state, "bob")["you"]["told"] == {"Round 1": told[0][1]}
    assert E.view(state, DEALER)["dealer"]["private"] == {"Round 1": {"bob": told[0][1]}}
    for viewer in ("ann", "cat", "dan", None):  # not the recipient the line is about, nor anyone else
        assert "REDLINE" not in _seen(state, viewer), viewer
    for viewer in ("ann", "bob", "cat", "dan", None, DEALER):  # not before the close that sends it
        assert "REDLINE" not in _seen(before, viewer), viewer


def test_each_trade_that_gave_a_red_is_a_line_of_its_own() -> None:
    """FORMAT.md: "each run is a line of its own, and a player without a trade is told nothing" (house-67): ann
    receives a Red from bob and one from cat: each giver is told, each their own line; dan, who traded with no one,
    sends and receives nothing."""
    quote("each run is a line of its own, and a player without a trade is told nothing")
    mine = {**RED_LINE, "tell": None, "when": None, "text": "'MINE: ' + partner"}
    del mine["tell"], mine["when"]
    moves = {
        "ann": {"t1": _give("bob", "blue"), "t2": _give("cat", "blue")},
        "bob": {"t1": _give("ann", "red")},
        "cat": {"t1": _give("ann", "red")},
    }
    state, messages = step(_match(RED_LINE, mine), moves)
    reds = sorted((m.to, m.text) for m in messages if "REDLINE" in m.text)
    assert reds == [
        ("bob", "REDLINE: ann got a Red from bob for 1 Blue and holds 4 Red"),
        ("cat", "REDLINE: ann got a Red from cat for 1 Blue and holds 4 Red"),
    ]
    # tell left out: the player it was computed for, once per trade; dan made none
    own = sorted((m.to, m.text) for m in messages if "MINE" in m.text)
    assert own == [("ann", "MINE: bob"), ("ann", "MINE: cat"), ("bob", "MINE: ann"), ("cat", "MINE: ann")]
    assert "MINE" not in _seen(state, "dan")


def test_last_partners_are_in_seat_order() -> None:
    """house-68: ``last_partners`` lists last round's partners in seat order, not the order the trades were
    settled in: ann's trade with dan (her first field) settles before the one with bob."""
    quote("`last_partners` lists last round's partners in seat order")
    line = {"to": "private", "who": "each", "when": "round == 2", "text": "'LAST: ' + text(last_partners)"}
    moves = {
        "ann": {"t1": _give("dan", "red"), "t2": _give("bob", "red")},
        "bob": {"t1": _give("ann", "blue")},
        "dan": {"t1": _give("ann", "blue")},
    }
    state, _ = step(_match(line), moves)
    assert [t["b"] if t["a"] == "ann" else t["a"] for t in state["trade_log"]] == ["dan", "bob"]  # dan first
    state, messages = step(state, {})
    assert [m.text for m in messages if m.to == "ann" and "LAST" in m.text] == ["LAST: bob, dan"]


def test_a_line_per_trade_is_checked_when_saved() -> None:
    """house-67: ``per`` other than ``trade``, ``per`` with ``who: match``, and a trade's names in a line without
    ``per: trade``: each an error naming its path."""
    bad = [
        {"to": "private", "who": "each", "per": "round", "text": "'x'"},
        {"to": "public", "who": "match", "per": "trade", "text": "'x'"},
        {"to": "private", "who": "each", "tell": "partner", "text": "'x'"},
        {"to": "private", "who": "each", "text": "'x' + text(given['red'])"},
    ]
    errors = definition_errors(v2(holdings=CUBES, round_plan=[rnd(fields=_fields(), effects=bad)]))
    assert any(e.startswith("round_plan[0].effects[0].per: must be trade") for e in errors), errors
    assert any(e.startswith("round_plan[0].effects[1].per: must be trade") for e in errors), errors
    assert any(e.startswith("round_plan[0].effects[2].tell: unknown name 'partner'") for e in errors), errors
    assert any(e.startswith("round_plan[0].effects[3].text: unknown name 'given'") for e in errors), errors
    good = {**RED_LINE, "per": ""}  # the designer's blank "once for each player": no per (then partner is unknown)
    assert any(
        "effects[0].tell: unknown name 'partner'" in e
        for e in definition_errors(v2(holdings=CUBES, round_plan=[rnd(fields=_fields(), effects=[good])]))
    )
    assert definition_errors(v2(holdings=CUBES, round_plan=[rnd(fields=_fields(), effects=[RED_LINE])])) == []


def test_a_line_per_trade_that_cannot_be_computed_tells_no_one() -> None:
    """house-67, house-40: a run that cannot be computed skips the whole line for everyone: bob's trade computes,
    cat's divides by zero, and neither giver is told."""
    broken = {**RED_LINE, "text": "'BROKEN ' + text(10 / (1 if partner == 'bob' else 0))"}
    moves = {
        "ann": {"t1": _give("bob", "blue"), "t2": _give("cat", "blue")},
        "bob": {"t1": _give("ann", "red")},
        "cat": {"t1": _give("ann", "red")},
    }
    state, messages = step(_match(broken), moves)
    assert not [m for m in messages if "BROKEN" in m.text]
    assert "division by zero" in str(E.view(state, DEALER)["dealer"]["faults"])
