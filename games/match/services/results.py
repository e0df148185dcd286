"""What the submit and the close return: plain values the edges draw from and push.

``turn_close`` returns a :class:`ClosedTurn` (None when it closed nothing) and ``submission_submit``
a :class:`Submitted`. Both are frozen: every fact an edge needs (the new state, already decoded, the
engine, the log lines, the next turn or the outcome, the seats) travels in the value, so nothing is
hung on model instances and nothing is decoded twice. The framework never draws a page: an edge that
has pages to push passes a :data:`PageDrawer`, which the close calls after its commit with its
``ClosedTurn`` and whose pushes go between the close's log lines and its ``turn`` (or end) event; the
pages it drew come back in the close's value (``ClosedTurn.pages``), never on the drawer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import Engine, Outcome
from games.match.broadcast import Event, group_player
from games.models import Match, Message, Submission, Turn


@dataclass(frozen=True)
class ClosedTurn:
    """One turn closed by one call: what it resolved and what it opened (or how the match ended).

    ``match`` is the match row as the close stored it (state, ``last_seq``, status); ``state`` is
    the new state as the engine holds it (``engine.load(match.state)`` without the decode);
    ``messages`` the turn's log lines, numbered; ``next_turn`` the turn it opened, else ``outcome``
    says how the match ended; ``events`` the data pushes (lines, then the turn or end event) the
    close sends after its commit, exactly once; ``pages`` the caller's ``PageDrawer`` drew for it and
    pushed with them (empty without a drawer, when drawing failed, or when the close waits for a
    caller's transaction to commit: it is drawn then, after this value was returned).
    """

    match: Match
    turn: Turn
    engine: Engine[Any]
    state: Any
    messages: tuple[Message, ...]
    next_turn: Turn | None
    outcome: Outcome | None
    events: tuple[Event, ...]
    pages: tuple[Event, ...] = ()

    @property
    def match_id(self) -> int:
        """The match's key."""
        return int(self.match.pk)

    @property
    def number(self) -> int:
        """The closed turn's number."""
        return int(self.turn.number)

    @property
    def seats(self) -> tuple[str, ...]:
        """Every seat of the match (the audiences of its private pushes), in seat order."""
        return tuple(str(p) for p in self.match.players)

    @property
    def finished(self) -> bool:
        """Whether this close ended the match."""
        return self.outcome is not None

    def page_for(self, seat: str) -> str | None:
        """The live part the drawer drew for ``seat`` (the page its socket got), or None if it drew none."""
        group = group_player(self.match_id, seat)
        return next((str(payload["html"]) for g, payload in self.pages if g == group and "html" in payload), None)


@dataclass(frozen=True)
class Submitted:
    """A stored move: the submission, whether its lock-in was the last one the turn awaited, and the close
    that lock-in made here and now (None if it did not close it, or the close is left to a worker)."""

    submission: Submission
    turn: Turn
    completes_turn: bool = False
    closed: ClosedTurn | None = None

    @property
    def player(self) -> str:
        """The seat the move was stored for."""
        return str(self.submission.player)


@dataclass(frozen=True)
class TurnRead:
    """A turn, its match and its submissions as a caller just read (and committed) them, with the state the turn
    opened on already decoded (``state_before``; None: not decoded yet): the close starts from it instead of
    reading and decoding again, and still checks under the turn's lock that nothing changed."""

    turn: Turn
    submissions: Mapping[str, Submission] = field(default_factory=dict)
    state_before: Any = None


PageDrawer = Callable[[ClosedTurn], Sequence[Event]]
"""An edge's pages for a close: called after the close's commit with its value; what it returns is pushed
between the close's log lines and its turn (or end) event. It must draw from the value and read, never write."""
