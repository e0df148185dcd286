"""What a dealer's formula costs: compile and evaluate, per candidate library, against plain Python.

    python bench/formula.py [seconds-per-figure]

Baseline (same run): Python's own `compile()` of the text and a call of a plain Python lambda
doing the same arithmetic. Candidates (issue 37): cel-python (`celpy`, pure Python CEL),
starlark-pyo3 (Rust starlark), simpleeval and asteval, each when installed (only the chosen one is
a dependency: `pip install cel-python starlark-pyo3 simpleeval asteval` in a scratch venv to see them
all), and `games.house.engine.formula`, the chosen library behind the house's checks (names, depth,
number bounds, the LRU cache). Then hostile texts, each in a child process with a 5 s limit: what
a few bytes cost each candidate, or that it refuses them.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ENV: dict[str, Any] = {
    "times_used": 3,
    "pot": 10,
    "players": 3,
    "score": 5,
    "a": 4,
    "b": 9,
    "answers": ["yes", "no", "yes"],
    "bids": [3, 8, 1, 8],
}
# (label, CEL text, Python/Starlark text, the plain-Python lambda of the baseline)
FORMULAS: list[tuple[str, str, str, Callable[[dict[str, Any]], Any]]] = [
    ("cost", "2 + times_used", "2 + times_used", lambda e: 2 + e["times_used"]),
    ("share", "pot * 2 / players", "pot * 2 // players", lambda e: e["pot"] * 2 // e["players"]),
    ("cond", "score > 3 ? 1 : 0", "1 if score > 3 else 0", lambda e: 1 if e["score"] > 3 else 0),
    (
        "minmax",
        "max(0, pot - 3 * players) + min(a, b)",
        "max(0, pot - 3 * players) + min(a, b)",
        lambda e: max(0, e["pot"] - 3 * e["players"]) + min(e["a"], e["b"]),
    ),
    (
        "list",
        "'yes' in answers && size(answers) > 2 && sum(bids) > 10",
        "'yes' in answers and len(answers) > 2 and sum(bids) > 10",
        lambda e: "yes" in e["answers"] and len(e["answers"]) > 2 and sum(e["bids"]) > 10,
    ),
]


def per_call(fn: Callable[[], object], budget: float) -> float:
    """Seconds per call of `fn`, run for about `budget` seconds (after one warm-up call)."""
    fn()
    n, t0 = 0, time.perf_counter()
    while True:
        for _ in range(20):
            fn()
        n += 20
        dt = time.perf_counter() - t0
        if dt >= budget:
            return dt / n


def cel_candidate() -> tuple[Callable[[str], Any], Callable[[Any, dict[str, Any]], Any]] | None:
    try:
        import celpy
        from celpy import celtypes
    except ImportError:
        return None
    environment = celpy.Environment()

    def cel_max(*xs: Any) -> Any:
        return max(xs)

    def cel_min(*xs: Any) -> Any:
        return min(xs)

    def cel_sum(xs: Any) -> Any:
        return celtypes.IntType(sum(xs))

    functions = {"max": cel_max, "min": cel_min, "sum": cel_sum}

    def compile_(text: str) -> Any:
        return environment.program(environment.compile(text), functions=functions)

    def evaluate(program: Any, env: dict[str, Any]) -> Any:
        return program.evaluate({k: celpy.json_to_cel(v) for k, v in env.items()})

    return compile_, evaluate


def starlark_candidate() -> tuple[Callable[[str], Any], Callable[[Any, dict[str, Any]], Any]] | None:
    try:
        import starlark as sl
    except ImportError:
        return None
    globals_ = sl.Globals.standard()

    def compile_(text: str) -> Any:
        return text, sl.parse("f.star", text)

    def evaluate(program: Any, env: dict[str, Any]) -> Any:
        # A parsed AstModule is consumed by eval: each evaluation parses again (the library's API).
        text, _ = program
        module = sl.Module()
        for k, v in env.items():
            module[k] = v
        return sl.eval(module, sl.parse("f.star", text), globals_)

    return compile_, evaluate


def simpleeval_candidate() -> tuple[Callable[[str], Any], Callable[[Any, dict[str, Any]], Any]] | None:
    try:
        import simpleeval
    except ImportError:
        return None
    functions = {"max": max, "min": min, "len": len, "sum": sum}
    evaluator = simpleeval.SimpleEval(functions=functions)

    def compile_(text: str) -> Any:
        return evaluator.parse(text)

    def evaluate(program: Any, env: dict[str, Any]) -> Any:
        evaluator.names = env
        return evaluator.eval("", previously_parsed=program)

    return compile_, evaluate


def asteval_candidate() -> tuple[Callable[[str], Any], Callable[[Any, dict[str, Any]], Any]] | None:
    try:
        import asteval
    except ImportError:
        return None
    interpreter = asteval.Interpreter(minimal=True)

    def compile_(text: str) -> Any:
        return interpreter.parse(text)

    def evaluate(program: Any, env: dict[str, Any]) -> Any:
        interpreter.symtable.update(env)
        return interpreter.run(program)

    return compile_, evaluate


def house_candidate() -> tuple[Callable[[str], Any], Callable[[Any, dict[str, Any]], Any]] | None:
    try:
        from games.house.engine import formula
    except ImportError:
        return None

    def compile_(text: str) -> Any:
        # The uncached path: what a first sight of a text costs (the module caches by text).
        return formula._compile_uncached(text, "bench", frozenset(ENV))

    def evaluate(program: Any, env: dict[str, Any]) -> Any:
        return program.evaluate(env)

    return compile_, evaluate


CANDIDATES = {
    "celpy": cel_candidate,
    "starlark": starlark_candidate,
    "simpleeval": simpleeval_candidate,
    "asteval": asteval_candidate,
    "house": house_candidate,
}
CEL_SYNTAX = {"celpy"}

HOSTILE: dict[str, list[tuple[str, str]]] = {
    # (label, text): a few bytes that would cost seconds or gigabytes if nothing bounded them.
    "celpy": [
        ("nested map 5x", "bids.map(a, bids.map(b, bids.map(c, bids.map(d, bids.map(e, a+b+c+d+e)))))"),
        ("deep parens 300", "(" * 300 + "1" + ")" * 300),
        ("int overflow", "9223372036854775807 + 1"),
    ],
    "starlark": [
        ("string repeat", "len('a' * 1000000000)"),
        ("comprehension 10^4x10^4", "len([1 for a in range(10000) for b in range(10000)])"),
    ],
    "simpleeval": [
        ("power", "9 ** 9 ** 9"),
        ("string repeat", "len('a' * 100000000)"),
    ],
    "asteval": [
        ("power", "9 ** 9 ** 9"),
        ("loop", "[1 for a in range(10000) for b in range(10000)]"),
    ],
    "house": [
        ("power tower", "9 ** 9 ** 9 ** 9"),
        ("string repeat", "len('a' * 10 ** 9)"),
        ("comprehension", "len([1 for a in bids for b in bids for c in bids])"),
        ("deep parens 240", "(" * 240 + "1" + ")" * 240),
        ("nested max 80", "max(" * 80 + "1" + ")" * 80),
        ("big literal", "1" * 499),
        ("method call", "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.count('a')"),
    ],
}

CHILD = """
import sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
import formula as b
make = b.CANDIDATES[{name!r}]()
t0 = time.perf_counter()
try:
    r = make[1](make[0]({text!r}), b.ENV)
    out = "value " + repr(r)[:40]
