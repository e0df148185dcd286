"""The season page's live timeline: a nudge to the season's group after commit, never the words."""

from __future__ import annotations

from django.db import transaction

from games.match import broadcast


def group_season(season_id: int) -> str:
    """The group every watcher of a season's page joins."""
    return f"season-{season_id}"


def timeline_changed(season_id: int) -> None:
    """Tell the season's watchers, once the transaction commits, that the public timeline has a new entry.

    The push carries no text: the page fetches the timeline, which holds only what may be public.
    """
    event = (group_season(season_id), {"type": "season.event", "event": "timeline", "season": season_id})
    transaction.on_commit(lambda: broadcast.send([event]))


def duel_changed(season_id: int) -> None:
    """Tell the season's watchers, after commit, that a Death Match's ready check changed (issue 26): the
    duel's page (the opponent's and spectators') fetches itself at once instead of at its next poll."""
    event = (group_season(season_id), {"type": "season.event", "event": "duel", "season": season_id})
    transaction.on_commit(lambda: broadcast.send([event]))
