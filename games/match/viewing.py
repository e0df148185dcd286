"""The one way to look at a match as one viewer: what the page, the API and the websocket all start from."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from games.engine import DEALER
from games.match.selectors import (
    LogLine,
    Role,
    handle_for_role,
    match_messages_for,
    match_open_turn,
    match_role,
    match_view_for_player,
    match_views_for_host,
    turn_submissions,
)
from games.models import Match, Submission, Turn


@dataclass(frozen=True)
class Preloaded:
    """What a caller already read for a viewer (a close draws every seat's page from one read of each thing):
    the open turn, its submissions, the log lines this viewer may read and the engine's view for them."""

    turn: Turn | None
    submissions: list[Submission]
    log: list[LogLine]
    view: dict[str, Any]


@dataclass
class MatchForViewer:
    """The match as one viewer may see it: the page, the API and the websocket all start here.

    Cheap facts (role, handle, sequence number) are fields; the rest is computed
    on first use, so the websocket's handshake reads only what it needs. ``seq``
    is the last sequence number of what this viewer can see, opaque to clients:
    they send it back to resync and never compare it with another viewer's.
    ``preloaded``: those reads already made (see :class:`Preloaded`); each is then taken from it, never read.
    """

    match: Match
    role: Role
    me: str | None
    preloaded: Preloaded | None = None

    @property
    def seq(self) -> int:
        """The last sequence number this viewer can see."""
        return int(self.match.last_seq)

    @cached_property
    def turn(self) -> Turn | None:
        """The open turn, if any."""
        if self.preloaded is not None:
            return self.preloaded.turn
        return match_open_turn(self.match)

    @cached_property
    def _submissions(self) -> list[Submission]:
        if self.preloaded is not None:
            return self.preloaded.submissions
        return [] if self.turn is None else turn_submissions(self.turn)

    @cached_property
    def view(self) -> dict[str, Any]:
        """The engine's view of the current state for this viewer (the public one for non-players)."""
        if self.preloaded is not None:
            return self.preloaded.view
        return match_view_for_player(self.match, self.me)

    @cached_property
    def submission(self) -> Submission | None:
        """My stored submission for the open turn."""
        return next((s for s in self._submissions if s.player == self.me), None) if self.me else None

    @cached_property
    def locked_players(self) -> list[str]:
        """Who has locked in for the open turn (a public act; contents stay hidden)."""
        return sorted(s.player for s in self._submissions if s.locked)

    @property
    def is_dealer(self) -> bool:
        """Whether this viewer sits in the dealer's seat (a host of a dealer's game who plays no seat)."""
        return self.me == DEALER

    @property
    def awaited(self) -> bool:
        """Whether the open turn awaits me."""
        turn = self.turn
        return bool(self.me and turn and self.me in turn.awaiting and self.match.status == Match.Status.RUNNING)

    @cached_property
    def log(self) -> list[LogLine]:
        """The log lines I may read, in order."""
        if self.preloaded is not None:
            return self.preloaded.log
        return match_messages_for(self.match, self.me)

    @property
    def private_seq(self) -> int | None:
        """The number of my last private line (None for a viewer who plays no part), read off the log I see."""
        if not self.me:
            return None
        return max((m.seq for m in self.log if m.to is not None), default=0)

    @cached_property
    def host_views(self) -> dict[str, dict[str, Any]] | None:
        """Every player's view, for a host only."""
        return match_views_for_host(self.match) if self.role == Role.HOST else None


def match_for_viewer(match: Match, user: Any) -> MatchForViewer:
    """The one way to look at a match as ``user``."""
    role = match_role(match, user)
    return MatchForViewer(match=match, role=role, me=handle_for_role(match, user, role))
