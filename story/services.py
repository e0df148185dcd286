"""Writes of the story: a player's confessionals (written, edited with revisions, frozen once
published) and a host's choice of when they are published."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core.errors import Conflict, Forbidden, GameError, NotFound
from games.models import Match, Turn
from seasons import selectors as season_selectors
from seasons.models import Entrant, Season
from seasons.services.notify import season_log
from story.models import Confessional, ConfessionalRevision, StorySettings
from story.selectors import is_published, season_match_choices

MAX_CHARS = 5000


class StoryError(GameError):
    """A confessional or story step refused; ``str(e)`` says why."""

    code = "story_refused"


class ConfessionalFrozen(Conflict):
    """Published confessionals are frozen: they can no longer be edited."""

    code = "confessional_frozen"


def _clean(text: str) -> str:
    body = (text or "").strip()
    if not body:
        raise StoryError("Write something first: a confessional needs text.")
    if len(body) > MAX_CHARS:
        raise StoryError(f"A confessional holds at most {MAX_CHARS} characters; this one has {len(body)}.")
    return body


def _writer(season: Season, user: Any) -> Entrant:
    entrant = season_selectors.entrant_of(season, user)
    if entrant is None:
        raise Forbidden("Only the season's players write confessionals.")
    return entrant


def _where(
    season: Season, entrant: Entrant, match_id: int | None, turn_number: int | None
) -> tuple[Match | None, int | None]:
    """The match and turn a confessional is tied to: one of the writer's own season matches, a turn it has had."""
    if match_id is None:
        return None, None
    if match_id not in {pk for pk, _ in season_match_choices(season, entrant)}:
        raise StoryError("Tie a confessional only to a match of this season you play in.")
    match = Match.objects.get(pk=match_id)
    if turn_number is not None and not Turn.objects.filter(match=match, number=turn_number).exists():
        raise StoryError(f"That match has no turn {turn_number} yet.")
    return match, turn_number


def confessional_write(
    *, season: Season, user: Any, text: str, match_id: int | None = None, turn_number: int | None = None
) -> Confessional:
    """Store a new confessional by ``user``, a player of ``season``, at any time.

    Nothing is pushed or announced while it is sealed: only the author and the hosts know it exists.
    Written after its author's publication (an eliminated player's exit words) it is public and frozen at once.
    """
    entrant = _writer(season, user)
    body = _clean(text)
    match, turn = _where(season, entrant, match_id, turn_number)
    return Confessional.objects.create(season=season, entrant=entrant, match=match, turn_number=turn, text=body)


def confessional_edit(*, season: Season, user: Any, pk: int, text: str) -> Confessional:
    """Change the text of the author's own confessional, keeping the old text as a revision.

    Refused once it is published (frozen) and for anyone but its author (404: others never learn it exists).
    """
    entrant = _writer(season, user)
    body = _clean(text)
    with transaction.atomic():
        conf = Confessional.objects.select_for_update().filter(season=season, entrant=entrant, pk=pk).first()
        if conf is None:
            raise NotFound("You have no such confessional.")
        entrant.refresh_from_db(fields=["status"])
        if is_published(season, entrant):
            raise ConfessionalFrozen()
        if conf.text == body:
            return conf
        ConfessionalRevision.objects.create(confessional=conf, text=conf.text)
        conf.text = body
        conf.save(update_fields=["text", "updated_at"])
    return conf


def story_settings_set(*, season: Season, user: Any, publish_on: str) -> StorySettings:
    """A host chooses when the season's confessionals are published (logged, like every host step)."""
    if not season_selectors.is_host(season, user):
        raise Forbidden("Only the season's hosts change when confessionals are published.")
    if publish_on not in StorySettings.PublishOn.values:
        raise StoryError("Choose when confessionals are published: on elimination or at the season's end.")
    with transaction.atomic():
        settings, _ = StorySettings.objects.get_or_create(season=season)
        if settings.publish_on != publish_on:
            settings.publish_on = publish_on
            settings.save(update_fields=["publish_on"])
            season_log(season=season, action="story_publish_on", user=user, publish_on=publish_on)
    return settings
