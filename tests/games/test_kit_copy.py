"""``games.kit.tree_copy``: the engines' per-turn copy is a true deep copy, equal to ``copy.deepcopy``."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from games.kit import tree_copy


@dataclass
class _State:
    players: list[str]
    scores: dict[str, int]
    history: list[dict[str, Any]] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    pair: tuple[list[str], ...] = ()
    result: dict[str, Any] | None = None


def _sample() -> _State:
    return _State(
        players=["a", "b"],
        scores={"a": 1, "b": -2},
        history=[{"round": 1, "moves": {"a": ["x", 1.5, None, True]}}],
        seen={"a"},
        pair=(["a", "b"],),
    )


def test_tree_copy_equals_deepcopy() -> None:
    state = _sample()
    assert tree_copy(state) == copy.deepcopy(state)
    assert type(tree_copy(state)) is _State


def test_tree_copy_shares_nothing_mutable() -> None:
    state = _sample()
    new = tree_copy(state)
    new.players.append("c")
    new.scores["a"] = 9
    new.history[0]["moves"]["a"].append("y")
    new.seen.add("b")
    new.pair[0].append("c")
    assert state == _sample()


def test_append_only_logs_get_a_new_list_of_the_same_entries() -> None:
    state = _sample()
    new = tree_copy(state, append_only=("history",))
    new.history.append({"round": 2})
    new.scores["a"] = 9
    assert state == _sample()
    assert new.history[0] is state.history[0]
    as_dict = {"log": [{"r": 1}], "n": {"a": 1}}
    copied = tree_copy(as_dict, append_only=frozenset({"log"}))
    assert copied == as_dict and copied["log"] is not as_dict["log"] and copied["n"] is not as_dict["n"]
