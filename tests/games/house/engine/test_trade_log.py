"""``trade_log.py`` and ``trade_rules.py``: trades one by one (issue 43, part 2): one item each side
(house-60), effects evaluated once per trade (house-61), the trade history formulas read (house-62), a partner a
field bars and a locked holding refused when saved (house-62, house-63), and who sees the history (house-64)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.engine import DEALER, RuleError
from games.house.engine.definition import definition_errors
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, start, step

CUBES = [
    {"name": "red", "start": 2, "min": 0, "visibility": "holder"},
    {"name": "blue", "start": 2, "min": 0, "visibility": "holder"},
]
TRADE: dict[str, Any] = {
    "name": "t1",
    "label": "First trade",
    "type": "trade",
    "holdings": ["red", "blue"],
    "terms": "each_gives",
    "one_for_one": True,
    "public": False,
    "required": False,
}


def _fields(**trade: Any) -> list[dict[str, Any]]:
    return [{**TRADE, **trade}, {**TRADE, **trade, "name": "t2", "label": "Second trade"}]


def _match(effects: list[dict[str, Any]] | None = None, **changes: Any) -> dict[str, Any]:
    """Four players, two of each cube, two trade fields a round; ``changes`` on top of the definition."""
    definition = v2(
        rounds=4,
        holdings=CUBES,
        round_plan=[rnd(fields=_fields(), effects=effects or [])],
        **changes,
    )
    return start(["ann", "bob", "cat", "dan"], definition=definition)


def _give(to: str, cube: str) -> dict[str, Any]:
    return {"with": to, "give": {cube: 1}}


def test_a_trade_of_two_items_for_one_is_refused_naming_the_rule() -> None:
    """house-60: with ``one_for_one: true`` an offer naming two items is refused when saved, naming the field and
    the rule in words a player reads."""
    state = _match()
    with pytest.raises(RuleError, match=r"First trade: a trade is one item for one item"):
        E.validate(state, "ann", {"t1": {"with": "bob", "give": {"red": 1, "blue": 1}}})
    with pytest.raises(RuleError, match=r"one item for one item"):
        E.validate(state, "ann", {"t1": {"with": "bob", "give": {"red": 2}}})
    assert E.validate(state, "ann", {"t1": _give("bob", "red")})["t1"] == {"with": "bob", "give": {"red": 1}, "get": {}}


def test_one_for_one_must_be_true_or_false() -> None:
    errors = definition_errors(v2(holdings=CUBES, round_plan=[rnd(fields=[{**TRADE, "one_for_one": "yes"}])]))
    assert "round_plan[0].fields[0].one_for_one: must be true or false" in errors


def test_a_per_trade_effect_reads_each_trade_given_received_and_partner() -> None:
    """house-61: ``per: trade`` evaluates the effect once for each trade the player made this round, reading that
    trade's ``given``, ``received`` (every holding) and ``partner``: a Red given for a Blue pays 5, for a Red 1,
    whatever the other trade of the round was."""
    effects = [
        {"to": "score", "per": "trade", "amount": "(5 if received['blue'] > 0 else 1) * given['red']"},
        {"to": "score", "per": "trade", "amount": 100, "when": "partner == 'cat'"},
    ]
    state = _match(effects)
    moves = {
        "ann": {"t1": _give("bob", "red"), "t2": _give("cat", "red")},
        "bob": {"t1": _give("ann", "blue")},
        "cat": {"t1": _give("ann", "red")},
    }
    state, _ = step(state, moves)
    # the year's totals would read 2 Red given, 1 Blue and 1 Red got: pair by pair, 5 + 1 (and 100 with cat)
    assert state["scores"]["ann"] == 5 + 1 + 100
    assert state["scores"]["bob"] == 0 and state["scores"]["cat"] == 1 and state["scores"]["dan"] == 0


def test_per_trade_is_refused_on_a_match_effect_and_its_names_elsewhere() -> None:
    """house-61: ``per`` is ``trade`` only, never with ``who: match``; ``given`` outside a per-trade effect is an
    unknown name at its path."""
    bad = [
        {"to": "score", "per": "round", "amount": 1},
        {"to": "score", "amount": "given['red']"},
    ]
    errors = definition_errors(v2(holdings=CUBES, round_plan=[rnd(fields=_fields(), effects=bad)]))
    assert any(e.startswith("round_plan[0].effects[0].per: must be trade") for e in errors)
    assert any(e.startswith("round_plan[0].effects[1].amount: unknown name 'given'") for e in errors)


def test_the_trade_history_counts_partners_of_the_match_and_of_last_round() -> None:
    """house-62: ``traded_with`` (every other player still in -> trades with them this match), ``trade_counts``
    (those counts in seat order) and ``last_partners`` (last round's), read by any per-player formula."""
    effects = [
        {"to": "score", "amount": "100 * count(trade_counts, 0) + 10 * len(last_partners) + sum(trade_counts)"},
        {"to": "score", "amount": 1000, "when": "traded_with[partners[0]] == 2 if partners else false"},
    ]
    state = _match(effects)
    state, _ = step(state, {"ann": {"t1": _give("bob", "red")}, "bob": {"t1": _give("ann", "blue")}})
    # round 1: ann traded with bob once (cat and dan never); last round (none) had no partners
    assert state["scores"]["ann"] == 200 + 0 + 1
    state, _ = step(state, {"ann": {"t1": _give("cat", "red")}, "cat": {"t1": _give("ann", "blue")}})
    # round 2: bob and cat traded with once each, dan never; last round's partner: bob
    assert state["scores"]["ann"] == 201 + 100 + 10 + 2
    state, _ = step(state, {"ann": {"t1": _give("cat", "blue")}, "cat": {"t1": _give("ann", "blue")}})
    # round 3: cat a second time; last round's partner: cat
    assert state["scores"]["ann"] == 313 + 100 + 10 + 3 + 1000


def test_a_trade_with_a_barred_partner_is_refused_and_never_drawn() -> None:
    """house-62: a trade field's ``barred.players`` (``last_partners``) names whom the player may not trade with
    now: refused when saved with the field's ``why``; random legal moves never name them."""
    barred = {"players": "last_partners", "why": "you traded with them last round"}
    definition = v2(rounds=4, holdings=CUBES, round_plan=[rnd(fields=_fields(barred=barred))])
    state = start(["ann", "bob", "cat"], definition=definition)
    state, _ = step(state, {"ann": {"t1": _give("bob", "red")}, "bob": {"t1": _give("ann", "blue")}})
    with pytest.raises(RuleError, match="First trade: you may not trade with bob: you traded with them last round"):
        E.validate(state, "ann", {"t1": _give("bob", "red")})
    E.validate(state, "ann", {"t1": _give("cat", "red")})
    rng = Random(1)
    for _ in range(50):
        move = E.random_move(state, "ann", rng)
        assert all(v["with"] != "bob" for v in move.values() if isinstance(v, dict) and "with" in v)
    state, _ = step(state, {})
    E.validate(state, "ann", {"t1": _give("bob", "red")})  # two rounds on: no longer last round's partner


def test_the_form_offers_only_the_partners_left_and_only_to_the_sender() -> None:
    """house-62: the form's "with" offers the sender only the partners their ``barred`` formula leaves
    (``you.allowed``): ann, who traded with bob last round, is offered cat alone; bob's list is his own."""
    from games.house.play import player_exchanges

    barred = {"players": "last_partners", "why": "you traded with them last round"}
    definition = v2(rounds=4, holdings=CUBES, round_plan=[rnd(fields=_fields(barred=barred))])
    state = start(["ann", "bob", "cat"], definition=definition)
    state, _ = step(state, {"ann": {"t1": _give("bob", "red")}, "bob": {"t1": _give("ann", "blue")}})
    assert E.view(state, "ann")["you"]["allowed"] == {"t1": ["cat"], "t2": ["cat"]}
    assert E.view(state, "cat")["you"]["allowed"] == {"t1": ["ann", "bob"], "t2": ["ann", "bob"]}
    assert "allowed" not in str(E.view(state, None))
    spec = {**TRADE, "barred": barred, "players": ["ann", "bob", "cat"], "offered": ["cat"]}
    select = player_exchanges.fields_for(spec, "ann", None, "")["t1__with"]
    assert [c for c, _ in select.choices] == ["", "cat"]  # type: ignore[attr-defined]


def test_barred_players_is_a_formula_checked_on_save() -> None:
    errors = definition_errors(
        v2(holdings=CUBES, round_plan=[rnd(fields=[{**TRADE, "barred": {"players": "last_partner", "oops": 1}}])])
    )
    assert "round_plan[0].fields[0].barred.oops: is not a known key (known: players, why)" in errors
    assert any(e.startswith("round_plan[0].fields[0].barred.players: unknown name 'last_partner'") for e in errors)


def test_a_locked_item_cannot_be_given_until_unlocked() -> None:
    """house-63: a holding's ``locked`` names another holding: that many of it cannot be given or traded (a
    Diamond received in Year 5 kept through Year 6); refused when saved, saying how many are locked."""
    holdings = [
        {"name": "red", "start": 1, "min": 0, "visibility": "holder", "locked": "red_kept"},
        {"name": "blue", "start": 2, "min": 0, "visibility": "holder"},
        {"name": "red_kept", "label": "Reds received", "start": 0, "min": 0, "visibility": "holder"},
    ]
    effects = [{"to": "red_kept", "per": "trade", "amount": "received['red']"}]
    definition = v2(rounds=3, holdings=holdings, round_plan=[rnd(fields=_fields(), effects=effects)])
    state = start(["ann", "bob", "cat"], definition=definition)
    moves = {
        "ann": {"t1": _give("bob", "red"), "t2": _give("cat", "blue")},
        "bob": {"t1": _give("ann", "blue")},
        "cat": {"t1": _give("ann", "red")},
    }
    state, _ = step(state, moves)
    assert state["holdings"]["ann"]["red"] == 1 and state["holdings"]["ann"]["red_kept"] == 1
    with pytest.raises(RuleError, match=r"First trade: you may give 0 red, not 1: 1 is locked \(Reds received\)"):
        E.validate(state, "ann", {"t1": _give("bob", "red")})
    E.validate(state, "bob", {"t1": _give("ann", "red")})  # bob received no Red: his are free
    assert E.view(state, "ann")["you"]["holdings"]["red_kept"] == 1
    errors = definition_errors(v2(holdings=[{**holdings[0], "locked": "nothing"}, holdings[1]]))
    assert "holdings[0].locked: must name another holding (how many of this one are locked)" in errors


def test_a_player_sees_only_their_own_trades_and_spectators_none() -> None:
    """house-64: the trade history is hidden: a player's view lists their own trades only (``you.trades``), a
    spectator's none, the dealer's every one."""
    state = _match()
    moves = {
        "ann": {"t1": _give("bob", "red")},
        "bob": {"t1": _give("ann", "blue")},
        "cat": {"t1": _give("dan", "red")},
        "dan": {"t1": _give("cat", "blue")},
    }
    state, _ = step(state, moves)
    ann = E.view(state, "ann")
    assert ann["you"]["trades"] == [{"round": 1, "with": "bob", "gave": {"red": 1}, "got": {"blue": 1}}]
    assert "cat" not in str(ann["you"]["trades"]) and "dan" not in str(ann["you"]["trades"])
    public = E.view(state, None)
    assert "trades" not in str(public) and "trade_log" not in str(public)
    assert "'with': 'dan'" not in str(public)
    assert len(E.view(state, DEALER)["dealer"]["trades"]) == 2


def test_the_history_picked_by_a_written_handle_is_refused_on_save() -> None:
    """house-49 for the trade history: ``traded_with['bob']`` can never succeed (handles are not known when the game
    is designed), so it is refused when saved, naming the path; ``traded_with[me]``-style picks by a name stay."""
    bad = v2(
        holdings=CUBES, round_plan=[rnd(fields=_fields(), effects=[{"to": "score", "amount": "traded_with['bob']"}])]
    )
    errors = definition_errors(bad)
    assert any("round_plan[0].effects[0].amount" in e and "traded_with['bob']" in e for e in errors), errors
    good = v2(
        holdings=CUBES, round_plan=[rnd(fields=_fields(), effects=[{"to": "score", "amount": "max(trade_counts)"}])]
    )
    assert definition_errors(good) == []
