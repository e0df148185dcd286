"""How the story listens: public season steps, clarifications and closed rounds nudge the season
page's timeline; a sealed confessional never does (its very existence is the author's and the hosts')."""

from __future__ import annotations

import logging
from typing import Any

from django.db.models.signals import post_save

from games.match import hooks
from games.models import Match, Turn
from reach.models import Clarification
from seasons import archive as season_archive
from seasons import selectors as season_selectors
from seasons.models import SeasonLog
from story.broadcast import duel_changed, timeline_changed
from story.models import Confessional
from story.selectors import is_public_step, is_published

log = logging.getLogger(__name__)


def on_season_log(sender: Any, instance: SeasonLog, created: bool, **kwargs: Any) -> None:
    """A public season step is a new timeline entry; a Death Match ready check is pushed to the duel's pages."""
    if created and is_public_step(instance.action):
        timeline_changed(instance.season_id)
    if created and instance.action == "dm_ready":
        duel_changed(instance.season_id)


def on_clarification(sender: Any, instance: Clarification, created: bool, **kwargs: Any) -> None:
    """A clarification of the season or one of its matches is a new timeline entry."""
    if not created:
        return
    season_id = instance.season_id
    if season_id is None and instance.match is not None:
        season = season_selectors.season_of_match(instance.match)
        season_id = season.pk if season else None
    if season_id is not None:
        timeline_changed(season_id)


def on_turn_closed(sender: Any, match: Match, turn: Turn, closing: bool = False, **kwargs: Any) -> None:
    """A closed round of a season match may have public results."""
    season = season_selectors.season_of_match(match, closing=closing)
    if season is not None:
        timeline_changed(season.pk)


def on_confessional(sender: Any, instance: Confessional, created: bool, **kwargs: Any) -> None:
    """Only a confessional that is public the moment it is written (an eliminated player's) is news."""
    if created and is_published(instance.season, instance.entrant):
        timeline_changed(instance.season_id)


def connect() -> None:
    """Connect the receivers and the archive sections (idempotent)."""
    from story.archive import archive_markdown, archive_section

    post_save.connect(on_season_log, sender=SeasonLog, dispatch_uid="story.season_log")
    post_save.connect(on_clarification, sender=Clarification, dispatch_uid="story.clarification")
    post_save.connect(on_confessional, sender=Confessional, dispatch_uid="story.confessional")
    hooks.turn_closed.connect(on_turn_closed, dispatch_uid="story.turn_closed")
    if archive_section not in season_archive.ARCHIVE_SECTIONS:
        season_archive.ARCHIVE_SECTIONS.append(archive_section)
        season_archive.ARCHIVE_MARKDOWN.append(archive_markdown)
