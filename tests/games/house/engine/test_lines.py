"""``lines.py``: lines an effect sends (FORMAT.md "Deals, the candidate order and lines in /2"; RULES.md house-74
to house-77). A private line is a hidden fact: only the players it names and the dealer read it, and only once it
is sent; checked over every viewer's view and the close's messages."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine.definition import definition_errors
from games.house.engine.formula import FormulaError, formula_compile
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, quote, start, step, texts

PLAYERS = ["ann", "bob", "cat"]
SCORE = {"to": "score", "who": "each", "amount": "n"}


def _match(*lines: dict[str, Any], **outcome: Any) -> dict[str, Any]:
    definition = v2(rounds=2, round_plan=[rnd(effects=[dict(SCORE), *lines])], scores={"visibility": "private"})
    return start(PLAYERS, definition=definition)


def _seen(state: dict[str, Any], viewer: str | None) -> str:
    return json.dumps(E.view(state, viewer))


def test_a_private_line_reaches_only_the_players_it_names_and_the_dealer() -> None:
    """FORMAT.md: "Only they read it (their private messages, their view's `you.told`) and the dealer
    (`dealer.private`); the public and the other players never do, on any page, answer or push" (house-75)."""
    quote("Only they read it (their private messages, their view's `you.told`) and the dealer (`dealer.private`)")
    line = {"to": "private", "who": "each", "when": "n > 5", "text": "'Secret: ' + me + ' has ' + text(score)"}
    before = _match(line)
    state, messages = step(before, {"ann": {"n": 7}, "bob": {"n": 2}, "cat": {"n": 1}})
    assert [(m.to, m.text) for m in messages if "Secret" in m.text] == [("ann", "Secret: ann has 7")]
    assert E.view(state, "ann")["you"]["told"] == {"Round 1": "Secret: ann has 7"}
    assert E.view(state, DEALER)["dealer"]["private"] == {"Round 1": {"ann": "Secret: ann has 7"}}
    for viewer in ("bob", "cat", None):
        assert "Secret" not in _seen(state, viewer), viewer
    for viewer in ("ann", "bob", "cat", None, DEALER):  # not before the close that sends it
        assert "Secret" not in _seen(before, viewer), viewer


def test_a_private_line_is_told_to_the_players_tell_names() -> None:
    """FORMAT.md: "`tell` (a formula giving a player or a list of players; left out: the player it was computed
    for ...) names who receives it": a line about one player sent to others, each their own message."""
    quote("`tell` (a formula giving a player or a list of players; left out: the player it was computed for;")
    line = {"to": "private", "who": "each", "when": "n > 5", "tell": "lowest", "text": "me + ' sent ' + text(n)"}
    state, messages = step(_match(line), {"ann": {"n": 7}, "bob": {"n": 2}, "cat": {"n": 2}})
    assert sorted((m.to, m.text) for m in messages if "sent" in m.text) == [
        ("bob", "ann sent 7"),
        ("cat", "ann sent 7"),
    ]
    assert "told" not in E.view(state, "ann")["you"]
    assert E.view(state, "cat")["you"]["told"] == {"Round 1": "ann sent 7"}


def test_a_line_says_the_values_the_next_round_starts_with() -> None:
    """FORMAT.md: "Lines are computed once the round's other effects are made and its points counted"
    (house-74): a line listed before the points' effect still reads the points."""
    quote("Lines are computed once the round's other effects are made and its points counted, in their order")
    line = {"to": "private", "who": "each", "text": "'Total ' + text(score)"}
    definition = v2(rounds=2, round_plan=[rnd(effects=[line, dict(SCORE)])], scores={"visibility": "private"})
    state, messages = step(start(PLAYERS, definition=definition), {"ann": {"n": 3}, "bob": {"n": 4}, "cat": {"n": 0}})
    assert texts(messages, "ann")[-1] == "Total 3" and texts(messages, "bob")[-1] == "Total 4"


