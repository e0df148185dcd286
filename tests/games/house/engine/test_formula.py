"""Dealers' formulas (games/house/engine/formula.py, FORMAT.md "Formulas"): the dealer's examples give
whole numbers, every bound is refused cheaply with an error naming the definition path, names are
checked when the formula is compiled, and results are the same on every run."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from typing import Any

import pytest

from games.house.engine.formula import (
    MAX_DEPTH,
    MAX_NUMBER,
    MAX_TEXT,
    Formula,
    FormulaError,
    formula_bool,
    formula_compile,
    formula_int,
)

PATH = "round_plan[0].resolve.payoff"
P = re.escape(PATH)
ENV: dict[str, Any] = {
    "pot": 10,
    "players": 3,
    "times_used": 2,
    "score": 5,
    "bids": [3, 8, 1, 8],
    "answers": ["yes", "no", "yes"],
    "choice": "yes",
    "me": "ann",
    "winners": ["ann", "bob"],
    "scores": {"ann": 4, "bob": 7},
    "won": True,
}


def compiled(text: str, names: Any = None) -> Formula:
    return formula_compile(text, path=PATH, names=ENV if names is None else names)


def value(text: str, env: dict[str, Any] | None = None) -> Any:
    return compiled(text).evaluate(ENV if env is None else env)


def refusal(text: str, env: dict[str, Any] | None = None) -> str:
    with pytest.raises(FormulaError) as caught:
        value(text, env)
    assert caught.value.path == PATH
    assert str(caught.value) == f"{PATH}: {caught.value.message}"
    return caught.value.message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2 + times_used", 4),
        ("pot * 2 / players", 6),  # 20 / 3: the remainder is dropped
        ("pot * 2 // players", 6),
        ("-7 / 2", -3),  # toward zero, as a spreadsheet's QUOTIENT
        ("7 % 3", 1),
        ("-7 % 2", -1),
        ("2 ** 10", 1024),
        ("1 if score > 3 else 0", 1),
        ("max(0, pot - 4 * players) + min(score, 2)", 2),
        ("max(bids) - min(bids)", 7),
        ("abs(players - pot)", 7),
        ("sum(bids)", 20),
        ("count(bids, 8)", 2),
        ("count(answers, choice)", 2),
        ("len(answers)", 3),
        ("scores[me] + scores['bob']", 11),
        ("bids[0] + bids[-1]", 11),
    ],
)
def test_the_dealers_examples_give_whole_numbers(text: str, expected: int) -> None:
    assert formula_int(compiled(text), ENV) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("score > 3 and not won", False),
        ("score >= 5 or won", True),
        ("me in winners", True),
        ("'cy' not in winners", True),
        ("choice == 'yes'", True),
        ('choice != "no"', True),
        ("1 < score <= 5", True),
        ("won == true", True),
        ("'ann' < 'bob'", True),
        ("len(answers) in [3, 4]", True),
        ("me in scores", True),
        ("1 == true", False),  # kinds never mix: a number is not a yes/no
    ],
)
def test_conditions_give_yes_or_no(text: str, expected: bool) -> None:
    assert formula_bool(compiled(text), ENV) is expected


def test_a_formula_knows_the_names_it_reads() -> None:
    formula = compiled("pot * 2 / players + count(bids, 8)")
    assert formula.names == frozenset({"pot", "players", "bids"})
    assert formula.text == "pot * 2 / players + count(bids, 8)"


def test_only_the_names_read_need_a_value() -> None:
    assert formula_int(compiled("pot + 1"), {"pot": 1}) == 2


def test_an_unknown_name_is_refused_at_compile_time_naming_the_path_and_the_known_names() -> None:
    with pytest.raises(FormulaError) as caught:
        formula_compile("pott * 2", path=PATH, names=["pot", "players"])
    assert str(caught.value) == f"{PATH}: unknown name 'pott' (did you mean 'pot'? known: players, pot)"


def test_a_missing_value_is_refused_naming_the_path() -> None:
    with pytest.raises(FormulaError, match=rf"^{P}: no value for 'players'$"):
        formula_int(compiled("pot / players"), {"pot": 1})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pot / 0", "division by zero"),
        ("pot % (players - 3)", "remainder of a division by zero"),
        ("bids[9]", "a position past the end of the list"),
        ("scores['zed']", "no entry 'zed' in that table"),
        ("choice * 3", "* needs whole numbers, got a text ('yes')"),
        ("won + 1", "+ needs whole numbers, got a yes/no value (true)"),
        ("pot > 'a'", "> cannot compare a number (10) with a text ('a')"),
        ("min(bids[0:0])", None),  # a slice: refused when compiled, see below
        ("sum(answers)", "sum() needs whole numbers, got a text ('yes')"),
        ("count(pot, 1)", "count() needs a list, got a number (10)"),
        ("3 in pot", "'in' needs a list, a table or a text on its right, got a number"),
    ],
)
def test_runtime_errors_name_the_path(text: str, message: str | None) -> None:
    if message is None:
        with pytest.raises(FormulaError, match=f"^{P}: slices are not available$"):
            compiled(text)
        return
    assert refusal(text) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the formula is empty"),
        ("pot +", "cannot read the formula: invalid syntax at the end"),
        ("pot pot", "cannot read the formula: invalid syntax at character 5"),
        ("x.__class__", "'.' is not available: write table['key']"),
        ("[b for b in bids]", "list comprehensions are not available: use count(), sum(), min() or max()"),
        ("sum(b for b in bids)", "comprehensions are not available: use count(), sum(), min() or max()"),
        ("lambda: 1", "lambda is not available"),
        (
            "open('x')",
            "unknown function 'open' (known: abs, count, distinct, filter, len, max, min, rank, sum, sum_if, text)",
        ),
        ("max", "max is a function: write max(…)"),
        ("max(bids, key=abs)", "functions take no named arguments"),
        ("abs(1, 2)", "abs() takes 1 value, got 2"),
        ("1.5 * pot", "1.5 is not a whole number: formulas count in whole numbers"),
        ("None", "None is not available in a formula"),
        ("{'a': 1}", "tables cannot be written in a formula"),
        ("f'{pot}'", "f-strings are not available"),
        ("pot & 1", "'&' is not available in a formula: write and"),
        ("pot is 1", "'is' is not available in a formula: write =="),
        ("pot ^ 2", "'^' is not available in a formula: a power is written **"),
        ("pot << 2", "'<<' is not available in a formula"),
        ("IF(won, 1, 0)", "there is no IF(): write A if CONDITION else B"),
        (
            "MAX(pot, 1)",
            "unknown function 'MAX' (did you mean 'max'? known: abs, count, distinct, filter, len, max, min, rank, sum, sum_if, text)",
        ),
        (
            "2 + times used",
            "cannot read the formula: invalid syntax at character 11 (names have no spaces: did you mean times_used?)",
        ),
        ("won && pot > 1", "cannot read the formula: invalid syntax at character 6 (write and instead of &&)"),
        ("won || won", "cannot read the formula: invalid syntax at character 6 (write or instead of ||)"),
        ("pot <> 1", "cannot read the formula: invalid syntax at character 5 (write != instead of <>)"),
        (
            "won ? 1 : 0",
            "cannot read the formula: invalid syntax at character 5 (write A if CONDITION else B instead of CONDITION ? A : B)",
        ),
        ("!won", "cannot read the formula: invalid syntax at character 1 (write not instead of !)"),
        (
            "choice = 'yes'",
            "cannot read the formula: invalid syntax at character 8 (write == to compare; = alone is not available)",
        ),
        ("pot\x00", "the formula contains a control character ('\\x00')"),
        (str(MAX_NUMBER * 10), f"the number {MAX_NUMBER * 10} is too large (at most 1,000,000,000,000 either way)"),
    ],
)
def test_what_the_language_lacks_is_refused_when_compiled(text: str, message: str) -> None:
    with pytest.raises(FormulaError) as caught:
        compiled(text)
    assert (caught.value.path, caught.value.message) == (PATH, message)


def test_a_formula_past_the_length_bound_is_refused() -> None:
    text = "1" + " + 1" * ((MAX_TEXT // 4) + 1)
    with pytest.raises(FormulaError, match=rf"^{P}: the formula is {len(text)} characters long \(at most 500\)$"):
        compiled(text)


def test_a_formula_nested_too_deeply_is_refused() -> None:
    text = "-" * (MAX_DEPTH + 5) + "1"
    with pytest.raises(FormulaError, match=rf"^{P}: the formula is nested too deeply \(at most {MAX_DEPTH} levels\)$"):
        compiled(text)
    with pytest.raises(FormulaError, match=rf"^{P}: cannot read the formula"):
        compiled("(" * 240 + "1" + ")" * 240)


def test_a_long_sum_within_the_bounds_still_works() -> None:
    text = " + ".join(["pot"] * 50)
    assert formula_int(compiled(text), ENV) == 500


@pytest.mark.parametrize(
    ("text", "env", "message"),
    [
        (
            "pot * pot",
            {"pot": MAX_NUMBER},
            f"the result {MAX_NUMBER**2} is too large (at most 1,000,000,000,000 either way)",
        ),
        (
            "pot + 1",
            {"pot": MAX_NUMBER * 5},
            f"the number {MAX_NUMBER * 5} is too large (at most 1,000,000,000,000 either way)",
        ),
        ("9 ** 9 ** 9", None, "the power 9 ** 387420489 is too large (at most 1,000,000,000,000 either way)"),
        ("2 ** 45", None, f"the result {2**45} is too large (at most 1,000,000,000,000 either way)"),
        ("2 ** -1", None, "a power needs a whole exponent of 0 or more"),
        (
            "sum(bids)",
            {"bids": [MAX_NUMBER, MAX_NUMBER]},
            f"the result {2 * MAX_NUMBER} is too large (at most 1,000,000,000,000 either way)",
        ),
        (
            "pot",
            {"pot": MAX_NUMBER + 1},
            f"the result {MAX_NUMBER + 1} is too large (at most 1,000,000,000,000 either way)",
        ),
        ("choice + choice + choice", {"choice": "x" * 400}, "a text longer than 1000 characters"),
    ],
)
def test_numbers_and_texts_are_bounded(text: str, env: dict[str, Any] | None, message: str) -> None:
    started = time.process_time()
    assert refusal(text, env) == message
    assert time.process_time() - started < 0.5


def test_hostile_texts_cost_milliseconds_not_seconds() -> None:
    hostile = [
        "9 ** 9 ** 9 ** 9",
        "choice * 1000000000",
        "'x' * 10 ** 9",
        "max(" * 80 + "1" + ")" * 80,
        "(" * 240 + "1" + ")" * 240,
        "not " * 120 + "won",
        "[" * 200 + "]" * 200,
        "1" * 499,
    ]
    for text in hostile:
        started = time.process_time()
        with pytest.raises(FormulaError):
            value(text)
        assert time.process_time() - started < 0.2, text


def test_formula_int_and_formula_bool_refuse_the_other_kind() -> None:
    with pytest.raises(FormulaError, match=rf"^{P}: gives a yes/no value \(true\), not a whole number$"):
        formula_int(compiled("pot > 1"), ENV)
    with pytest.raises(FormulaError, match=rf"^{P}: gives a number \(10\), not yes/no \(true or false\)$"):
        formula_bool(compiled("pot"), ENV)
    with pytest.raises(FormulaError, match=rf"^{P}: a formula is a text, got a number$"):
        formula_compile(3, path=PATH, names=[])  # type: ignore[arg-type]


def test_the_same_text_compiles_once() -> None:
    assert compiled("pot + 2") is compiled("pot + 2")
    assert formula_compile("pot + 2", path="other.path", names=ENV).path == "other.path"


def test_evaluation_leaves_the_values_and_the_functions_alone() -> None:
    from games.house.engine import formula

    env = {"bids": [3, 1, 2]}
    assert formula_int(compiled("max(bids) + min(bids)", ["bids"]), env) == 4
    assert env == {"bids": [3, 1, 2]}
    assert sorted(formula.FUNCTIONS) == [
        "abs",
        "count",
        "distinct",
        "filter",
        "len",
        "max",
        "min",
        "rank",
        "sum",
        "sum_if",
        "text",
    ]
    with pytest.raises(FormulaError, match="unknown function 'list'"):
        compiled("list(bids)")


def test_results_are_the_same_in_a_fresh_process() -> None:
    texts = ["pot * 2 / players", "-7 / 2", "max(bids) - count(bids, 8)", "me in winners and score > 3"]
    here = [compiled(t).evaluate(ENV) for t in texts]
    code = (
        "import json, sys; from games.house.engine.formula import formula_compile as c;"
        f"env = {ENV!r}; print(json.dumps([c(t, path='p', names=env).evaluate(env) for t in {texts!r}]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": "123"}
    )
    assert out.stdout.strip() == __import__("json").dumps(here)


def test_a_missing_move_reads_as_nothing_in_an_error() -> None:
    assert refusal("pot + 1", {"pot": None}) == "+ needs whole numbers, got nothing (none)"


def test_threads_evaluate_side_by_side_without_mixing_their_values() -> None:
    from concurrent.futures import ThreadPoolExecutor

    formula = compiled("pot * 2 / players")

    def one(n: int) -> int:
        return formula_int(formula, {"pot": n, "players": 1})

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(one, range(2000))) == [2 * n for n in range(2000)]
