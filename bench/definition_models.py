"""What typed, immutable definitions would cost a close (issue 43): three ways to hold a dealer's definition.

    python bench/definition_models.py [--repeat 200]

A cleaned definition (``definition_clean``) is a JSON dict kept in the match's state, so an engine that
reads typed models must build them from that dict: at every close, or once per process if they are kept
by the definition's digest. For every sample this prints, in microseconds of CPU per definition, the
close itself as today (``resolve`` of one round, best of the repeats, the baseline of the same run) beside
the cost of building the models from the dict with each candidate:

- ``dataclasses``: frozen slotted standard-library dataclasses, built by a small recursive converter;
- ``msgspec``: frozen ``msgspec.Struct`` types (fields a tagged union on ``type``), ``msgspec.convert``;
- ``pydantic``: frozen pydantic v2 dataclasses (fields a discriminated union), a ``TypeAdapter``.

msgspec and pydantic are not dependencies: install them in a scratch venv to see them
(``pip install msgspec pydantic``); a missing one prints "not installed". The three model sets are made
from one table (``SHAPES``), so they hold the same attributes; a sample a candidate refuses is named on
standard error with the path it names. Kept by a digest the state holds from setup, models cost a close
one dict lookup, whichever candidate builds them.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import operator
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from random import Random
from typing import Any, Literal

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.house.engine import HouseEngine  # noqa: E402
from games.house.engine.definition import definition_clean  # noqa: E402
from games.house.engine.samples import sample_definitions  # noqa: E402

# One table of the cleaned /2 definition's objects: class -> [(key, type, default)]; MISSING = required.
# A type names another class of the table by its name (a string); "list:X" is a tuple of X; "union" the
# field kinds, tagged by "type".
M = dataclasses.MISSING
FORMULA = str | int | None
FIELD_COMMON: list[tuple[str, Any, Any]] = [
    ("name", str, M),
    ("label", str, M),
    ("help", str, ""),
    ("required", bool, True),
    ("for", str, "all"),
    ("allowed", str | None, None),
    ("refusal", str | None, None),
    ("required_if", str | None, None),
    ("default", Any, None),
]
FIELD_KINDS: dict[str, list[tuple[str, Any, Any]]] = {
    "choice": [("choices", "list:str", M)],
    "number": [("min", int, 0), ("max", int, 100)],
    "player": [("not_self", bool, True), ("alive_only", bool, True)],
    "players": [("not_self", bool, True), ("alive_only", bool, True), ("count_min", int, 1), ("count_max", int, 1)],
    "pairing": [],
    "text": [("max_length", int, 200)],
    "garnets": [("min", int, 0), ("max", int, 100), ("pays", str | None, None)],
    "flag": [("cost", Any, None)],
    "give": [("holding", str | None, None), ("pile", str | None, None), ("max", int, 1)],
    "trade": [
        ("holdings", "list:str", ()),
        ("max", int, 100),
        ("public", bool, False),
        ("terms", str, "each_gives"),
        ("one_for_one", bool, False),
        ("barred", Any, None),
    ],
    "card": [("pile", str, M), ("to", str | None, None)],
    "draw": [("pile", str, M), ("from", str | None, None)],
    "order": [],
}
SHAPES: dict[str, list[tuple[str, Any, Any]]] = {
    "Effect": [
        ("to", str, M),
        ("who", str, "each"),
        ("amount", FORMULA, None),
        ("when", str | None, None),
        ("per", str | None, None),
        ("text", str | None, None),
        ("tell", str | None, None),
    ],
    "Deal": [("pile", str, M), ("count", FORMULA, 1), ("replace", bool, False)],
    "Resolve": [
        ("by", str, M),
        ("mechanic", str | None, None),
        ("params", dict[str, Any] | None, None),
        ("review", bool, False),
        ("key", str | None, None),
        ("among", str | None, None),
        ("ties", str | None, None),
        ("field", str | None, None),
        ("matrix", dict[str, Any] | None, None),
        ("role", str | None, None),
        ("double", Any, None),
        ("role_double", Any, None),
    ],
    "Round": [
        ("label", str, M),
        ("awaits", str, "all"),
        ("seconds", int | None, None),
        ("reveal", str, "none"),
        ("fields", "list:union", ()),
        ("resolve", "Resolve", M),
        ("when", str | None, None),
        ("order", str, "together"),
        ("again", str | None, None),
        ("deal", "list:Deal", ()),
        ("effects", "list:Effect", ()),
        ("shows", dict[str, Any] | None, None),
    ],
    "Holding": [
        ("name", str, M),
        ("label", str, M),
        ("start", FORMULA, 0),
        ("min", int | None, None),
        ("max", int | None, None),
        ("visibility", str, "holder"),
        ("locked", str | None, None),
    ],
    "Counter": [("name", str, M), ("label", str, M), ("start", int, 0)],
    "Card": [
        ("label", str, M),
        ("value", int, 0),
        ("suit", str, ""),
        ("copies", FORMULA, 1),
        ("owner", str | None, None),
    ],
    "Deck": [("name", str, M), ("label", str, M), ("cards", "list:Card", ())],
    "Pile": [
        ("name", str, M),
        ("label", str, M),
        ("deck", str, M),
        ("deal", FORMULA, 0),
        ("visibility", str, "holder"),
        ("distinct", Any, False),
        ("own", bool, False),
        ("refill", Any, None),
    ],
    "Row": [
        ("name", str, M),
        ("label", str, M),
        ("deck", str, M),
        ("deal", FORMULA, 0),
        ("face_up", Any, True),
        ("distinct", Any, None),
    ],
    "Hands": [("ends", Any, None), ("effects", "list:Effect", ()), ("out", Any, None), ("button", Any, None)],
    "Role": [("name", str, M), ("label", str, M), ("order", Any, None), ("every", Any, None)],
    "Formula": [("name", str, M), ("args", "list:str", ()), ("formula", str, M)],
    "Secret": [("name", str, M), ("label", str, M), ("values", "list:str", M)],
    "Players": [("min", int, M), ("max", int, M)],
    "Scores": [("label", str, "Score"), ("start", int, 0), ("visibility", str, "public")],
    "End": [
        ("after_rounds", bool, True),
        ("first_to", int | None, None),
        ("last_standing", bool, False),
        ("when", str | None, None),
    ],
    "Outcome": [
        ("winners", str, "top"),
        ("tokens", Any, ()),
        ("candidates", str, "bottom"),
        ("garnets", dict[str, Any] | None, None),
        ("max_winners", int | None, None),
        ("last_tie", str | None, None),
        ("silent_pick", str | None, None),
        ("candidate_ties", Any, ()),
        ("candidate_order", "list:str", ()),
    ],
    "Definition": [
        ("schema", str, M),
        ("title", str, M),
        ("kind", str, "main"),
        ("rules", str, ""),
        ("players", "Players", M),
        ("turn_seconds", int, M),
        ("tally_seconds", int, M),
        ("rounds", int | None, None),
        ("scores", "Scores", M),
        ("secrets", "list:Secret", ()),
        ("round_plan", "list:Round", ()),
        ("end", "End", M),
        ("outcome", "Outcome", M),
        ("plan_repeat", str, "last"),
        ("holdings", "list:Holding", ()),
        ("roles", "list:Role", ()),
        ("counters", "list:Counter", ()),
        ("decks", "list:Deck", ()),
        ("piles", "list:Pile", ()),
        ("rows", "list:Row", ()),
        ("hands", "Hands | None", None),
        ("formulas", "list:Formula", ()),
    ],
}


def _attr(key: str) -> str:
    return key + "_" if key in ("for", "from") else key


# --- 1. standard-library dataclasses and a recursive converter ---------------------------------------------


def _stdlib_models() -> Callable[[Mapping[str, Any]], Any]:
    classes: dict[str, type] = {}
    converters: dict[str, Callable[[Any], Any]] = {}

    def make(name: str, shape: list[tuple[str, Any, Any]]) -> type:
        fields = [
            (_attr(k), object, dataclasses.field(default=d) if d is not M else dataclasses.field())
            for k, _t, d in shape
        ]
        return dataclasses.make_dataclass(name, fields, frozen=True, slots=True, kw_only=True)

    def conv_for(t: Any) -> Callable[[Any], Any]:
        if isinstance(t, str):
            if t.startswith("list:"):
                inner = conv_for(t[5:])
                return lambda v: tuple(inner(x) for x in v)
            if t == "union":
                return lambda v: converters["Field:" + v["type"]](v)
            if t.endswith(" | None"):
                inner = conv_for(t[: -len(" | None")])
                return lambda v: None if v is None else inner(v)
            if t in SHAPES or t.startswith("Field:"):
                return lambda v: converters[t](v)
            return lambda v: v
        return lambda v: v

    def build(name: str, shape: list[tuple[str, Any, Any]]) -> None:
        cls = make(name, shape)
        classes[name] = cls
        plan = [(k, _attr(k), conv_for(t)) for k, t, _d in shape]

        def convert(v: Mapping[str, Any]) -> Any:
            return cls(**{a: c(v[k]) for k, a, c in plan if k in v})

        converters[name] = convert

    for kind, extra in FIELD_KINDS.items():
        build("Field:" + kind, [("type", str, kind), *FIELD_COMMON, *extra])
    for name, shape in SHAPES.items():
        build(name, shape)
    return converters["Definition"]


def _typing(t: Any, made: Mapping[str, Any], union: Callable[[list[Any]], Any]) -> Any:
    """The annotation of a table type ``t`` over the classes ``made`` so far; ``union`` joins the field kinds."""
    if not isinstance(t, str):
        return t
    if t.startswith("list:"):
        return tuple[_typing(t[5:], made, union), ...]  # type: ignore[misc]
    if t == "union":
        return union([made["Field:" + kind] for kind in FIELD_KINDS])
    if t.endswith(" | None"):
        return _typing(t[: -len(" | None")], made, union) | None
    return made[t] if t in made else {"str": str, "int": int}[t]


# --- 2. msgspec Structs ------------------------------------------------------------------------------------


def _msgspec_models() -> Callable[[Mapping[str, Any]], Any] | None:
    try:
        import msgspec
    except ImportError:
        return None
    made: dict[str, Any] = {}

    def typ(t: Any) -> Any:
        return _typing(t, made, lambda kinds: functools.reduce(operator.or_, kinds))

    def build(name: str, shape: list[tuple[str, Any, Any]], tag: str | None = None) -> None:
        fields = []
        for k, t, d in shape:
            if tag is not None and k == "type":
                continue
            spec = msgspec.field(name=k) if d is M else msgspec.field(default=d, name=k)
            fields.append((_attr(k), typ(t), spec))
        kwargs: dict[str, Any] = {"frozen": True, "kw_only": True, "forbid_unknown_fields": False}
        if tag is not None:
            kwargs.update(tag_field="type", tag=tag)
        made[name] = msgspec.defstruct(name.replace(":", "_"), fields, **kwargs)

    for kind, extra in FIELD_KINDS.items():
        build("Field:" + kind, [("type", str, kind), *FIELD_COMMON, *extra], tag=kind)
    for name, shape in SHAPES.items():
        build(name, shape)
    definition = made["Definition"]
    return lambda v: msgspec.convert(v, definition)


# --- 3. pydantic dataclasses -------------------------------------------------------------------------------


def _pydantic_models() -> Callable[[Mapping[str, Any]], Any] | None:
    try:
        import pydantic
        from pydantic.dataclasses import dataclass as pdataclass
    except ImportError:
        return None
    from typing import Annotated, Union

    made: dict[str, Any] = {}

    def typ(t: Any) -> Any:
        return _typing(
            t,
            made,
            lambda kinds: Annotated[Union[tuple(kinds)], pydantic.Field(discriminator="type")],  # noqa: UP007
        )

    def build(name: str, shape: list[tuple[str, Any, Any]], tag: str | None = None) -> None:
        annotations: dict[str, Any] = {}
        namespace: dict[str, Any] = {}
        for k, t, d in shape:
            a = _attr(k)
            annotations[a] = Literal[tag] if (tag is not None and k == "type") else typ(t)
            if d is M:
                namespace[a] = pydantic.Field(alias=k) if a != k else dataclasses.MISSING
            else:
                namespace[a] = pydantic.Field(default=d, alias=k) if a != k else d
            if namespace[a] is dataclasses.MISSING:
                del namespace[a]
        namespace["__annotations__"] = annotations
        cls = type(name.replace(":", "_"), (), namespace)
        made[name] = pdataclass(frozen=True, kw_only=True, config={"populate_by_name": True})(cls)

    for kind, extra in FIELD_KINDS.items():
        build("Field:" + kind, [("type", str, kind), *FIELD_COMMON, *extra], tag=kind)
    for name, shape in SHAPES.items():
        build(name, shape)
    adapter = pydantic.TypeAdapter(made["Definition"])
    return adapter.validate_python


def _cpu_us(fn: Callable[[], Any], repeat: int) -> float:
    """Best of five batches of ``repeat`` calls, CPU microseconds per call."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(repeat):
            fn()
        best = min(best, (time.process_time() - start) / repeat)
    return best * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    candidates = {"dataclasses": _stdlib_models(), "msgspec": _msgspec_models(), "pydantic": _pydantic_models()}
    engine = HouseEngine()
    print(f"{'sample':<18} {'KB':>6} {'close µs':>9}  " + "  ".join(f"{n:>18}" for n in candidates))
    for name, raw in sample_definitions().items():
        clean = definition_clean(raw)
        size = len(repr(clean)) / 1024
        low = clean["players"]["min"]
        seats = [f"p{i}" for i in range(1, max(low, 2) + 1)]
        state = engine.setup(seats, {"definition": clean}, Random(0))
        close = _cpu_us(lambda state=state: engine.resolve(state, {}, Random(1)), max(args.repeat // 10, 5))
        cells = []
        for fn in candidates.values():
            if fn is None:
                cells.append(f"{'not installed':>18}")
                continue
            try:
                fn(clean)  # every candidate must take every sample
            except Exception as e:  # noqa: BLE001
                cells.append(f"{'refused':>18}")
                print(f"  {name}: {type(e).__name__}: {str(e)[:150]}", file=sys.stderr)
                continue
            us = _cpu_us(lambda fn=fn, clean=clean: fn(clean), max(args.repeat // 10, 5))
            cells.append(f"{us:>9.0f} ({us / close:>5.2f}×)")
        print(f"{name:<18} {size:>6.1f} {close:>9.0f}  " + "  ".join(cells))


if __name__ == "__main__":
    main()
