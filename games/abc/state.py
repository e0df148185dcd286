"""The state of an ABC match and its JSON round trip.

The state is a plain dataclass; ``dump``/``load`` turn it into JSON and back, and
the engine copies it through that round trip before changing anything, so
``resolve`` never mutates its input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.abc.rules import double_cost
from games.kit import tree_copy

PAIRING = "pairing"  # the X picks the pairs (awaits the X)
ACTIONS = "actions"  # the paired players Ally / Betray / Censure (awaits the four)
EC_CHOICE = "ec"  # the winners break a tie for last (awaits the winners)
OVER = "over"


@dataclass
class AbcState:
    """Everything an ABC match remembers.

    ``spent`` and ``uses`` count only doubles already announced with a round's
    results; the X's double chosen with the pairing waits in ``x_double`` until
    the results, so it stays the X's secret while the pairs play.
    """

    players: list[str]
    x_order: list[str]
    garnets_start: dict[str, int]
    gamewide: list[str] = field(default_factory=list)  # the season's tiebreak order (later ECs' ties)
    round: int = 1
    phase: str = PAIRING
    pairs: list[list[str]] = field(default_factory=list)
    x_double: bool = False
    scores: dict[str, int] = field(default_factory=dict)
    spent: dict[str, int] = field(default_factory=dict)
    uses: dict[str, int] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    ec_tied: list[str] = field(default_factory=list)
    ec_choosers: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def x(self) -> str:
        """This round's X."""
        return self.x_order[min(self.round, len(self.x_order)) - 1]

    def paired(self) -> list[str]:
        """The four players the X pairs this round, in seat order."""
        x = self.x  # a property: read it once, not once per player
        return [p for p in self.players if p != x]

    def partner(self, player: str) -> str | None:
        """``player``'s pair this round, or None (the X, or before the pairing)."""
        for a, b in self.pairs:
            if player == a:
                return b
            if player == b:
                return a
        return None

    def pending_cost(self, player: str) -> int:
        """Garnets the X has committed to this round's double but not yet paid (0 for others)."""
        if self.phase == ACTIONS and self.x_double and player == self.x:
            return double_cost(self.uses[player])
        return 0

    def balance(self, player: str) -> int:
        """``player``'s garnets right now: the balance brought in, minus spent (pending included), plus earned."""
        earned: int = (self.result or {}).get("earned", {}).get(player, 0)
        return self.garnets_start[player] - self.spent[player] - self.pending_cost(player) + earned

    def next_cost(self, player: str) -> int:
        """What ``player``'s next double would cost (after any pending one)."""
        return double_cost(self.uses[player] + (1 if self.pending_cost(player) else 0))


def dump_state(state: AbcState) -> dict[str, Any]:
    """A JSON-ready deep copy of ``state`` (what ``asdict`` gives: no field holds a dataclass)."""
    return tree_copy(vars(state))


def load_state(data: Mapping[str, Any]) -> AbcState:
    """The inverse of :func:`dump_state` (copies, so the input stays untouched)."""
    raw = tree_copy(dict(data))
    return AbcState(
        players=list(raw["players"]),
        x_order=list(raw["x_order"]),
        garnets_start={k: int(v) for k, v in raw["garnets_start"].items()},
        gamewide=list(raw.get("gamewide", [])),
        round=int(raw["round"]),
        phase=str(raw["phase"]),
        pairs=[list(p) for p in raw.get("pairs", [])],
        x_double=bool(raw.get("x_double", False)),
        scores={k: int(v) for k, v in raw["scores"].items()},
        spent={k: int(v) for k, v in raw["spent"].items()},
        uses={k: int(v) for k, v in raw["uses"].items()},
        history=list(raw.get("history", [])),
        ec_tied=list(raw.get("ec_tied", [])),
        ec_choosers=list(raw.get("ec_choosers", [])),
        result=raw.get("result"),
    )
