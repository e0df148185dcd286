"""Private lines an effect sends (RULES.md house-75) over every surface: a match played through the services, each
player told a line only they (and the dealer) may read; every viewer's match page, its history, live part, log,
the API's match and messages, and every websocket push hold only the lines addressed to them."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine.definition import definition_clean
from tests.games.house.pages import house_match, open_turn
from tests.games.house.test_leaks import _everything_seen, _group_owner, _submit, sent

pytestmark = pytest.mark.django_db
__all__ = ["sent"]  # the push-catching fixture, shared

PLAYERS = ["ann", "bob", "cat"]
VIEWERS: list[str | None] = [None, "watcher", "ann", "bob", "cat", "host"]

DEFINITION: dict[str, Any] = {
    "schema": "garnet-house/2",
    "title": "Whispers",
    "kind": "main",
    "players": {"min": 3, "max": 6},
    "rounds": 3,
    "round_plan": [
        {
            "label": "Round",
            "fields": [{"name": "n", "label": "Your number", "type": "number", "min": 0, "max": 9}],
            "resolve": {"by": "none"},
            "effects": [
                {"to": "score", "who": "each", "amount": "n"},
                {"to": "private", "who": "each", "text": "'WHISPER-' + me + '-' + text(n * 111)"},
                {"to": "public", "who": "match", "text": "'SAID-ALOUD-' + text(sum(sent['n']))"},
            ],
        }
    ],
}


def _line(player: str, n: int) -> str:
    return f"WHISPER-{player}-{n * 111}"


def test_a_private_line_reaches_only_its_player_and_the_dealer_on_every_surface(
    sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    match = house_match(definition_clean(DEFINITION), players=PLAYERS)
    picks = {"ann": 3, "bob": 5, "cat": 7}
    before = {who: _everything_seen(match, who) for who in VIEWERS}
    assert not any("WHISPER" in seen for seen in before.values())  # nobody reads a line before it is sent
    for p, n in picks.items():
        _submit(p, match, {"n": str(n)}, django_capture_on_commit_callbacks)
    assert open_turn(match).number == 2

    own = {p: {_line(p, n)} for p, n in picks.items()}
    problems, seen = _who_read_what(match, VIEWERS, own, sent)
    problems += [f"{who or 'the public'} missed the public line" for who in VIEWERS if "SAID-ALOUD-15" not in seen[who]]
    assert not problems, "\n".join(problems[:30])


TRADE = {"type": "trade", "holdings": ["red", "blue"], "terms": "each_gives", "one_for_one": True, "public": False}
PER_TRADE: dict[str, Any] = {
    "schema": "garnet-house/2",
    "title": "Whispers per trade",
    "kind": "main",
    "players": {"min": 4, "max": 6},
    "rounds": 2,
    "scores": {"visibility": "private"},
    "holdings": [
        {"name": "red", "start": 2, "min": 0, "visibility": "holder"},
        {"name": "blue", "start": 2, "min": 0, "visibility": "holder"},
    ],
    "round_plan": [
        {
            "label": "Round",
            "fields": [
                {**TRADE, "name": "t1", "label": "First trade", "required": False},
                {**TRADE, "name": "t2", "label": "Second trade", "required": False},
            ],
            "resolve": {"by": "none"},
            "effects": [
                # told, for each trade in which the player received a Red, to the partner who gave it (house-67)
                {
                    "to": "private",
                    "who": "each",
                    "per": "trade",
                    "when": "received['red'] > 0",
                    "tell": "partner",
                    "text": "'TRADELINE-' + me + '-FROM-' + partner + '-RED-' + text(red)",
                },
            ],
        }
    ],
}


def test_a_line_per_trade_reaches_only_the_partner_named_and_the_dealer_on_every_surface(
    sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    """house-67, house-75: a line ``per: trade`` with ``tell: partner`` reaches that trade's partner alone: ann got
    a Red from bob (and a Blue from cat), cat got a Red from dan; bob and dan are told, each their own line, and
    the dealer both; ann and cat (whom the lines are about), the other players, a watcher and the public never
    read them, on any page, answer or push."""
    from tests.games.house.test_leaks2 import _close, _move

    players = ["ann", "bob", "cat", "dan"]
    match = house_match(definition_clean(PER_TRADE), players=players)
    give = [("ann", "t1", "bob", "blue"), ("ann", "t2", "cat", "blue"), ("bob", "t1", "ann", "red")]
    give += [("cat", "t1", "ann", "blue"), ("cat", "t2", "dan", "blue"), ("dan", "t1", "cat", "red")]
    moves: dict[str, dict[str, Any]] = {}
    for p, field, partner, gem in give:
        moves.setdefault(p, {})[field] = {"with": partner, "give": {gem: 1}}
    for p, move in moves.items():
        _move(match, p, move)
    _close(match, django_capture_on_commit_callbacks)
    assert open_turn(match).number == 2

    own = {"bob": {"TRADELINE-ann-FROM-bob-RED-3"}, "dan": {"TRADELINE-cat-FROM-dan-RED-3"}}
    problems, _ = _who_read_what(match, [None, "watcher", *players, "host"], own, sent)
    assert not problems, "\n".join(problems[:30])


def _who_read_what(
    match: Any, viewers: list[str | None], own: dict[str, set[str]], sent: list[tuple[str, dict[str, Any]]]
) -> tuple[list[str], dict[str | None, str]]:
    """Every viewer's surfaces and every push held to ``own`` (each player's lines; the host and the dealer's
    pushes read them all): who read a line not theirs, who missed one of theirs; and what each viewer saw."""
    hidden = set().union(*own.values())
    problems: list[str] = []
    seen = {who: _everything_seen(match, who) for who in viewers}
    for who, text in seen.items():
        allowed = hidden if who == "host" else own.get(who or "", set())
        problems += [f"{who or 'the public'} read {t!r}" for t in sorted(hidden - allowed) if t in text]
        problems += [f"{who or 'the public'} missed {t!r}" for t in sorted(allowed) if t not in text]
    assert sent, "the close pushed nothing"
    for group, payload in sent:
        owner = _group_owner(match, group)
        text = html.unescape(json.dumps(payload))
        allowed = hidden if owner == DEALER else own.get(owner or "", set())
        problems += [f"a push to {owner or group} carried {t!r}" for t in sorted(hidden - allowed) if t in text]
    return problems, seen
