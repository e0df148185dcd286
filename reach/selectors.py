"""Reads of the reach app: threads a user may see, unread counts, clarifications in force."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from core.cache import soft_delete, soft_get, soft_get_many, soft_set
from games.models import Match
from reach.models import Clarification, Post, SeasonChannel, Thread, ThreadRead
from seasons import selectors as season_selectors
from seasons.models import Season


def is_thread_host(thread: Thread, user: Any) -> bool:
    """Whether ``user`` is one of the hosts who answer ``thread``."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if thread.match is not None and thread.match.hosts.filter(pk=user.pk).exists():
        return True
    return bool(thread.season is not None and thread.season.hosts.filter(pk=user.pk).exists())


def can_read_thread(thread: Thread, user: Any) -> bool:
    """Only the thread's player and its hosts read it (the archive publishes it once the season is over)."""
    if user is None or not user.is_authenticated:
        return False
    return thread.player_id == user.pk or is_thread_host(thread, user)


def thread_hosts(thread: Thread) -> list[Any]:
    """The users who answer ``thread``: the match's hosts and the season's."""
    hosts: dict[int, Any] = {}
    if thread.match is not None:
        hosts.update({u.pk: u for u in thread.match.hosts.all()})
    if thread.season is not None:
        hosts.update({u.pk: u for u in thread.season.hosts.all()})
    return list(hosts.values())


def _with_unread(threads: QuerySet[Thread], user: Any, *, from_host: bool) -> QuerySet[Thread]:
    """Annotate ``unread``: the other side's posts after the last one ``user`` read."""
    read = ThreadRead.objects.filter(thread=OuterRef("pk"), user=user).values("last_post_id")[:1]
    unread = (
        Post.objects.filter(thread=OuterRef("pk"), from_host=from_host, pk__gt=OuterRef("last_read"))
        .order_by()
        .values("thread")
        .annotate(n=Count("pk"))
        .values("n")[:1]
    )
    return threads.annotate(last_read=Coalesce(Subquery(read), 0)).annotate(unread=Coalesce(Subquery(unread), 0))


def unread(thread: Thread) -> int:
    """The ``unread`` count ``inbox_threads`` and ``player_threads`` annotate (0 on a thread read without it)."""
    return int(getattr(thread, "unread", 0))


def inbox_threads(user: Any) -> QuerySet[Thread]:
    """Every thread ``user`` answers as a host, newest first, each with ``unread`` (the players' posts unread)."""
    threads = Thread.objects.select_related("player", "match", "season")
    if not user.is_superuser:
        threads = threads.filter(Q(match__hosts=user) | Q(season__hosts=user)).distinct()
    threads = threads.filter(Exists(Post.objects.filter(thread=OuterRef("pk"))))
    return _with_unread(threads, user, from_host=False)


def inbox_unread_total(user: Any) -> int:
    """How many players' posts ``user`` has not read, over every thread they answer."""
    return sum(unread(t) for t in inbox_threads(user))


def player_threads(user: Any) -> QuerySet[Thread]:
    """A player's own threads, each with ``unread`` (the hosts' posts they have not read)."""
    return _with_unread(Thread.objects.filter(player=user).select_related("match", "season"), user, from_host=True)


HOSTS_ANYTHING_SECONDS = 300
"""How long a signed-in user's "hosts anything" answer is kept; a change of hosts forgets it at once."""


def _hosts_key(user_id: int) -> str:
    return f"reach:hosts-anything:{user_id}"


def hosts_anything(user: Any) -> bool:
    """Whether the signed-in ``user`` hosts a season or a match.

    Every signed-in page's nav asks, so the answer is cached per user (a cache that is down is a miss: one
    or two queries) and forgotten when the user is made a host or stops being one (``hosts_forget``).
    """
    key = _hosts_key(user.pk)
    found = soft_get(key)
    if found is None:
        found = (
            Season.hosts.through.objects.filter(user_id=user.pk).exists()
            or Match.hosts.through.objects.filter(user_id=user.pk).exists()
        )
        soft_set(key, found, HOSTS_ANYTHING_SECONDS)
    return bool(found)


def hosts_forget(user_ids: Iterable[int]) -> None:
    """The host roles of these users changed: their cached ``hosts_anything`` is stale."""
    for user_id in set(user_ids):
        soft_delete(_hosts_key(user_id))


def thread_of(*, player: Any, match: Match | None = None, season: Season | None = None) -> Thread | None:
    """The player's thread on a match or a season, if it exists."""
    if match is not None:
        return Thread.objects.filter(match=match, player=player).first()  # one thread per match and player
    return Thread.objects.filter(season=season, match__isnull=True, player=player).first()


def posts_of(thread: Thread) -> QuerySet[Post]:
    """A thread's posts in order, with their authors."""
    return thread.posts.select_related("author").order_by("pk")


CLARIFICATIONS_VERSION_KEY = "clarifications-version"
"""Cache key of a token that changes with every clarification written or removed (``clarifications_changed``)."""


def clarifications_for_match(match: Match) -> list[Clarification]:
    """The clarifications pinned on a match: its own and its season's, newest first.

    Every match fragment shows them, so they are cached per match with the clarifications version they were
    read under: the version and the list in one cache round trip instead of two queries, and any clarification
    written anywhere makes every cached list stale at once.
    """
    key = f"clarifications:{match.pk}"
    cached = soft_get_many([CLARIFICATIONS_VERSION_KEY, key])
    version = cached.get(CLARIFICATIONS_VERSION_KEY) or "0"
    kept = cached.get(key)
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == version:
        listed: list[Clarification] = kept[1]
        return listed
    season = season_selectors.season_of_match(match)
    where = Q(match=match)
    if season is not None:
        where |= Q(season=season, match__isnull=True)
    found = list(Clarification.objects.filter(where).select_related("author"))
    soft_set(key, (version, found), timeout=600)
    return found


def clarifications_changed() -> None:
    """A clarification was written or removed: every match's cached list is stale (now and after commit)."""
    soft_set(CLARIFICATIONS_VERSION_KEY, uuid.uuid4().hex, timeout=None)
    transaction.on_commit(lambda: soft_set(CLARIFICATIONS_VERSION_KEY, uuid.uuid4().hex, timeout=None))


def clarifications_for_season(season: Season) -> list[Clarification]:
    """Every clarification of a season and its matches, newest first."""
    ids = list(season_selectors.season_matches(season).values_list("pk", flat=True))
    return list(Clarification.objects.filter(Q(season=season) | Q(match_id__in=ids)).select_related("author", "match"))


@dataclass(frozen=True)
class ChangeableOption:
    """An option a host may amend mid-match, with its value now."""

    name: str
    title: str
    kind: str
    value: Any
    choices: tuple[str, ...]
    low: int | None
    high: int | None


def changeable_options(match: Match) -> list[ChangeableOption]:
    """The options of ``match``'s game declared changeable, for the amendment form."""
    from games.registry import get_engine

    engine = get_engine(match.game)
    return [
        ChangeableOption(
            o.name, o.title, o.kind, (match.options or {}).get(o.name, o.default), o.choices, o.low, o.high
        )
        for o in engine.options_schema
        if o.changeable
    ]


def webhook_of(season: Season) -> str:
    """The season's Discord webhook URL, or "" when it has none."""
    channel = SeasonChannel.objects.filter(season=season).first()
    return channel.discord_webhook if channel else ""
