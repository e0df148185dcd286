"""``manage.py demo_reach``: threads with the dealer and a clarification in the demo season (run after demo_season).

Idempotent: a second run adds nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from reach.models import Clarification, Thread
from reach.services.clarify import clarification_post
from reach.services.threads import post_write, thread_open
from seasons.management.demo import DemoSeasonCommand


class Command(DemoSeasonCommand):
    help = "Give the demo season two threads with the dealer (one answered, one waiting) and a clarification."

    def handle(self, *args: Any, **options: Any) -> None:
        season = self.demo_season(options)
        episode = season.episodes.order_by("number").first()
        match = episode.mm_match if episode else None
        users = {u.username: u for u in get_user_model().objects.filter(username__in=["host", "ann", "bob", "cat"])}
        host = users["host"]
        if match is not None and not Thread.objects.filter(match=match, player=users["ann"]).exists():
            ann = thread_open(player=users["ann"], match=match)
            post_write(thread=ann, author=users["ann"], text="As X, may I pair myself with someone?")
            post_write(
                thread=ann,
                author=host,
                text="No: X pairs the other four and sits out the round. Your choice of pairs is secret "
                "until the round resolves.",
            )
            post_write(thread=ann, author=users["ann"], text="Thanks! And if I double, does that cost garnets?")
            cat = thread_open(player=users["cat"], match=match)
            post_write(thread=cat, author=users["cat"], text="If my partner censures me, do I still score?")
        if not Thread.objects.filter(season=season, match__isnull=True, player=users["bob"]).exists():
            bob = thread_open(player=users["bob"], season=season)
            post_write(thread=bob, author=users["bob"], text="When does Episode 2 start? I'm away on Saturday.")
        if match is not None and not Clarification.objects.filter(match=match).exists():
            clarification_post(
                user=host,
                match=match,
                text="X may not pair themself: X pairs the other four players. A Censure counts "
                "as your action for the round even if your partner allies.",
            )
        self.stdout.write(
            self.style.SUCCESS(
                "Demo threads: log in as host and open /reach/inbox/; ann's thread is on the Main Match page."
            )
        )