def test_an_announcement_computed_by_a_formula_is_public() -> None:
    """FORMAT.md: "`{to: public, who, text, when}` announces a line (added to the round's announcement)"
    (house-76)."""
    quote("`{to: public, who, text, when}` announces a line (added to the round's announcement)")
    line = {"to": "public", "who": "match", "text": "'Sent in all: ' + text(sum(sent['n']))"}
    state, messages = step(_match(line), {"ann": {"n": 3}, "bob": {"n": 4}, "cat": {"n": 0}})
    assert "Sent in all: 7" in texts(messages)
    assert E.view(state, None)["public"]["history"][0]["announcement"] == "Sent in all: 7"


def test_an_empty_line_sends_nothing_and_a_line_that_cannot_be_computed_is_said() -> None:
    """house-74: an empty text sends nothing; house-40: a line that cannot be computed is not sent, and said."""
    empty = {"to": "private", "who": "each", "text": "''"}
    broken = {"to": "private", "who": "each", "text": "'x' + text(10 / n)"}
    state, messages = step(_match(empty, broken), {"ann": {"n": 0}, "bob": {"n": 5}, "cat": {"n": 5}})
    assert [m.text for m in messages if m.text.startswith("x")] == []  # skipped whole, as an effect is
    assert any("could not be computed, so it did nothing (round_plan[0].effects[2].text)" in t for t in texts(messages))
    assert "division by zero" in str(E.view(state, DEALER)["dealer"]["faults"])  # the why: the dealer's (house-40)


def test_lines_are_checked_when_saved() -> None:
    """An announcement with `tell`, a line computed once without `tell`, a misspelt name in a text: each an
    error naming its path."""
    bad = v2(
        round_plan=[
            rnd(
                effects=[
                    {"to": "public", "who": "each", "tell": "me", "text": "'x'"},
                    {"to": "private", "who": "match", "text": "'x'"},
                    {"to": "private", "who": "each", "text": "'x' + text(scroe)"},
                    {"to": "private", "who": "each", "text": "'x'", "amount": 2},
                ]
            )
        ]
    )
    errors = definition_errors(bad)
    assert any(e.startswith("round_plan[0].effects[0].tell: an announcement is told to everyone") for e in errors)
    assert any(e.startswith("round_plan[0].effects[1].tell: a line computed once") for e in errors)
    assert any(e.startswith("round_plan[0].effects[2].text: unknown name 'scroe'") for e in errors)
    assert any(e.startswith("round_plan[0].effects[3].amount: is not a known key") for e in errors)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("text(12)", "12"),
        ("text(-3)", "-3"),
        ("text(true)", "yes"),
        ("text(['ruby', 'onyx'])", "ruby, onyx"),
        ("text(['Red'] * 2 + ['Blue'] * 0 + 1 * ['Black'])", "Red, Red, Black"),
        ("rank(5, [5, 9, 5, 1])", 2),
        ("rank(0, [])", 1),
    ],
)
def test_formulas_build_texts_and_lists(text: str, value: object) -> None:
    """FORMAT.md: "`text(x)` (a number's digits, yes/no as `yes`/`no`, a list's items joined by ", "),
    `rank(x, list)` (1 + how many items are higher: the tied share a place), `+` joins two lists and `list * n`
    repeats one" (house-77)."""
    quote("`rank(x, list)` (1 + how many items are higher: the tied share a place)")
    assert formula_compile(text, path="t", names=[]).evaluate({}) == value


def test_a_list_a_formula_builds_is_bounded() -> None:
    """house-77: at most 1000 items."""
    with pytest.raises(FormulaError, match="a list longer than 1000 items"):
        formula_compile("['a'] * 1001", path="t", names=[]).evaluate({})
    with pytest.raises(FormulaError, match="a list longer than 1000 items"):
        formula_compile("(['a'] * 600) + (['b'] * 600)", path="t", names=[]).evaluate({})


@pytest.mark.parametrize("name", ["private", "public"])
def test_a_holding_may_not_be_named_like_a_line_target(name: str) -> None:
    """house-74: ``to: private`` and ``to: public`` tell a line, so a holding of either name could never be changed
    by an effect: the name is refused when saved, naming its path."""
    errors = definition_errors(v2(holdings=[{"name": name, "start": 0, "visibility": "holder"}]))
    assert any(e.startswith("holdings[0].name") and "keeps for itself" in e for e in errors), errors
