"""Starting a match."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from core.errors import GameError
from games.engine import RuleError
from games.match.services.turns import turn_open, turn_rng
from games.models import Match, Seat
from games.registry import get_engine


class MatchStartError(GameError):
    """The match cannot start as asked; ``str(e)`` says why."""

    code = "match_start_refused"


def match_start(
    *,
    game: str,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    title: str = "",
    turn_seconds: int | None = None,
    hosts: Iterable[Any] = (),
    now: datetime | None = None,
) -> Match:
    """Create a match of ``game`` for ``players`` (handles), set it up and open its first turn."""
    try:
        engine = get_engine(game)
    except KeyError as exc:
        raise MatchStartError(f'there is no game "{game}"') from exc
    roster = list(players)
    if len(set(roster)) != len(roster):
        raise MatchStartError("a player is listed twice")
    if not engine.min_players <= len(roster) <= engine.max_players:
        raise MatchStartError(
            f"{engine.title} takes {engine.min_players}–{engine.max_players} players, not {len(roster)}"
        )
    users = {u.username: u for u in get_user_model().objects.filter(username__in=roster)}
    if missing := [p for p in roster if p not in users]:
        raise MatchStartError(f"no such user: {', '.join(missing)}")
    match = Match(
        game=game,
        title=title or engine.title_for(dict(options or {})),
        players=roster,
        options=dict(options or {}),
        seed=seed or secrets.token_hex(16),  # 128 bits: the published sha256 cannot be searched
        turn_seconds=turn_seconds,
    )
    try:
        state = engine.setup(roster, match.options, turn_rng(match, 0))
    except RuleError as exc:
        raise MatchStartError(str(exc)) from exc
    with transaction.atomic():
        match.state = engine.dump(state)
        match.save()
        match.hosts.set(list(hosts))
        Seat.objects.bulk_create([Seat(match=match, user=users[p], position=i) for i, p in enumerate(roster)])
        turn_open(match=match, engine=engine, state=state, number=1, now=now or timezone.now())
    return match
