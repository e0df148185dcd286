"""The mechanics' contract (what the house engine hands a mechanic and gets back) and the helpers every
mechanic shares: reading a player's value for a field, the tiebreak order, numbers and lists in words.

Pure: the standard library and ``games.engine`` only; randomness comes in as ``rng``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import Any

from games.engine import PlayerId
from games.house.engine.errors import ParamError

Fields = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class RoundInput:
    """One closed round, as the house engine hands it to a mechanic."""

    label: str
    """The turn label, "Round 3": every announcement starts with it."""
    players: tuple[PlayerId, ...]
    """The round's awaited players, in seat order."""
    tiebreak: tuple[PlayerId, ...]
    """Every player of the match; an earlier player wins a tie."""
    moves: Mapping[PlayerId, Mapping[str, Any]]
    """Each awaited player's cleaned move, defaults applied; a field left out means they abstained."""
    fields: tuple[Mapping[str, Any], ...]
    """The round's cleaned field declarations (FORMAT.md "Fields")."""
    scores: Mapping[PlayerId, int]
    """The scores before the round."""
    params: Mapping[str, Any]
    """The mechanic's params, as ``mechanic_params_clean`` returned them."""


@dataclass(frozen=True)
class RoundResult:
    """What a mechanic made of a round."""

    announcement: str
    private: Mapping[PlayerId, str] = field(default_factory=dict)
    points: Mapping[PlayerId, int] = field(default_factory=dict)
    """Score changes (players left out: no change)."""
    spent: Mapping[PlayerId, int] = field(default_factory=dict)
    """Garnets spent this round (only from a garnets field that pays; never more than the bid)."""
    winners: tuple[PlayerId, ...] = ()
    out: tuple[PlayerId, ...] = ()
    """Players out of the match from now on."""


@dataclass(frozen=True)
class Param:
    """One declared parameter of a mechanic, declared like ``games.engine.OptionSpec`` so the designer
    page builds its form from it.

    ``kind``: ``field`` (the name of one of the round's fields whose type is in ``field_types``; left
    out, the round's only such field is taken), ``int`` (``low``..``high``), ``choice`` (one of
    ``choices``), ``bool``, ``fraction`` (a number such as "2/3" or "0.5", ``low``..``high``),
    ``matrix`` (``{mine: {theirs: [my points, their points]}}`` over the choices of the field named by
    the param ``of``) or ``relation`` (``{choice: [choices it beats]}`` over the same).
    ``optional``: a ``field`` param that may be left empty (None).
    """

    name: str
    kind: str
    label: str
    help: str = ""
    default: Any = None
    choices: tuple[str, ...] = ()
    field_types: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False
    of: str = "field"


@dataclass(frozen=True)
class Mechanic:
    """One mechanic of the library: a pure function from a round to its result, and its params."""

    name: str
    title: str
    summary: str
    """One sentence a dealer reads in the designer."""
    params: tuple[Param, ...]
    run: Callable[[RoundInput, Random], RoundResult]
    check: Callable[[Mapping[str, Any], Fields], None] | None = None
    """Checks across params once each is clean (raises :class:`ParamError` naming the param)."""
    example_fields: tuple[Mapping[str, Any], ...] = ()
    """A round's fields as a dealer writes them (FORMAT.md "Fields") that this mechanic resolves."""
    example_params: Mapping[str, Any] = field(default_factory=dict)
    """Params that, over ``example_fields``, make a playable round: the designer's tests and the library's
    own tests play them, so a new mechanic is one module (plus its rulings in RULES.md)."""


# -- reading moves -------------------------------------------------------------------------------


def field_decl(fields: Fields, name: str) -> Mapping[str, Any]:
    """The declaration of the round's field ``name`` (params were cleaned: it exists)."""
    for decl in fields:
        if decl.get("name") == name:
            return decl
    raise ParamError("field", f"no field named {name!r} in this round")


def _fits(decl: Mapping[str, Any], value: Any) -> bool:
    """Whether ``value`` is a value of the field's type (a move the engine cleaned always is)."""
    kind = decl.get("type")
    if kind in ("number", "garnets"):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "choice":
        return isinstance(value, str) and value in decl.get("choices", ())
    if kind == "player":
        return isinstance(value, str)
    if kind in ("players", "order"):
        return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)
    return value is not None


def values(inp: RoundInput, name: str) -> dict[PlayerId, Any]:
    """Each round player's value for field ``name``, in seat order; abstainers (the field left out, or
    a value that does not fit the field) are missing."""
    decl = field_decl(inp.fields, name)
    out: dict[PlayerId, Any] = {}
    for p in inp.players:
        move = inp.moves.get(p, {})
        if name in move and _fits(decl, move[name]):
            out[p] = move[name]
    return out


def abstainers(inp: RoundInput, cast: Mapping[PlayerId, Any]) -> list[PlayerId]:
    """The round's players who gave no value, in seat order."""
    return [p for p in inp.players if p not in cast]


def tiebreak_index(inp: RoundInput) -> Callable[[PlayerId], tuple[int, str]]:
    """A sort key: a player's place in the tiebreak order (earlier first); anyone missing from it
    comes after everyone in it, by name."""
    index = {p: i for i, p in enumerate(inp.tiebreak)}
    return lambda p: (index.get(p, len(index)), p)


def pays(decl: Mapping[str, Any]) -> str:
    """How a field's value is paid: ``bid``, ``if_won`` or ``none`` (anything but a garnets field: none)."""
    if decl.get("type") != "garnets":
        return "none"
    return str(decl.get("pays", "none"))


# -- words ---------------------------------------------------------------------------------------


def num(x: Fraction | int) -> str:
    """A number as an announcement writes it: whole numbers plain, others to two decimals (27.67)."""
    if isinstance(x, int) or x.denominator == 1:
        return str(int(x))
    text = f"{float(x):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def frac(x: Fraction) -> str:
    """A factor as a dealer typed it: "2/3", "1" or "1/2"."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def names(items: Iterable[str]) -> str:
    """ "ann", "ann and bob", "ann, bob and cat"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def points_word(n: int, *, plural: bool = False) -> str:
    """A score change in words: "scores 1", "loses 2"; ``plural``: "score 1", "lose 2"."""
    if n < 0:
        return f"{'lose' if plural else 'loses'} {-n}"
    return f"{'score' if plural else 'scores'} {n}"


def abstained_note(who: Sequence[PlayerId], what: str) -> str:
    """ " dan sent no bid." (with a leading space), or "" when everyone played."""
    if not who:
        return ""
    return f" {names(who)} sent no {what}."
