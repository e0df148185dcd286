"""Replaying a match from its seed and stored moves, to show it reproduces what was stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.match.services.turns import turn_rng
from games.models import Match, Message, Turn, seed_commitment
from games.registry import get_engine


@dataclass(frozen=True)
class ReplayReport:
    """Whether setting up again from the seed and resolving the stored moves reproduces every step."""

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
    texts = list(Message.objects.filter(match=match).order_by("pk").values_list("turn_number", "to", "text"))
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


@dataclass(frozen=True)
class VerifyReport:
    """What anyone may check of a finished match's deal: the seed against its published commitment,
    and a replay of every turn from that seed and the stored submissions."""

    match_id: int
    commitment: str
    seed: str | None
    seed_matches: bool
    replay: ReplayReport | None

    @property
    def ok(self) -> bool:
        """The seed hashes to the commitment and the replay reproduces the match."""
        return self.seed_matches and self.replay is not None and self.replay.identical

    @property
    def summary(self) -> str:
        """One line for a person."""
        if self.seed is None:
            return "the match is still running: its seed is revealed when it is over"
        if not self.seed_matches:
            return "the revealed seed does NOT hash to the commitment published at the start"
        assert self.replay is not None
        return f"the seed matches its commitment; {self.replay.summary}"


def match_verify(*, match_id: int) -> VerifyReport:
    """Check a match's deal from its revealed seed; a running match only shows its commitment."""
    match = Match.objects.get(pk=match_id)
    seed = match.revealed_seed
    if seed is None:
        return VerifyReport(match.pk, match.seed_sha256, None, False, None)
    matches = seed_commitment(seed) == match.seed_sha256
    return VerifyReport(match.pk, match.seed_sha256, seed, matches, match_replay(match_id=match.pk))


def match_states(*, match: Match, up_to: int | None = None) -> Iterator[tuple[Turn, Any, bool]]:
    """Each turn of the match (up to ``up_to``) with the state as it stood while that turn was open,
    and whether replaying (set up from the seed, then each closed turn resolved with its stored moves)
    reproduced it.

    The state given is the turn's stored one, loaded as the live page loads it: the same facts as the
    replay's where it reproduced them, listed in the order players saw (PostgreSQL's jsonb reorders
    keys); where it did not, a host's amendment made the stored state the truth, and the replay goes
    on from it.
    """
    engine = get_engine(match.game)
    turns = Turn.objects.filter(match=match).order_by("number")
    if up_to is not None:
        turns = turns.filter(number__lte=up_to)
    state = engine.setup(list(match.players), dict(match.options), turn_rng(match, 0))
    for turn in turns:
        reproduced = _canon(engine.dump(state)) == _canon(turn.state_before)
        state = engine.load(turn.state_before)
        yield turn, state, reproduced
        if turn.status != Turn.Status.CLOSED:
            return
        state, _messages = engine.resolve(state, dict(turn.moves or {}), turn_rng(match, turn.number))


def match_state_at(*, match: Match, turn_number: int) -> Any | None:
    """The match's state as it stood while turn ``turn_number`` was open (None: no such turn), by replay."""
    for turn, state, _reproduced in match_states(match=match, up_to=turn_number):
        if turn.number == turn_number:
            return state
    return None
