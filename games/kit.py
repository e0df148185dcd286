"""Helpers for writing an engine: the parts every game used to copy from another.

Pure like the engines that import it (no Django, no clock, no global random). See
``games/README.md`` for a whole game built from these.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar, cast

from games.engine import Outcome, PlayerId, RuleError, expect_mapping


def json_copy(data: Any) -> Any:
    """A deep copy through JSON: the ``dump``/``load`` of a JSON-shaped state, and proof that it is one."""
    return json.loads(json.dumps(data))


T = TypeVar("T")

# Immutable leaves a copy may share.
_ATOMS = frozenset({str, int, float, bool, type(None)})


def tree_copy(data: T, *, append_only: Collection[str] = ()) -> T:
    """A deep copy of a state made of dicts, lists, tuples, sets, dataclasses and scalars.

    The same result as ``copy.deepcopy`` for such data, several times faster (no memo, no
    reduce protocol): what ``resolve`` copies on every turn. Anything else falls back to
    ``copy.deepcopy``. Shared sub-objects come back as separate copies (states never share).

    ``append_only`` names top-level keys (or dataclass fields) of a log that only ever grows:
    the copy gets a new list holding the same entries, which is safe only because no rule
    changes an entry once it is appended. A long match's log then costs nothing to copy. A value
    there that is not a list is shared as it is: the rules may only ever replace it whole.
    """
    return cast(T, _copy_top(data, append_only) if append_only else _copy(data))


def _copy_top(data: Any, append_only: Collection[str]) -> Any:
    fields = data if type(data) is dict else data.__dict__
    copied = {k: _copy(v) if k not in append_only else list(v) if type(v) is list else v for k, v in fields.items()}
    if type(data) is dict:
        return copied
    new = object.__new__(type(data))
    object.__setattr__(new, "__dict__", copied)
    return new


def _copy(data: Any) -> Any:
    kind = type(data)
    if kind in _ATOMS:
        return data
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in data.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else _copy(v) for v in data]
    if kind is tuple:
        return tuple(_copy(v) for v in data)
    if kind is set:
        return set(data)  # members are hashable, so immutable in a state
    if kind is frozenset:
        return data
    if dataclasses.is_dataclass(data) and hasattr(data, "__dict__"):
        new = object.__new__(kind)
        object.__setattr__(new, "__dict__", _copy(data.__dict__))
        return new
    return copy.deepcopy(data)


def awaited_move(awaiting: Sequence[PlayerId], label: str, player: PlayerId, move: Any) -> Mapping[str, Any]:
    """The prologue of ``validate``: RuleError unless ``player`` is awaited; the move as a mapping."""
    if player not in awaiting:
        waiting = ", ".join(awaiting)
        raise RuleError(f"{player} is not awaited in {label}" + (f" (it awaits {waiting})" if waiting else ""))
    return expect_mapping(move)


def first_valid(
    validate: Callable[[Mapping[str, Any]], dict[str, Any]], candidates: Iterable[Mapping[str, Any]]
) -> dict[str, Any]:
    """A default-move fallback: the first candidate the rules accept, normalised (else ``{}``)."""
    for move in candidates:
        try:
            return validate(move)
        except RuleError:
            continue
    return {}


def two_player_outcome(
    players: Sequence[PlayerId], winner: PlayerId, scores: Mapping[PlayerId, float] | None = None
) -> Outcome:
    """The outcome of a 2-player game (a Death Match): ``winner`` wins, the other is the candidate."""
    if len(players) != 2 or winner not in players:
        raise ValueError(f"{winner!r} is not one of the two players {list(players)}")
    loser = players[1] if winner == players[0] else players[0]
    return Outcome(
        winners=(winner,),
        candidates=(loser,),
        tokens={},
        garnets={},
        scores={p: float(v) for p, v in (scores or {}).items()},
    )


def player_view(
    *,
    turn: str,
    public: Mapping[str, Any],
    viewer: PlayerId | None,
    players: Sequence[PlayerId],
    you: Callable[[PlayerId], Mapping[str, Any]] | None = None,
    score: Callable[[PlayerId], Any] | None = None,
) -> dict[str, Any]:
    """``view``'s shape: ``{"turn", "public"}`` for everyone, plus ``"you"`` and ``"score"`` for a player.

    ``you`` and ``score`` are called only for a seated viewer, so nobody else's private part is built.
    """
    out: dict[str, Any] = {"turn": turn, "public": dict(public)}
    if viewer is not None and viewer in players:
        if you is not None:
            out["you"] = dict(you(viewer))
        if score is not None:
            out["score"] = score(viewer)
    return out