except BaseException as e:
    out = "refused: " + type(e).__name__ + ": " + str(e)[:70]
print(f"{{(time.perf_counter() - t0) * 1000:.1f}} ms  {{out}}")
"""


def hostile(name: str, text: str) -> str:
    code = CHILD.format(root=str(ROOT), bench=str(ROOT / "bench"), name=name, text=text)
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=5)
    except subprocess.TimeoutExpired:
        return "> 5 s (killed)"
    return (done.stdout.strip() or done.stderr.strip().splitlines()[-1])[:110]


def main() -> None:
    from _setup import machine

    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 0.3
    print(f"machine: {machine()}")
    print(f"\n{'formula':8} {'candidate':11} {'compile µs':>11} {'× base':>8} {'evaluate µs':>12} {'× base':>8}  value")
    makers = {name: make() for name, make in CANDIDATES.items()}
    for label, cel_text, py_text, fn in FORMULAS:
        base_compile = per_call(lambda py_text=py_text: compile(py_text, "<f>", "eval"), budget)
        base_eval = per_call(lambda fn=fn: fn(ENV), budget)
        print(
            f"{label:8} {'python':11} {base_compile * 1e6:11.1f} {1:8.1f} {base_eval * 1e6:12.2f} {1:8.1f}  {fn(ENV)!r}"
        )
        for name, made in makers.items():
            if made is None:
                continue
            compile_, evaluate = made
            text = cel_text if name in CEL_SYNTAX else py_text
            try:
                program = compile_(text)
                value = evaluate(program, ENV)
            except Exception as e:  # a candidate lacking a feature: say so, go on
                print(f"{label:8} {name:11} {'—':>11} {'':>8} {'—':>12} {'':>8}  {type(e).__name__}: {str(e)[:50]}")
                continue
            c = per_call(lambda compile_=compile_, text=text: compile_(text), budget)
            e = per_call(lambda evaluate=evaluate, program=program: evaluate(program, ENV), budget)
            print(
                f"{label:8} {name:11} {c * 1e6:11.1f} {c / base_compile:8.1f} {e * 1e6:12.2f} {e / base_eval:8.1f}  {value!r:.30}"
            )
    print("\nhostile texts (child process, 5 s limit):")
    for name, cases in HOSTILE.items():
        if makers.get(name) is None:
            continue
        for label, text in cases:
            print(f"  {name:11} {label:24} {hostile(name, text)}")


if __name__ == "__main__":
    main()
