"""``manage.py demo_matches``: one friendly match of every other registered game for the demo players.

Games listed in ``DEMOS`` open with the options shown there; any other registered game (a newly
added one) opens once with its defaults for its fewest players.

These stand outside the demo season (the season's episodes are the host's to run), so a visitor
can try every game in the browser at once. Idempotent: a game that already has a running demo
match is left alone. Users are created with the demo password if missing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.match.services.matches import match_start
from games.models import Match
from games.registry import get_engine, slugs

PLAYERS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou", "max"]
PASSWORD = "garnet-demo"  # noqa: S105 - the demo's published password, printed by ./dev demo

# Which friendly matches to open: (game, title, options, turn seconds for awaited turns).
DEMOS: list[tuple[str, str, dict[str, Any], int | None]] = [
    ("exodus", "Friendly: The Exodus Game (cubes)", {"variant": "cubes"}, 6 * 3600),
    ("exodus", "Friendly: The Exodus Game (gems)", {"variant": "gems"}, 6 * 3600),
    ("warriors", "Friendly: Warriors' Death (extended, live)", {"variant": "extended"}, 90),
    ("warriors", "Friendly: A Warrior's Death (classic)", {"variant": "classic"}, 3600),
    ("exodia", "Friendly: Exodia, Obliterate", {}, 6 * 3600),
    ("density", "Friendly: Density Deck", {"turn_seconds": 1800}, None),
]

SEASON_GAME = "abc"  # the demo season's Main Match: played there, not as a friendly
OWN_GAMES = "house"  # the dealers' own games: demo_season imports the host's and opens a match of one

# How many players each variant is published for (the engine's default when missing).
PUBLISHED = {
    ("exodus", "cubes"): 9,
    ("exodus", "gems"): 8,
    ("warriors", "classic"): 2,
    ("warriors", "extended"): 2,
    ("exodia", ""): 7,
    ("density", ""): 4,
}


class Command(BaseCommand):
    help = "Open one friendly demo match of each game besides the season's (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        for handle in PLAYERS:
            user, made = User.objects.get_or_create(username=handle)
            if made:
                user.set_password(PASSWORD)
                user.save()
        available = set(slugs())
        listed = {game for game, *_ in DEMOS} | {SEASON_GAME, OWN_GAMES}
        extra: list[tuple[str, str, dict[str, Any], int | None]] = [
            (g, f"Friendly: {get_engine(g).title}", {}, None) for g in sorted(available - listed)
        ]
        for game, title, opts, seconds in [*DEMOS, *extra]:
            if game not in available or Match.objects.filter(title=title, status__in=["running", "paused"]).exists():
                continue
            engine = get_engine(game)
            count = PUBLISHED.get((game, str(opts.get("variant", ""))), engine.min_players)
            # Rotate who plays so every demo player has something to do.
            start = len(title) % len(PLAYERS)
            roster = [PLAYERS[(start + i) % len(PLAYERS)] for i in range(count)]
            # A fresh random seed (match_start's default): a seed written here would let anyone
            # who reads the source compute every hidden deal of the demo.
            match = match_start(game=game, players=roster, options=opts, title=title, turn_seconds=seconds)
            self.stdout.write(f"{match.title}: /matches/{match.pk}/ — {', '.join(roster)}")
