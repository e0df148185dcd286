"""``named.py``: the top-level ``formulas`` block, names a dealer defines once and reuses (issue 43, part 2:
"the per-trade rules need about 22 effects and formulas past 500 characters"; RULES.md house-65, house-66)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.house.engine.definition import definition_clean, definition_errors
from games.house.engine.formula import MAX_DEPTH, FormulaError
from games.house.engine.named import MAX_PARTS, compile_named
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import E, start, step

CHIPS = [{"name": "chips", "start": 3, "min": 0}]


def _with(formulas: list[dict[str, Any]], amount: str = "bonus") -> dict[str, Any]:
    return v2(holdings=CHIPS, formulas=formulas, round_plan=[rnd(effects=[{"to": "score", "amount": amount}])])


def test_a_named_formula_is_used_by_name_and_with_values() -> None:
    """house-65: ``formulas: [{name, args, formula}]``; a use is the named formula with its values put in for its
    args, in any formula of the definition, reading what that formula may read."""
    formulas = [
        {"name": "bonus", "formula": "chips * 2"},
        {"name": "times", "args": ["a", "b"], "formula": "a * b"},
    ]
    state = start(["ann", "bob"], definition=_with(formulas, "times(bonus, round + 1)"))
    state, _ = step(state, {"ann": {"n": 1}, "bob": {"n": 1}})
    assert state["scores"] == {"ann": 12, "bob": 12}  # (3 * 2) * (1 + 1)
    assert definition_clean(_with(formulas))["formulas"][1] == {"name": "times", "args": ["a", "b"], "formula": "a * b"}


def test_a_definition_without_named_formulas_is_cleaned_as_before() -> None:
    assert "formulas" not in definition_clean(v2())


@pytest.mark.parametrize(
    ("formulas", "amount", "error"),
    [
        ([{"name": "a", "formula": "b + 1"}, {"name": "b", "formula": "a + 1"}], "a", "in a circle (a → b → a)"),
        ([{"name": "a", "formula": "a"}], "1", "formulas[0].formula: named formulas use each other in a circle"),
        ([{"name": "a", "formula": "chip + 1"}], "a", "formulas[0].formula: unknown name 'chip'"),
        ([{"name": "chips", "formula": "1"}], "1", 'formulas[0].name: "chips" is already a name formulas read'),
        ([{"name": "min", "formula": "1"}], "1", 'formulas[0].name: "min" is already a name formulas read'),
        ([{"name": "a", "formula": "1"}, {"name": "a", "formula": "2"}], "a", "formulas[1].name: "),
        ([{"name": "a", "formula": "1", "x": 1}], "a", "formulas[0].x: is not a known key"),
        ([{"name": "a", "args": ["x"], "formula": "x"}], "a", "round_plan[0].effects[0].amount: 'a' takes 1 value"),
        ([{"name": "a", "formula": "1"}], "a(2)", "round_plan[0].effects[0].amount: 'a' takes 0 value(s), got 1"),
        ([{"name": "a", "formula": "1 + " * 130 + "1"}], "a", "formulas[0].formula: the formula is 521 characters"),
    ],
)
def test_named_formulas_are_checked_on_save_naming_the_path(
    formulas: list[dict[str, Any]], amount: str, error: str
) -> None:
    """house-66: no circle, every name known, a name of its own, the right number of values; each text at most
    500 characters (the formula limits hold); every error names its path."""
    errors = definition_errors(_with(formulas, amount))
    assert any(error in e for e in errors), errors


def test_a_chain_of_uses_cannot_grow_a_formula_past_the_bounds() -> None:
    """house-66: written out, a formula stays within ``MAX_DEPTH`` levels and ``MAX_PARTS`` parts, so a chain of
    doublings (each use twice) is refused when saved, not evaluated for minutes."""
    chain = [{"name": "f0", "formula": "chips + 1"}]
    chain += [{"name": f"f{i}", "formula": f"f{i - 1} + f{i - 1}"} for i in range(1, 20)]
    errors = definition_errors(_with(chain, "f19"))
    assert any(f"over {MAX_PARTS} parts" in e for e in errors), errors
    deep = [{"name": "d0", "formula": "chips"}]
    deep += [{"name": f"d{i}", "formula": f"-(-(-(-(d{i - 1}))))"} for i in range(1, 20)]  # 4 levels each
    assert MAX_DEPTH < 4 * 19
    errors = definition_errors(_with(deep, "d19"))
    assert any("nested too deeply" in e for e in errors), errors


def test_a_field_may_not_share_a_named_formulas_name() -> None:
    errors = definition_errors(v2(formulas=[{"name": "n", "formula": "1"}]))
    assert any(e.startswith('round_plan[0].fields[0].name: "n" is already the name of a named formula') for e in errors)


def test_compile_named_caches_and_reports_the_using_path() -> None:
    defs = (("twice", ("x",), "x * 2"),)
    one = compile_named("twice(a)", path="p", names=["a"], defs=defs)
    assert one is compile_named("twice(a)", path="p", names=["a"], defs=defs)
    assert one.evaluate({"a": 4}) == 8
    with pytest.raises(FormulaError, match="^q: unknown name 'b'"):
        compile_named("twice(b)", path="q", names=["a"], defs=defs)


def test_the_gems_sample_writes_each_per_trade_rule_once() -> None:
    """Issue 43: the gems' per-trade rules, once each (``own``, ``side``, ``favor``), every year's Favor from a
    trade one effect ``favor(given, received)``; no formula text past the limit."""
    from games.house.engine.samples import sample_definition

    d = sample_definition("exodus_gems")
    assert [f["name"] for f in d["formulas"]][:4] == ["topaz_traded", "own", "side", "favor"]
    per_trade = [e for r in d["round_plan"] for e in r["effects"] if e.get("amount") == "favor(given, received)"]
    assert len(per_trade) == 7 and all(e["per"] == "trade" for e in per_trade)
    assert E.validate(E.setup(["a", "b", "c", "d"], {"definition": d}, Random(0)), "a", {}) == {}


def test_a_table_picked_from_is_built_once_and_reads_the_same() -> None:
    """A list of constants only picked from (a year's table, ``[3, 4, 5][round - 1]``) is built when compiled; a
    list compared whole stays a list (``[1] == l``)."""
    defs = (("pay", (), "[3, 4, 5][round - 1]"),)
    pick = compile_named("pay + len([1, 2])", path="p", names=["round"], defs=defs)
    assert [pick.evaluate({"round": r}) for r in (1, 2, 3)] == [5, 6, 7]
    with pytest.raises(FormulaError, match="past the end"):
        pick.evaluate({"round": 4})
    whole = compile_named("[1] == l and pay == 3", path="q", names=["round", "l"], defs=defs)
    assert whole.evaluate({"round": 1, "l": [1]}) is True
