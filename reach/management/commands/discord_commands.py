"""``manage.py discord_commands``: register the ``/garnet`` commands with the Discord application."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from reach.discord.catalog import COMMANDS
from reach.discord.register import commands_register
from reach.services.errors import ReachError


class Command(BaseCommand):
    help = "Register Garnet's /garnet slash commands with Discord (global, or one server with --guild)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--guild", default="", help="A server id: register there only (shows at once).")
        parser.add_argument("--print", action="store_true", help="Print the command set as JSON; send nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["print"]:
            self.stdout.write(json.dumps(COMMANDS, indent=2))
            return
        try:
            stored = commands_register(guild_id=options["guild"])
        except ReachError as exc:
            raise CommandError(str(exc)) from exc
        where = f"server {options['guild']}" if options["guild"] else "every server (global)"
        names = ", ".join(f"/{c.get('name')}" for c in stored)
        self.stdout.write(self.style.SUCCESS(f"Registered {names or 'nothing'} for {where}."))
