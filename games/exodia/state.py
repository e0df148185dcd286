"""The state of an Exodia, Obliterate match: plain JSON-ready data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.kit import tree_copy

# Phases of a match.
TWIST = "twist"  # the match's first turn: group vote, MM Winner Twist, DM Winner Twist
ROUND = "round"  # a round of play
EC = "ec"  # the sole winner picks the Elimination Candidate
OVER = "over"


@dataclass
class State:
    """Everything about a match; ``hands`` and ``log`` are the secret parts."""

    players: list[str]
    phase: str
    round: int
    hands: dict[str, list[str]]
    pile: list[str]  # the Discard Pile, in order of arrival
    strikes: dict[str, int]
    metas_played: dict[str, int]
    owed: dict[str, int]  # discards owed at the start of this round (Force, group twist)
    last_types: dict[str, list[str]]  # non-Bomb effects each player played last round
    group_twist: int  # 0 none, 1 a discard before Round 1, 2 a discard every third round
    requirement: dict[str, int]  # MM Winner Twist: effect -> copies needed
    gamewide: list[str]  # the Gamewide Tiebreak order, highest first
    tiebreak: list[str]  # the Retrieval Tiebreak order, highest first
    round_cap: int
    twist_vote: bool = False  # whether the twist turn holds the group vote
    mm_winners: list[str] = field(default_factory=list)
    dm_winner: str | None = None
    winners: list[str] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)
    ec_choices: list[str] = field(default_factory=list)
    end_reason: str = ""
    history: list[dict[str, Any]] = field(default_factory=list)  # public: {"round", "lines"}
    log: dict[str, list[str]] = field(default_factory=dict)  # private: per player

    def copy(self) -> State:
        """A deep copy, so ``resolve`` never mutates its input.

        ``history`` only grows: an entry never changes once the engine appends it.
        """
        return tree_copy(self, append_only=("history",))


def dump(state: State) -> dict[str, Any]:
    """The JSON form of ``state``."""
    return tree_copy(vars(state))


def load(data: Mapping[str, Any]) -> State:
    """The inverse of :func:`dump`."""
    return State(**tree_copy(dict(data)))
