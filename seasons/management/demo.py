"""The base of the demo commands that add to the season ``demo_season`` made (reach's threads, the story)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from seasons.models import Season


class DemoSeasonCommand(BaseCommand):
    """A command that adds to an existing demo season, named by ``--slug``."""

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--slug", default="demo", help="The demo season's slug.")

    def demo_season(self, options: dict[str, Any]) -> Season:
        """The demo season; a clear error when ``demo_season`` has not run yet."""
        season = Season.objects.filter(slug=options["slug"]).first()
        if season is None:
            raise CommandError("run demo_season first")
        return season
