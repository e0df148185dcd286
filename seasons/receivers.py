"""How seasons listen to the match framework: its hooks, never its internals.

- ``match_finished``: a Main Match feeds its episode (ledger, EC, picks); a Death
  Match eliminates its loser. Runs inside the match's closing transaction, in a
  savepoint: a failure here is logged and never blocks the match from ending.
- ``turn_opened``: the awaited players of a season match are notified (a dealer's turn: its dealers).
- saving an episode, duel or Final leg drops its match's cached season (``season_of_match``).
- ``match_opened``: opening a match page marks the user's notices about it as seen.
- ``MOVE_SAVED`` / ``turn_closed``: a move that costs garnets (the engine's
  ``garnet_cost``, whatever the game) holds them from the player's free balance,
  and the close charges or releases the hold (``services/holds.py``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from games.engine import Outcome
from games.match import hooks
from games.match.selectors import outcome_for_users
from games.models import Match, Turn
from seasons import selectors

log = logging.getLogger(__name__)

LIVE_SECONDS = 15 * 60
"""Turns shorter than this are live: only a match's first turn is announced."""


def on_match_finished(sender: Any, match: Match, outcome: Outcome, **kwargs: Any) -> None:
    """Feed a finished season match to its episode."""
    from seasons.services.episodes import episode_dm_finished, episode_mm_finished
    from seasons.services.final import final_leg_finished

    outcome = outcome_for_users(match, outcome)  # the season knows people; the outcome names seats
    try:
        with transaction.atomic():
            if (
                episode_mm_finished(match=match, outcome=outcome) is None
                and episode_dm_finished(match=match, outcome=outcome) is None
            ):
                final_leg_finished(match=match, outcome=outcome)
    except Exception:
        log.exception("the season could not take the outcome of match %s; a host must settle it", match.pk)


def on_turn_opened(sender: Any, match: Match, turn: Turn, closing: bool = False, **kwargs: Any) -> None:
    """Notify the awaited players of a season match's new turn."""
    from seasons.services.dealers import dealer_turn_notify
    from seasons.services.episodes import turn_notify

    if not turn.awaiting:
        return
    if turn.number > 1 and (turn.deadline - turn.opened_at).total_seconds() < LIVE_SECONDS:
        return  # a live match (a 60 s Death Match turn): the players are on its page; turn 1 was announced
    season = selectors.season_of_match(match, closing=closing)
    if season is not None:
        turn_notify(match=match, turn=turn, season=season)
        dealer_turn_notify(match=match, turn=turn, season=season)


def on_match_opened(sender: Any, match: Match, user: Any, url: str, **kwargs: Any) -> None:
    """Opening a match page clears the user's notices about it."""
    from seasons.services.notify import notices_seen_for

    notices_seen_for(user=user, url=url)


def on_move_saved(match: Match, turn: Turn, player: str, cost: int) -> None:
    """Hold a saved move's garnets (the engine's ``garnet_cost``) from the player's free season balance."""
    from seasons.services.holds import hold_for_move

    hold_for_move(match, turn, player, cost)


def on_turn_closed(
    sender: Any, match: Match, turn: Turn, costs: dict[str, int], closing: bool = False, **kwargs: Any
) -> None:
    """Charge or release the closed turn's holds; its calls to move go."""
    from seasons.services.holds import holds_settle_turn
    from seasons.services.notify import notices_turn_clear

    holds_settle_turn(match, turn, costs, closing=closing)
    # Turn notices exist only for season matches (a sweep has read every match's season ahead): a
    # friendly match's close spends no query on them.
    if selectors.season_of_match(match, closing=closing) is not None:
        notices_turn_clear(turn_id=turn.pk)


def on_match_link_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    """An episode, duel or Final leg saved or deleted: its match's cached season may have changed."""
    selectors.season_of_match_forget(getattr(instance, "mm_match_id", None) or getattr(instance, "match_id", None))


def on_closing_batch(sender: Any, matches: list[Match], **kwargs: Any) -> None:
    """Learn the season of a sweep's whole batch at once; each close's hooks then ask no query for it."""
    selectors.seasons_of_matches(matches, closing=True)


def connect() -> None:
    """Connect the receivers (idempotent)."""
    from django.db.models.signals import post_delete, post_save

    from seasons.models import Duel, Episode, FinalLeg

    for model in (Episode, Duel, FinalLeg):
        post_save.connect(on_match_link_saved, sender=model, dispatch_uid=f"seasons.link_saved.{model.__name__}")
        post_delete.connect(on_match_link_saved, sender=model, dispatch_uid=f"seasons.link_deleted.{model.__name__}")
    hooks.match_finished.connect(on_match_finished, dispatch_uid="seasons.match_finished")
    hooks.turn_opened.connect(on_turn_opened, dispatch_uid="seasons.turn_opened")
    hooks.match_opened.connect(on_match_opened, dispatch_uid="seasons.match_opened")
    hooks.turn_closed.connect(on_turn_closed, dispatch_uid="seasons.turn_closed")
    hooks.closing_batch.connect(on_closing_batch, dispatch_uid="seasons.closing_batch")
    if on_move_saved not in hooks.MOVE_SAVED:
        hooks.MOVE_SAVED.append(on_move_saved)
    from seasons.selectors.awaits import season_awaits

    if season_awaits not in hooks.AWAITS:
        hooks.AWAITS.append(season_awaits)
    if _picks_sweep not in hooks.SWEEPS:
        hooks.SWEEPS.append(_picks_sweep)


def _picks_sweep() -> int:
    """Time out overdue DMO / EC picks, call the players of scheduled Death Matches whose Ready is now awaited,
    and start the due ones (the in-process sweeper calls this)."""
    from seasons.services.duels import duels_ready_call_due, duels_start_due
    from seasons.services.picks import picks_close_due

    return picks_close_due() + duels_ready_call_due() + duels_start_due()
