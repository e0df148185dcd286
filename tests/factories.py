"""Factories for the suite's fixtures."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import factory
from django.contrib.auth import get_user_model

from games.match.services.matches import match_start
from games.match.services.turns import turn_length, turn_rng
from games.models import Match, Seat, Turn, seed_commitment
from games.registry import get_engine

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
        # An existing account fetched again (get_or_create) keeps its password: setting it anew is a password
        # change, which revokes the account's API tokens (accounts/RULES.md 9).
        if self.password and extracted is None:
            return
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


def abc_matches(
    count: int,
    players: Sequence[str] = ABC_PLAYERS,
    *,
    seed: str = "bulk",
    deadline: datetime | None = None,
) -> list[Match]:
    """``count`` running ABC matches as ``abc_match`` starts them (seeds ``{seed}-0`` …), made in bulk.

    Three inserts in all instead of a handful of round trips per match, for benches and tests
    that need hundreds of matches; the first turns' deadline is ``deadline`` when given. No
    hooks run (a match outside any season has none to honour) and no close is scheduled.
    """
    users(players)
    engine = get_engine("abc")
    roster = list(players)
    user_ids = dict(get_user_model().objects.filter(username__in=roster).values_list("username", "pk"))
    now = datetime.now(UTC)
    matches, states = [], []
    for i in range(count):
        match = Match(game="abc", title=engine.title, players=roster, options={"x_order": roster}, seed=f"{seed}-{i}")
        match.seed_sha256 = seed_commitment(match.seed)  # what Match.save does; bulk_create skips it
        state = engine.setup(roster, match.options, turn_rng(match, 0))
        match.state = engine.dump(state)
        matches.append(match)
        states.append(state)
    Match.objects.bulk_create(matches)
    Seat.objects.bulk_create(
        [Seat(match=m, user_id=user_ids[p], position=i) for m in matches for i, p in enumerate(roster)]
    )
    Turn.objects.bulk_create(
        [
            Turn(
                match=m,
                number=1,
                label=engine.turn_label(state),
                awaiting=list(engine.awaiting(state)),
                opened_at=now,
                deadline=deadline or now + timedelta(seconds=turn_length(engine=engine, state=state, match=m)),
                state_before=engine.dump(state),
            )
            for m, state in zip(matches, states, strict=True)
        ]
    )
    return matches
