"""Threads with the dealer: a player writes, a host answers, both see it live."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone

from games.match import broadcast
from games.match.selectors import seat_of
from games.models import Match
from reach import selectors
from reach.models import Post, Thread, ThreadRead
from reach.services.errors import (
    ArchiveClosed,
    EmptyText,
    NotThreadOwner,
    NotThreadParticipant,
    PlaceMissing,
    TextTooLong,
)
from seasons import selectors as season_selectors
from seasons.models import Season

MAX_LENGTH = 4000


def thread_open(*, player: Any, match: Match | None = None, season: Season | None = None) -> Thread:
    """The player's thread on ``match`` (or on ``season``), created on first use.

    Only a player of the match (or an entrant of the season) has one.
    """
    if match is not None:
        if seat_of(match, player) is None:
            raise NotThreadParticipant("Only the players of this match can write to its dealer.")
        found = Thread.objects.filter(match=match, player=player).first()
        if found is not None:
            return found
        return Thread.objects.get_or_create(
            match=match, player=player, defaults={"season": season_selectors.season_of_match(match)}
        )[0]
    if season is None:
        raise PlaceMissing("A thread belongs to a match or a season.")
    if season_selectors.entrant_of(season, player) is None:
        raise NotThreadParticipant("Only the players of this season can write to its dealer.")
    return Thread.objects.get_or_create(season=season, match=None, player=player)[0]


def thread_publish_set(*, thread: Thread, user: Any, publish: bool) -> Thread:
    """The thread's player chooses whether it goes into the season's public archive (reach/RULES.md).

    Only the player decides: the hosts' answers are published with the player's questions or not at
    all. The choice may change until the season is finished; from then on the archive is out and the
    choice stands (a published thread cannot be taken back from copies already made).
    """
    if thread.player_id != user.pk:
        raise NotThreadOwner("Only the player who asked decides whether this thread is published.")
    season = thread.season or (season_selectors.season_of_match(thread.match) if thread.match else None)
    if season is not None and Season.objects.filter(pk=season.pk, status=Season.Status.FINISHED).exists():
        raise ArchiveClosed("The season is over and its archive is out: the choice stands.")
    Thread.objects.filter(pk=thread.pk).update(publish=bool(publish))
    thread.publish = bool(publish)
    return thread


def thread_url(thread: Thread, *, for_host: bool) -> str:
    """Where a thread is read: the player's page on its match or season, or the host's view of it."""
    if for_host:
        return reverse("reach:host_thread", args=[thread.pk])
    if thread.match_id or thread.season is None:
        return reverse("reach:match_thread", args=[thread.match_id])
    return reverse("reach:season_thread", args=[thread.season.slug])


def post_write(*, thread: Thread, author: Any, text: str) -> Post:
    """Add a post to ``thread`` by its player or one of its hosts, and tell the other side live after commit."""
    body = (text or "").strip()
    if not body:
        raise EmptyText("Write something first.")
    if len(body) > MAX_LENGTH:
        raise TextTooLong(f"Keep it under {MAX_LENGTH} characters.")
    from_host = thread.player_id != author.pk
    if from_host and not selectors.is_thread_host(thread, author):
        raise NotThreadParticipant("Only this thread's player and hosts may write in it.")
    with transaction.atomic():
        post = Post.objects.create(thread=thread, author=author, from_host=from_host, text=body)
        Thread.objects.filter(pk=thread.pk).update(updated_at=timezone.now())
        thread_mark_read(thread=thread, user=author)
        where = str(thread.match or thread.season)
        events: list[broadcast.Event] = []
        # The push names who wrote and where, never the text: the page fetches that for its reader.
        if from_host:
            events.append(
                (
                    broadcast.group_user(thread.player_id),
                    {
                        "type": "user.notify",
                        "kind": "thread",
                        "thread": thread.pk,
                        "text": f"The dealer answered you on {where}.",
                        "url": thread_url(thread, for_host=False),
                    },
                )
            )
        for host in selectors.thread_hosts(thread):
            if host.pk != author.pk:
                events.append(
                    (
                        broadcast.group_user(host.pk),
                        {
                            "type": "user.notify",
                            "kind": "thread",
                            "thread": thread.pk,
                            "text": f"{thread.player.username} wrote on {where}.",
                            "url": thread_url(thread, for_host=True),
                        },
                    )
                )
        transaction.on_commit(lambda: broadcast.send(events))
        if from_host:
            from reach.services.mail import mail_queue

            mail_queue(
                user=thread.player,
                kind="answered",
                key=f"answered:{post.pk}",
                subject=f"The dealer answered you on {where}",
                body=f"The dealer answered your question on {where}.\n\n{body}\n",
                url=thread_url(thread, for_host=False),
            )
    return post


def thread_mark_read(*, thread: Thread, user: Any) -> None:
    """Mark every post of ``thread`` read by ``user``."""
    last = thread.posts.aggregate(m=Max("pk"))["m"] or 0
    read, made = ThreadRead.objects.get_or_create(thread=thread, user=user, defaults={"last_post_id": last})
    if not made and read.last_post_id < last:
        ThreadRead.objects.filter(pk=read.pk).update(last_post_id=last)
