"""``manage.py demo_season``: a demo season of 13 players with Episode 1's ABC Main Match running.

Idempotent: running it again leaves the existing users, season and episode as they are.
Every demo account (and the host ``host``, who holds the host role but is no site admin, so the
first-run setup link still works on a demo install: accounts/RULES.md) has the password ``garnet-demo``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from seasons.models import Episode, Season
from seasons.services import episode_start, season_create, season_start

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou", "max"]
PASSWORD = "garnet-demo"  # noqa: S105 - the demo's published password, printed by ./dev demo
SLUG = "demo"


class Command(BaseCommand):
    help = "Create the demo season (13 players + host 'host', password garnet-demo) with Episode 1 running."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--slug", default=SLUG, help="The demo season's slug.")

    def handle(self, *args: Any, **options: Any) -> None:
        """Create what is missing; never duplicate."""
        User = get_user_model()
        host, made = User.objects.get_or_create(username="host", defaults={"is_staff": True})
        if made:
            host.set_password(PASSWORD)
            host.save()
        for handle in PLAYERS:
            user, made = User.objects.get_or_create(username=handle)
            if made:
                user.set_password(PASSWORD)
                user.save()
        slug = options["slug"]
        season = Season.objects.filter(slug=slug).first()
        if season is None:
            # Its Death Matches wait 15 minutes for both players (or their Ready buttons), never half-played.
            season = season_create(
                name="Garnet Demo Season",
                slug=slug,
                players=PLAYERS,
                hosts=[host],
                starting_garnets=10,
                dm_lead_seconds=900,
            )
        if season.status == Season.Status.DRAFT:
            season = season_start(season_id=season.pk, user=host)
        if not Episode.objects.filter(season=season).exists():
            episode_start(
                season_id=season.pk, game="abc", players=PLAYERS[:5], user=host, options={"x_order": PLAYERS[:5]}
            )
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo season '{season.name}' at /seasons/{season.slug}/ — log in as ann…max or host "
                f"(password {PASSWORD}); Episode 1's ABC Main Match awaits ann."
            )
        )
