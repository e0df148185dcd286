"""``manage.py first_run_link``: print the one-time setup link while the site has no site admin."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db.utils import DatabaseError

from accounts.first_run import first_run_url


class Command(BaseCommand):
    help = "Print the first-run setup link (it creates the first site admin and host) while no site admin exists."

    def handle(self, *args: Any, **options: Any) -> None:
        """Print the link, or nothing once a site admin exists (or before the database is migrated)."""
        try:
            url = first_run_url()
        except DatabaseError:  # not migrated yet: the migrate step prints it
            return
        if url is None:
            return
        bar = "=" * 72
        self.stdout.write(
            f"{bar}\nGarnet has no site admin yet. Open this one-time link to create the first account\n"
            f"(site admin and host):\n\n    {url}\n\n"
            f"It works until that account exists. Set GARNET_SITE_URL if the address is not yours.\n{bar}"
        )
