"""Reads of the match framework. Every picture of a match goes through ``Engine.view``."""

from __future__ import annotations

import enum
from typing import Any

from django.db.models import Max, Q, QuerySet

from games.models import Match, Message, Submission, Turn
from games.registry import get_engine


class Role(enum.StrEnum):
    """Who is looking at a match."""

    ANONYMOUS = "anonymous"
    SPECTATOR = "spectator"
    PLAYER = "player"
    HOST = "host"


def match_role(match: Match, user: Any) -> Role:
    """The viewer's role in ``match``: a player of it, one of its hosts, or someone watching."""
    if user is None or not user.is_authenticated:
        return Role.ANONYMOUS
    if user.username in match.players:
        return Role.PLAYER
    if user.is_superuser or match.hosts.filter(pk=user.pk).exists():
        return Role.HOST
    return Role.SPECTATOR


def viewer_handle(match: Match, user: Any) -> str | None:
    """The handle the engine should see for ``user``: theirs if they play ``match``, else None (the public)."""
    if user is not None and user.is_authenticated and user.username in match.players:
        return str(user.username)
    return None


def match_view_for_player(match: Match, player: str | None) -> dict[str, Any]:
    """What ``player`` (None: the public) may see of the match's current state."""
    engine = get_engine(match.game)
    return engine.view(engine.load(match.state), player)


def match_views_for_host(match: Match) -> dict[str, dict[str, Any]]:
    """Every player's view side by side, for the host's page."""
    engine = get_engine(match.game)
    state = engine.load(match.state)
    return {p: engine.view(state, p) for p in match.players}


def match_open_turn(match: Match) -> Turn | None:
    """The turn taking submissions, if any."""
    return Turn.objects.filter(match=match, status=Turn.Status.OPEN).order_by("-number").first()


def match_messages_for(match: Match, player: str | None, *, after: int = 0,
                       after_private: int = 0) -> QuerySet[Message]:
    """The log lines ``player`` may read, in order: public lines numbered after ``after`` and
    their own private lines numbered after ``after_private`` (each audience counts on its own)."""
    visible = Q(to__isnull=True, seq__gt=after)
    if player:
        visible |= Q(to=player, seq__gt=after_private)
    return Message.objects.filter(visible, match=match).order_by("pk")


def match_private_seq(match: Match, player: str | None) -> int | None:
    """The number of ``player``'s last private line (None for a viewer who plays no part)."""
    return private_last_seq(match.pk, player) if player else None


def private_last_seq(match_id: int, player: str) -> int:
    """The number of ``player``'s last private line in the match (0: none yet)."""
    found = Message.objects.filter(match_id=match_id, to=player).aggregate(last=Max("seq"))["last"]
    return int(found or 0)


def submission_of(turn: Turn | None, player: str | None) -> Submission | None:
    """``player``'s stored submission for ``turn``."""
    if turn is None or player is None:
        return None
    return Submission.objects.filter(turn=turn, player=player).first()


def matches_of_user(user: Any) -> QuerySet[Match]:
    """The matches ``user`` plays in, newest first."""
    return Match.objects.filter(seats__user=user).order_by("-created_at").distinct()


def matches_public() -> QuerySet[Match]:
    """Every match, newest first, for the spectators' list."""
    return Match.objects.order_by("-created_at")


def turn_locked_players(turn: Turn | None) -> list[str]:
    """Who has locked in for ``turn`` (a public act); saved-but-unlocked moves and all contents stay hidden."""
    if turn is None:
        return []
    return list(Submission.objects.filter(turn=turn, locked=True).order_by("player").values_list("player", flat=True))


def match_name(match: Match) -> str:
    """The match as a person names it: the game's name, then the host's title ("The ABC Game · Episode 1 · Main Match")."""
    try:
        game = get_engine(match.game).title
    except KeyError:
        game = match.game
    return f"{game} · {match.title}" if match.title else f"{game} #{match.pk}"
