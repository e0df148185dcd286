"""Print a new VAPID key pair for Web Push, as the environment lines the settings read.

Optional: without them the site makes a pair on first use and keeps it in its database (alerts.vapid). Set these
to keep one pair across databases (a site moved to a new database keeps its browsers' subscriptions working)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from alerts.vapid import vapid_pair_new


class Command(BaseCommand):
    help = "Print a new VAPID key pair (GARNET_VAPID_PUBLIC_KEY / GARNET_VAPID_PRIVATE_KEY) for Web Push (optional)."

    def handle(self, *args: Any, **options: Any) -> None:
        public, private = vapid_pair_new()
        self.stdout.write(f"GARNET_VAPID_PUBLIC_KEY={public}")
        self.stdout.write(f"GARNET_VAPID_PRIVATE_KEY={private}")
        self.stdout.write("GARNET_VAPID_SUBJECT=mailto:you@example.org")
