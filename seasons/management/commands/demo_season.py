"""``manage.py demo_season``: a demo season of 13 players with Episode 1's ABC Main Match running, and
the host's own games (the samples of ``games/house/engine/samples/``, imported as a dealer would) with a
match of one of them, "Find the thief", hosted by ``host`` in the dealer's seat.

Idempotent: running it again leaves the existing users, season and episode as they are.
Every demo account (and the host ``host``, who holds the host role but is no site admin, so the
first-run setup link still works on a demo install: accounts/RULES.md) has the password ``garnet-demo``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.house.models import HouseGame
from games.house.selectors import house_options
from games.house.services import house_game_import
from games.match.services.matches import match_start
from games.models import Match
from seasons.models import Episode, Season
from seasons.services import episode_start, season_create, season_start

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou", "max"]
PASSWORD = "garnet-demo"  # noqa: S105 - the demo's published password, printed by ./dev demo
SLUG = "demo"
SAMPLES = Path(__file__).resolve().parents[3] / "games" / "house" / "engine" / "samples"
HOUSE_SAMPLES = ["two_thirds", "rps_best_of_5", "secret_thief", "dealers_auction"]
HOUSE_MATCH = "Friendly: a dealer's game"  # the title of the demo match of the host's own game


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
        thief = self.house_games(host)
        if not Match.objects.filter(title=HOUSE_MATCH, status__in=["running", "paused"]).exists():
            # A fresh random seed (match_start's default), as for every demo deal: roles stay secret.
            match_start(
                game="house",
                players=PLAYERS[5:],
                options=house_options(thief.latest),
                title=HOUSE_MATCH,
                turn_seconds=6 * 3600,
                hosts=[host],
            )
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo season '{season.name}' at /seasons/{season.slug}/ — log in as ann…max or host "
                f"(password {PASSWORD}); Episode 1's ABC Main Match awaits ann. The host's own games are at "
                f"/games/house/; fay…max play one of them, which host deals."
            )
        )

    def house_games(self, host: Any) -> HouseGame:
        """Import each sample as the host's game once (as a dealer would from a file); "Find the thief"."""
        for name in HOUSE_SAMPLES:
            text = (SAMPLES / f"{name}.yaml").read_text()
            title = text.split("title:", 1)[1].splitlines()[0].strip()
            if not HouseGame.objects.filter(owner=host, title=title).exists():
                house_game_import(owner=host, text=text)
        return HouseGame.objects.get(owner=host, title="Find the thief")
