"""The custom user: a player's handle is their username, lower-case."""

from __future__ import annotations

import zoneinfo

from django.contrib.auth.models import AbstractUser
from django.db import models


def time_zone_choices() -> list[tuple[str, str]]:
    """Every IANA time zone, for the profile form."""
    return [(z, z) for z in sorted(zoneinfo.available_timezones())]


class User(AbstractUser):
    """A Garnet account. ``username`` is the player's handle in every match."""

    time_zone = models.CharField(max_length=64, default="UTC", help_text="Deadlines are shown in this zone.")

    @property
    def handle(self) -> str:
        """The name that stands for this user in engines and logs."""
        return self.username
