"""Factories for the suite's fixtures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import factory
from django.contrib.auth import get_user_model

from games.models import Match
from games.services.matches import match_start

PASSWORD = "garnet-pass-1"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    time_zone = "UTC"

    @factory.post_generation
    def password(self, create: bool, extracted: str | None, **kwargs: Any) -> None:
        self.set_password(extracted or PASSWORD)
        if create:
            self.save(update_fields=["password"])


def users(names: Sequence[str]) -> list[Any]:
    """A user for each handle (created if missing)."""
    return [UserFactory(username=n) for n in names]


ABC_PLAYERS = ["ann", "bob", "cat", "dan", "eve"]


def abc_match(
    players: Sequence[str] = ABC_PLAYERS,
    *,
    options: dict[str, Any] | None = None,
    seed: str = "test-seed",
    turn_seconds: int | None = None,
    hosts: Sequence[Any] = (),
) -> Match:
    """A running ABC match whose X order is fixed to the seat order unless ``options`` says otherwise."""
    users(players)
    opts = {"x_order": list(players), **(options or {})}
    return match_start(
        game="abc", players=list(players), options=opts, seed=seed, turn_seconds=turn_seconds, hosts=hosts
    )
