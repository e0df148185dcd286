"""Reads of dealers' games: whose games, which fit a match, and the game choice a season stores.

A season names a dealer's game in its game fields (``Episode.dm_game``, ``Season.dm_game``, the
console's game select) as ``house:<id>``; :func:`house_choice_resolve` turns such a choice into the
engine slug ``house`` and the options of the game's latest version, which the match keeps:
``{"definition": {...}, "house_game": id, "house_version": n}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from games.house.access import may_design
from games.house.models import HouseGame, HouseGameVersion
from games.house.play.match_rules import definition_summary
from games.models import Match

SLUG = "house"
PREFIX = "house:"


def house_games_for(user: Any) -> QuerySet[HouseGame]:
    """The games ``user`` owns, the most recently changed first (none for someone who may not design)."""
    if not may_design(user):
        return HouseGame.objects.none()
    return HouseGame.objects.filter(owner=user).select_related("owner").prefetch_related("versions")


@dataclass(frozen=True)
class HouseChoice:
    """One dealer's game as a select offers it: the stored value and the label a host reads."""

    value: str
    label: str
    game: HouseGame
    version: HouseGameVersion


def _label(version: HouseGameVersion, user: Any) -> str:
    low, high = version.players
    span = f"{low}" if low == high else f"{low}–{high}"
    whose = "your game" if user is not None and version.game.owner_id == user.pk else f"{version.game.owner}'s game"
    return f"{version.title} ({whose}, v{version.number}, {span} players)"


def house_games_fitting(
    user: Any, *, players: int, kind: str | None = None, owners: Iterable[Any] = ()
) -> list[HouseChoice]:
    """The games of ``user`` (and of ``owners``, e.g. a season's co-hosts) whose latest version takes
    ``players`` players and, given ``kind`` (``main`` / ``death``), is of that kind; by title."""
    people = {u.pk for u in [user, *owners] if u is not None and getattr(u, "pk", None)}
    games = HouseGame.objects.filter(owner__in=people).select_related("owner").prefetch_related("versions")
    out = []
    for game in games:
        version = max(game.versions.all(), key=lambda v: v.number, default=None)
        if version is None or not version.fits(players) or (kind and version.kind != kind):
            continue
        out.append(HouseChoice(f"{PREFIX}{game.pk}", _label(version, user), game, version))
    return sorted(out, key=lambda c: (c.label.lower(), c.value))


def house_games_unfitting(
    user: Any, *, players: int, kind: str, owners: Iterable[Any] = ()
) -> list[tuple[HouseChoice, str]]:
    """The games of ``user`` (and ``owners``) of ``kind`` whose latest version does NOT take ``players``,
    each with the reason in words, so a season's list keeps them with why (issue 38)."""
    people = {u.pk for u in [user, *owners] if u is not None and getattr(u, "pk", None)}
    games = HouseGame.objects.filter(owner__in=people).select_related("owner").prefetch_related("versions")
    out = []
    for game in games:
        version = max(game.versions.all(), key=lambda v: v.number, default=None)
        if version is None or version.fits(players) or version.kind != kind:
            continue
        low, high = version.players
        span = f"{low}" if low == high else f"{low}–{high}"
        why = f"takes {span} players; {players} are alive"
        out.append((HouseChoice(f"{PREFIX}{game.pk}", _label(version, user), game, version), why))
    return sorted(out, key=lambda c: (c[0].label.lower(), c[0].value))


def is_house_choice(value: str) -> bool:
    """Whether a stored game choice names a dealer's game (``house:<id>``)."""
    return value.startswith(PREFIX) and value[len(PREFIX) :].isdigit()


def house_choice_version(value: str) -> HouseGameVersion | None:
    """The latest version of the dealer's game ``value`` names (``house:<id>``), or None."""
    if not is_house_choice(value):
        return None
    game = HouseGame.objects.filter(pk=int(value[len(PREFIX) :])).first()
    return game.latest if game is not None else None


def house_options(version: HouseGameVersion) -> dict[str, Any]:
    """What a match of ``version`` keeps in its options (so its replay never reads these rows again)."""
    return {"definition": version.definition, "house_game": version.game_id, "house_version": version.number}


def house_choice_resolve(value: str) -> tuple[str, dict[str, Any]]:
    """A game choice as the engine slug and the options it brings: ``("house", {...})`` for
    ``house:<id>`` (LookupError if that game is gone), ``(value, {})`` for an installed game."""
    if not is_house_choice(value):
        return value, {}
    version = house_choice_version(value)
    if version is None:
        raise LookupError(f"The dealer's game {value} no longer exists.")
    return SLUG, house_options(version)


def house_choice_title(value: str) -> str | None:
    """The title of the dealer's game ``value`` names, or None when it names an installed game."""
    version = house_choice_version(value)
    return version.title if version is not None else None


def version_played(version: HouseGameVersion) -> bool:
    """Whether a match was started with ``version`` (its rules are then public)."""
    return Match.objects.filter(
        Q(game=SLUG), options__house_game=version.game_id, options__house_version=version.number
    ).exists()


def version_usable(version: HouseGameVersion, *, hosts: Iterable[Any]) -> bool:
    """Whether a season of ``hosts`` may start a match of ``version``: its designer is one of them (a
    designer shares a game by co-hosting), or the version is published already (a match was started with
    it, so its rules page is public). Starting a match must not publish someone else's draft (issue 47)."""
    if version.game.owner_id in {getattr(h, "pk", None) for h in hosts}:
        return True
    return version_played(version)


def version_summary(version: HouseGameVersion) -> list[str]:
    """The shape of a version in a few sentences (who plays, how long, what each round asks)."""
    return definition_summary(version.definition)
