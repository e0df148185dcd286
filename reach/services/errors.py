"""The errors a reach write raises: ``ReachError`` and its coded subclasses (one hierarchy, ``core.errors``).

``ReachError`` is the family root (``except ReachError`` catches every reach refusal); a raise always
names a subclass, whose ``code`` is stable API and whose status family is what every edge answers with.
Codes are part of the API: never rename one; add a new class instead.
"""

from __future__ import annotations

from core.errors import BadRequest, Conflict, Forbidden, GameError


class ReachError(GameError):
    """A refused reach write; ``str(e)`` is shown as is.

    Only the family root: every raise names one of the coded subclasses below.
    """

    code = "reach_refused"


class NotThreadParticipant(ReachError, Forbidden):
    """Only the players of this match or season, and its hosts, write to its dealer."""

    code = "not_thread_participant"


class NotThreadOwner(ReachError, Forbidden):
    """Only the player who asked decides whether this thread is published."""

    code = "not_thread_owner"


class NotClarificationHost(ReachError, Forbidden):
    """Only a host posts clarifications."""

    code = "not_clarification_host"


class ArchiveClosed(ReachError, Conflict):
    """The season is over and its archive is out: the choice stands."""

    code = "archive_closed"


class EmptyText(ReachError, BadRequest):
    """Write something first."""

    code = "empty_text"


class TextTooLong(ReachError, BadRequest):
    """The text is too long."""

    code = "text_too_long"


class PlaceMissing(ReachError, BadRequest):
    """A thread or clarification belongs to a match or a season."""

    code = "place_missing"


class AmendmentRefused(ReachError, BadRequest):
    """That amendment of a game option cannot be made; the message says why."""

    code = "amendment_refused"


class BadUnsubscribeLink(ReachError, BadRequest):
    """This unsubscribe link is broken, altered, or names nothing we send."""

    code = "bad_unsubscribe_link"


class BadWebhook(ReachError, BadRequest):
    """That is not a Discord webhook URL."""

    code = "bad_webhook"


class DiscordUnavailable(ReachError):
    """Discord cannot be reached as configured (no credentials, or it refused or kept throttling)."""

    code = "discord_unavailable"
    default_status = 503
