"""Where other apps (seasons) hook into the match framework without it knowing them.

- ``match_finished`` is sent inside the transaction that ends a match, so what a
  receiver writes (ledger entries) commits or rolls back with the match's end.
- ``turn_opened`` is sent inside the transaction that opens a turn, with ``closing`` True when a turn close
  opens it (the next turn) and False when a match starts.
- ``match_opened`` is sent when a signed-in user opens a match page (their notices about it clear).
- ``SWEEPS`` are called by the in-process sweeper beside ``turns_close_due``.
- ``AWAITS`` are called with ``(user)`` by the "awaits you" read (``games/match/waiting.py``): each returns the
  steps an app above awaits from the user beside their turns (a season's picks, a Death Match's Ready), in a
  fixed number of queries whatever the user's seasons.
- ``MOVE_CHECKS`` are called with ``(match, player, move)`` before a submission is
  stored; each may raise ``RuleError``.
- ``MOVE_SAVED`` are called with ``(match, turn, player, cost)`` inside the transaction
  that stores a submission, under the turn's row lock, ``cost`` being the engine's
  ``garnet_cost`` of the stored move; each may raise ``RuleError`` to refuse it (a season
  holds the garnets from the player's free balance). They are called only when the move
  costs garnets or replaces the player's earlier move of the turn that did: a free move
  that replaces a free move (or none) changes no hold, and most moves are free.
- ``turn_closed`` is sent inside the transaction that closes a turn with ``costs``: the
  ``garnet_cost`` of each resolved move (a season charges or releases its holds), and ``closing`` True.
  ``match_finished`` is sent by a close too, with ``closing`` True.
- ``turn_held`` is sent inside the transaction in which a host pauses or cancels a match (``held`` True: its
  open turn awaits nobody meanwhile) or resumes it (``held`` False: the turn awaits its players again).
- ``closing_batch`` is sent by a sweep with the matches whose turns it has just claimed
  (row-locked), before it closes them one by one: a receiver may read what it needs of
  all of them at once and keep it for each (seasons: which season).
- ``after_pushes(fn)``: a receiver's own pushes (the alerts' ``turn_done``, ``your_turn``) that must follow what
  the close pushes: inside a close (``pushes_held``) ``fn`` runs right after the close's frames left, after its
  commit (never if it rolls back); anywhere else it is an ``on_commit`` callback.
- A signal sent with ``closing`` True gets the match a turn close holds row-locked (so do
  ``closing_batch``'s receivers): what receivers learn from rows that point at it (its season)
  holds until the close commits, and may be kept for the close's other receivers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.dispatch import Signal

if TYPE_CHECKING:
    from games.models import Match, Turn

match_finished = Signal()  # sender=Match, match=Match, outcome=Outcome, closing=True
turn_opened = Signal()  # sender=Match, match=Match, turn=Turn, closing=bool
match_opened = Signal()  # sender=Match, match=Match, user=User, url=str: a signed-in user opened the match page
turn_closed = Signal()  # sender=Match, match=Match, turn=Turn, costs=dict[str, int], closing=True
closing_batch = Signal()  # sender=Match, matches=list[Match]: a sweep holds them locked and closes their turns next
turn_held = Signal()  # sender=Match, match=Match, turn=Turn, held=bool: a host paused or cancelled (True) or resumed

MoveCheck = Callable[["Match", str, dict[str, Any]], None]
MOVE_CHECKS: list[MoveCheck] = []

MoveSaved = Callable[["Match", "Turn", str, int], None]
MOVE_SAVED: list[MoveSaved] = []

# Steps an app above awaits from a user beside their turns (issue 46): ``(user) -> list[WaitingTurn]``.
AWAITS: list[Callable[[Any], list[Any]]] = []

# Other deadlines to sweep beside turns (a season's DMO picks): called by the
# in-process sweeper after each turn sweep; Celery beat runs them as tasks.
SWEEPS: list[Callable[[], int]] = []


_after: ContextVar[list[Callable[[], None]] | None] = ContextVar("garnet_after_pushes", default=None)


def after_pushes(fn: Callable[[], None]) -> None:
    """Run ``fn`` after the pushes of the close this is called in (``pushes_held``), else after commit.

    A close's ``on_commit`` callbacks run before the close's own frames leave (they are registered first, inside
    it): a receiver's sends made that way held every player's next page back by their hops (issue 45).
    """
    held = _after.get()
    if held is None:
        transaction.on_commit(fn)
    else:
        held.append(fn)


@contextmanager
def pushes_held() -> Iterator[list[Callable[[], None]]]:
    """Collect the ``after_pushes`` callbacks made inside the block; the caller runs them after its own pushes,
    once its transaction committed (and drops them if it rolled back). Nested blocks collect separately."""
    held: list[Callable[[], None]] = []
    token = _after.set(held)
    try:
        yield held
    finally:
        _after.reset(token)
