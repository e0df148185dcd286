"""``manage.py bot <match> <player> --strategy <name>``: a strategy plays one seat through the REST API.

    python manage.py bot 12 ann --strategy tit-for-tat --url https://garnet.example

The player's API token comes from ``--token`` or, run on the server, from the database (created if
missing). The bot sees only that player's view and submits like them; a move the rules refuse,
or a turn the strategy has no answer for, is left to the game's default at the deadline.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.match.playtest import strategies
from games.match.playtest.client import Api, ApiError, bot_play
from games.models import Match


class Command(BaseCommand):
    help = "Play one player's seat of a match with a bot strategy, through the REST API."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match", type=int)
        parser.add_argument("player", help="the player's handle")
        parser.add_argument("--strategy", required=True)
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="the site's base URL")
        parser.add_argument("--token", default=None, help="the player's API token (default: from the database)")
        parser.add_argument("--poll", type=float, default=2.0, help="seconds between looks")
        parser.add_argument("--steps", type=int, default=None, help="stop after this many looks")

    def handle(self, *args: Any, **opts: Any) -> None:
        match = Match.objects.filter(pk=opts["match"]).first()
        if match is None:
            raise CommandError(f"there is no match {opts['match']}")
        if opts["player"] not in match.players:
            raise CommandError(f"{opts['player']} does not play in {match}")
        try:
            strategy = strategies.strategy(match.game, opts["strategy"])
        except KeyError as exc:
            raise CommandError(exc.args[0]) from exc
        if strategy is None and strategies.planner(match.game, opts["strategy"]) is not None:
            raise CommandError(
                f"{opts['strategy']} looks ahead through the match's hidden state: only the playtest lab plays it"
            )
        if strategy is None:
            raise CommandError(
                "random needs the hidden state; choose one of the game's strategies: "
                + ", ".join(strategies.names(match.game)[1:])
            )
        token = opts["token"] or self._token(opts["player"])
        api = Api(opts["url"], token)
        say = self.stdout.write
        say(f"{opts['player']} in {match} plays {opts['strategy']}")
        try:
            bot_play(
                api,
                match.pk,
                strategy,
                seed=f"{match.seed}:{opts['player']}",
                say=say,
                poll=opts["poll"],
                max_steps=opts["steps"],
            )
        except ApiError as exc:
            raise CommandError(f"the API refused: {exc}") from exc

    def _token(self, handle: str) -> str:
        from rest_framework.authtoken.models import Token

        user = get_user_model().objects.filter(username=handle).first()
        if user is None:
            raise CommandError(f"there is no user {handle}")
        return Token.objects.get_or_create(user=user)[0].key
