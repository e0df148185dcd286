"""``manage.py match_verify <id>``: check a finished match's deal from its revealed seed.

Prints the published commitment, the seed, whether the seed hashes to it and whether
a replay from the seed and the stored submissions reproduces every turn; exits with
status 1 when anything differs or the match is still running.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.match.services.replay import match_verify
from games.models import Match


class Command(BaseCommand):
    help = "Verify a finished match: its seed against the published sha256, and a replay of every turn."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = match_verify(match_id=options["match_id"])
        except Match.DoesNotExist as exc:
            raise CommandError(f"there is no match {options['match_id']}") from exc
        self.stdout.write(f"match {report.match_id}")
        self.stdout.write(f"commitment (sha256 of the seed): {report.commitment}")
        self.stdout.write(f"seed: {report.seed if report.seed is not None else '(secret until the match is over)'}")
        self.stdout.write(report.summary)
        if not report.ok:
            raise CommandError("not verified")
