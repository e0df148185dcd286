"""Clarifications and amendments: a host's public ruling, pinned, in the log, live and on Discord."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import reverse

from games.engine import RuleError
from games.match.selectors import Role, match_role
from games.match.services.amend import match_line_post, match_option_change
from games.models import Match
from reach.models import Clarification
from reach.services.errors import AmendmentRefused, EmptyText, NotClarificationHost, PlaceMissing
from seasons import selectors as season_selectors
from seasons.models import Season
from seasons.services.notify import season_log


def _require_host(user: Any, *, match: Match | None, season: Season | None) -> None:
    if match is not None and match_role(match, user) == Role.HOST:
        return
    if season is not None and (user.is_superuser or season.hosts.filter(pk=user.pk).exists()):
        return
    raise NotClarificationHost("Only a host posts clarifications.")


def clarification_post(
    *,
    user: Any,
    text: str,
    match: Match | None = None,
    season: Season | None = None,
    option_name: str = "",
    option_value: Any = None,
) -> Clarification:
    """Post a clarification (or, with ``option_name``, an amendment changing that option) to a match or a season.

    It is public: pinned on the match page (a season's on every match of it), a line in the
    match log (whose push refreshes every open page of the match), announced on the season's
    Discord and kept in the archive.
    """
    body = (text or "").strip()
    if not body:
        raise EmptyText("Write the clarification first.")
    if match is None and season is None:
        raise PlaceMissing("A clarification belongs to a match or a season.")
    _require_host(user, match=match, season=season)
    if option_name and match is None:
        raise AmendmentRefused("An amendment that changes a game option is posted to a match.")
    if season is None and match is not None:
        season = season_selectors.season_of_match(match)
    kind = Clarification.Kind.AMENDMENT if option_name else Clarification.Kind.CLARIFICATION
    with transaction.atomic():
        value = None
        if option_name and match is not None:  # an amendment is posted to a match (checked above)
            try:
                value = match_option_change(
                    match_id=match.pk, name=option_name, value=option_value, user=user, reason=body
                )
            except RuleError as exc:
                raise AmendmentRefused(f"Amendment refused: {exc}") from exc
        clar = Clarification.objects.create(
            season=season, match=match, kind=kind, text=body, option_name=option_name, option_value=value, author=user
        )
        label = clar.get_kind_display()
        change = f" ({option_name} is now {value})" if option_name else ""
        if match is not None:
            match_line_post(match_id=match.pk, text=f"{label}: {body}{change}")
        elif season is not None:
            # A season-wide ruling: a line in every running match of the season, and a push to each.
            for m in season_selectors.season_matches(season).filter(status__in=["running", "paused"]):
                match_line_post(match_id=m.pk, text=f"{label}: {body}")
        if season is not None:
            season_log(
                season=season,
                action=f"{kind}_post",
                user=user,
                reason=body,
                match=match.pk if match else None,
                option=option_name or None,
                value=value,
                clarification=clar.pk,
            )
    return clar


def clarification_url(clar: Clarification) -> str:
    """The public page a clarification is pinned on."""
    if clar.match_id or clar.season is None:
        return reverse("games:match", args=[clar.match_id])
    return reverse("season_home", args=[clar.season.slug])
