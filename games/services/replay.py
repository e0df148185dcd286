"""Replaying a match from its seed and stored moves, to show it reproduces what was stored."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games.models import Match, Message, Turn
from games.registry import get_engine
from games.services.turns import turn_rng


@dataclass(frozen=True)
class ReplayReport:
    identical: bool
    turns: int
    first_difference: str | None

    @property
    def summary(self) -> str:
        """One line for the host."""
        if self.identical:
            return f"replayed {self.turns} turns from the seed: identical to the stored match"
        return f"replay differs: {self.first_difference}"


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def match_replay(*, match_id: int) -> ReplayReport:
    """Set the match up again from its seed and resolve every closed turn's stored moves; compare each step."""
    match = Match.objects.get(pk=match_id)
    engine = get_engine(match.game)
    state = engine.setup(list(match.players), dict(match.options), turn_rng(match, 0))
    turns = list(Turn.objects.filter(match=match).order_by("number"))
    texts = list(Message.objects.filter(match=match).order_by("seq").values_list("turn_number", "to", "text"))
    replayed: list[tuple[int, str | None, str]] = []
    closed = 0
    for turn in turns:
        if _canon(engine.dump(state)) != _canon(turn.state_before):
            return ReplayReport(False, closed, f"the state before {turn.label} differs")
        if turn.status != Turn.Status.CLOSED:
            break
        state, messages = engine.resolve(state, dict(turn.moves or {}), turn_rng(match, turn.number))
        replayed += [(turn.number, m.to, m.text) for m in messages if m.text]
        closed += 1
    if _canon(engine.dump(state)) != _canon(match.state):
        return ReplayReport(False, closed, "the final state differs")
    if replayed != [tuple(t) for t in texts]:
        return ReplayReport(False, closed, "the announcements differ")
    return ReplayReport(True, closed, None)
