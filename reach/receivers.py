"""How reach listens: the match framework's hooks and the season's own rows, never their internals.

- ``turn_opened`` / ``match_finished``: a closed round's public lines go to the season's Discord.
- ``SeasonLog`` saved: public season steps (episode start, EC, DMO, Death Match, eliminations,
  clarifications) go to Discord; a Death Match start e-mails its two players.
- ``Notice`` saved: "a turn awaits your move", "2 hours left", "picked as DMO" e-mails.

Each runs inside its caller's transaction in a savepoint and only writes rows: a failure is
logged and never blocks a turn close or a season step; the sending happens after commit.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models.signals import m2m_changed, post_save

from games.engine import Outcome
from games.match import hooks
from games.models import Match, Turn
from seasons import archive as season_archive
from seasons import selectors as season_selectors
from seasons.models import Notice, Season, SeasonLog

log = logging.getLogger(__name__)


def _guarded(what: str, fn: Callable[[], None]) -> None:
    try:
        with transaction.atomic():
            fn()
    except Exception:
        log.exception("reach could not %s; the step itself went through", what)


def on_turn_opened(sender: Any, match: Match, turn: Turn, closing: bool = False, **kwargs: Any) -> None:
    """The round before ``turn`` closed: announce its public results."""
    if turn.number <= 1:
        return
    # Asked before the savepoint: a friendly match (most closes) costs no query and no savepoint here.
    season = season_selectors.season_of_match(match, closing=closing)
    if season is None:
        return

    def run() -> None:
        from reach.announce import round_results_announce

        previous = Turn.objects.filter(match=match, number=turn.number - 1).values_list("label", flat=True).first()
        round_results_announce(season=season, match=match, turn_number=turn.number - 1, label=previous or "")

    _guarded("announce a round", run)


def on_match_finished(sender: Any, match: Match, outcome: Outcome, closing: bool = False, **kwargs: Any) -> None:
    """The last round closed: announce its public results."""
    season = season_selectors.season_of_match(match, closing=closing)  # before the savepoint, as for a new turn
    if season is None:
        return

    def run() -> None:
        from reach.announce import round_results_announce

        last = Turn.objects.filter(match=match).order_by("-number").first()
        if last is not None:
            round_results_announce(season=season, match=match, turn_number=last.number, label=last.label)

    _guarded("announce a match's end", run)


def on_season_log(sender: Any, instance: SeasonLog, created: bool, **kwargs: Any) -> None:
    """Announce public season steps; mail a Death Match's players that it starts."""
    if not created:
        return

    def run() -> None:
        from reach.announce import season_step_announce
        from reach.notify_mail import dm_start_mail

        season_step_announce(instance)
        if instance.action == "dm_start":
            dm_start_mail(instance)

    _guarded(f"announce {instance.action}", run)


def on_notice(sender: Any, instance: Notice, created: bool, **kwargs: Any) -> None:
    """Mail the notices a player can ask to get by e-mail."""
    if not created:
        return

    def run() -> None:
        from reach.discord.reminders import reminder_queue
        from reach.notify_mail import notice_mail

        notice_mail(instance)
        reminder_queue(instance)  # a deadline reminder also goes by Discord DM, where the player wants it

    _guarded(f"mail a {instance.kind} notice", run)


def on_clarification_changed(sender: Any, **kwargs: Any) -> None:
    """A clarification written or removed: the match pages' cached lists are stale."""
    from reach.selectors import clarifications_changed

    clarifications_changed()


def on_hosts_changed(
    sender: Any, instance: Any, action: str, reverse: bool, pk_set: set[int] | None, **kwargs: Any
) -> None:
    """A season's or a match's hosts changed: forget those users' cached "hosts anything" after commit (a
    page drawn before the commit must not cache the old answer again)."""
    if action not in ("post_add", "post_remove", "pre_clear"):
        return
    if reverse:  # changed from the user's side: ``instance`` is the user
        user_ids = [instance.pk]
    elif action == "pre_clear":
        user_ids = list(instance.hosts.values_list("pk", flat=True))
    else:
        user_ids = list(pk_set or ())
    if user_ids:
        from reach.selectors import hosts_forget

        transaction.on_commit(lambda: hosts_forget(user_ids))


def connect() -> None:
    """Connect the receivers (idempotent)."""
    hooks.turn_opened.connect(on_turn_opened, dispatch_uid="reach.turn_opened")
    hooks.match_finished.connect(on_match_finished, dispatch_uid="reach.match_finished")
    post_save.connect(on_season_log, sender=SeasonLog, dispatch_uid="reach.season_log")
    post_save.connect(on_notice, sender=Notice, dispatch_uid="reach.notice")
    for model in (Season, Match):
        m2m_changed.connect(on_hosts_changed, sender=model.hosts.through, dispatch_uid=f"reach.hosts.{model.__name__}")
    from django.db.models.signals import post_delete

    from reach.models import Clarification

    post_save.connect(on_clarification_changed, sender=Clarification, dispatch_uid="reach.clarification_saved")
    post_delete.connect(on_clarification_changed, sender=Clarification, dispatch_uid="reach.clarification_deleted")
    from reach.archive import archive_markdown, archive_section

    if archive_section not in season_archive.ARCHIVE_SECTIONS:
        season_archive.ARCHIVE_SECTIONS.append(archive_section)
        season_archive.ARCHIVE_MARKDOWN.append(archive_markdown)
