"""Reads of the match framework. Every picture of a match goes through ``Engine.view``."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db.models import Max, Prefetch, Q, QuerySet

from core.memo import beside
from games.engine import DEALER, Outcome, RuleError
from games.match import statements
from games.match.statements import LOG_FIELDS
from games.models import HostAction, Match, Message, Submission, Turn
from games.registry import get_engine


class Role(enum.StrEnum):
    """Who is looking at a match."""

    ANONYMOUS = "anonymous"
    SPECTATOR = "spectator"
    PLAYER = "player"
    HOST = "host"


def match_by_pk(pk: int) -> Match | None:
    """The match with key ``pk``, or None (also for a key no database row can have)."""
    return statements.match_row.first(pk=pk) if 0 < pk < 2**63 else None


def turn_submissions(turn: Turn, player: str | None = None) -> list[Submission]:
    """Every submission of ``turn`` (``player``: only that seat's, if any), each with ``turn`` as its turn (no
    query per row to read it)."""
    if player is None:
        rows = statements.turn_submissions.all(turn_id=turn.pk)
    else:
        rows = statements.seat_submission.all(turn_id=turn.pk, player=player)
    for row in rows:
        row.turn = turn
    return rows


_SEATS = "games.match.seats"  # where _seat_rows keeps a match object's seats (core.memo.beside)


def _seat_rows(match: Match) -> dict[int, tuple[int, str]]:
    """Seat position -> (user id, username) of who plays it now, read once per match object (kept beside it)."""
    kept = beside(match)
    cached: dict[int, tuple[int, str]] | None = kept.get(_SEATS)
    if cached is None:
        cached = kept[_SEATS] = {pos: (uid, str(name)) for pos, uid, name in statements.seats.all(match_id=match.pk)}
    return cached


def seat_usernames(match: Match) -> dict[str, str]:
    """Who plays each seat: seat handle -> the username of its player now.

    A seat keeps its handle for the whole match (the engine's state, the log and the
    submissions name seats); a host's replacement changes only who plays it. A seat with
    no ``Seat`` row is played by the user of that name. This and :func:`seat_of` are the
    one mapping between users and seats: every edge and every season read goes through them.
    """
    rows = _seat_rows(match)
    return {h: rows[i][1] if i in rows else h for i, h in enumerate(match.players)}


def seat_of(match: Match, user: Any) -> str | None:
    """The seat handle ``user`` plays in ``match``, or None (not a player of it, or replaced)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    rows = _seat_rows(match)
    for i, handle in enumerate(match.players):
        if i in rows:
            if rows[i][0] == user.pk:
                return str(handle)
        elif handle == user.username:
            return str(handle)
    return None


def match_usernames(match: Match) -> list[str]:
    """The usernames of the match's players now, in seat order (a replacement stands in its seat)."""
    return list(seat_usernames(match).values())


def outcome_for_users(match: Match, outcome: Outcome) -> Outcome:
    """``outcome`` (which names seats) with each seat named by the username of who plays it now."""
    names = seat_usernames(match)

    def who(handle: str) -> str:
        return names.get(handle, handle)

    return Outcome(
        winners=tuple(who(h) for h in outcome.winners),
        candidates=tuple(who(h) for h in outcome.candidates),
        tokens={who(h): n for h, n in outcome.tokens.items()},
        garnets={who(h): n for h, n in outcome.garnets.items()},
        scores={who(h): n for h, n in outcome.scores.items()},
    )


def match_role(match: Match, user: Any) -> Role:
    """The viewer's role in ``match``: a player of it, one of its hosts, or someone watching."""
    if user is None or not user.is_authenticated:
        return Role.ANONYMOUS
    if seat_of(match, user) is not None:
        return Role.PLAYER
    if user.is_superuser or Match.hosts.through.objects.filter(match_id=match.pk, user_id=user.pk).exists():
        return Role.HOST
    return Role.SPECTATOR


def match_has_dealer(match: Match) -> bool:
    """Whether ``match``'s game has a dealer's seat (``Engine.has_dealer``: the dealers' own games)."""
    try:
        engine = get_engine(match.game)
    except KeyError:
        return False
    return bool(getattr(engine, "has_dealer", False))


def handle_for_role(match: Match, user: Any, role: Role) -> str | None:
    """The seat the engine sees for ``user`` whose role in ``match`` is ``role`` (see :func:`viewer_handle`)."""
    if role == Role.PLAYER:
        return seat_of(match, user)
    if role == Role.HOST and match_has_dealer(match):
        return DEALER
    return None


def viewer_handle(match: Match, user: Any) -> str | None:
    """The seat handle the engine should see for ``user``: the seat they play in ``match``; for a host of it
    who plays no seat, the dealer's seat (``games.engine.DEALER``) when its game has one; else None (the public).

    Every edge (page, check, submit, API, websocket, a past turn's page) asks this, so the dealer's view,
    private lines, pushes and moves reach a host who does not play and nobody else: a host who also plays
    gets their own seat only, never the dealer's (no tally of their own match). The dealer's seat is not
    a player: :func:`seat_of`, ``match.players`` and every season read leave it out.
    """
    return handle_for_role(match, user, match_role(match, user))


def match_view_for_player(match: Match, player: str | None) -> dict[str, Any]:
    """What ``player`` (None: the public) may see of the match's current state."""
    engine = get_engine(match.game)
    return engine.view(engine.load(match.state), player)


def match_views_for_host(match: Match) -> dict[str, dict[str, Any]]:
    """Every player's view side by side, for the host's page."""
    engine = get_engine(match.game)
    state = engine.load(match.state)
    return {p: engine.view(state, p) for p in match.players}


def seat_labels(match: Match) -> dict[str, str]:
    """Each seat as the page names it: its handle, or "ann's seat, played by bob" after a replacement."""
    return {h: h if name == h else f"{h}'s seat, played by {name}" for h, name in seat_usernames(match).items()}


def match_open_turn(match: Match) -> Turn | None:
    """The turn taking submissions, if any."""
    return statements.open_turn.first(match_id=match.pk)


class LogLine(NamedTuple):
    """One line of a match log as a reader gets it (``to`` is the player of a private line, else None)."""

    seq: int
    to: str | None
    text: str
    turn_number: int


def match_messages_for(match: Match, player: str | None, *, after: int = 0, after_private: int = 0) -> list[LogLine]:
    """The log lines ``player`` may read, in order: public lines numbered after ``after`` and
    their own private lines numbered after ``after_private`` (each audience counts on its own).

    Plain tuples, not model rows: every live fragment reads the whole log, and building a
    model instance per line was most of that read's cost. The whole log (every page) is the close's compiled read
    of every line, of which only this reader's are kept."""
    if not after and not after_private:
        every = statements.log_rows.all(match_id=match.pk)
        return [LogLine(*row) for row in every if row[1] is None or (player and row[1] == player)]
    visible = Q(to__isnull=True, seq__gt=after)
    if player:
        visible |= Q(to=player, seq__gt=after_private)
    rows = Message.objects.filter(visible, match_id=match.pk).order_by("pk").values_list(*LOG_FIELDS)
    return [LogLine(*row) for row in rows]


def match_private_seq(match: Match, player: str | None) -> int | None:
    """The number of ``player``'s last private line (None for a viewer who plays no part)."""
    return private_last_seq(match.pk, player) if player else None


def private_last_seq(match_id: int, player: str) -> int:
    """The number of ``player``'s last private line in the match (0: none yet)."""
    found = Message.objects.filter(match_id=match_id, to=player).aggregate(last=Max("seq"))["last"]
    return int(found or 0)


def matches_of_user(user: Any) -> QuerySet[Match]:
    """The matches ``user`` plays in, newest first."""
    return Match.objects.filter(seats__user=user).order_by("-created_at").distinct()


@dataclass(frozen=True)
class DashboardRow:
    """One line of a player's dashboard."""

    match: Match
    turn: Turn | None
    submission: Submission | None
    awaits_me: bool


def dashboard_rows(user: Any, *, limit: int = 100) -> list[DashboardRow]:
    """``user``'s matches with their open turn and ``user``'s submission to it, in three queries whatever the count.

    ``user`` may play a seat of another name (a host's replacement): each row looks for that seat.
    """
    open_turns = (
        Turn.objects.filter(status=Turn.Status.OPEN)
        .order_by("-number")
        .prefetch_related(Prefetch("submissions", to_attr="subs"))
    )
    matches = (
        Match.objects.filter(seats__user=user)
        .annotate(my_position=Max("seats__position"))  # the one seat row of this user: unique (match, user)
        .order_by("-created_at")
        .defer("state")
        .prefetch_related(Prefetch("turns", queryset=open_turns, to_attr="open_turns"))[:limit]
    )
    rows = []
    for match in matches:
        pos = match.my_position
        handle = match.players[pos] if pos is not None and pos < len(match.players) else str(user.username)
        turn = match.open_turns[0] if match.open_turns else None
        sub = next((s for s in turn.subs if s.player == handle), None) if turn is not None else None
        awaits = bool(turn and handle in turn.awaiting and match.status == Match.Status.RUNNING)
        rows.append(DashboardRow(match=match, turn=turn, submission=sub, awaits_me=awaits))
    return rows


def matches_public() -> QuerySet[Match]:
    """Every match, newest first, for the spectators' list."""
    return Match.objects.order_by("-created_at")


def turn_locked_players(turn: Turn | None) -> list[str]:
    """Who has locked in for ``turn`` (a public act); saved-but-unlocked moves and all contents stay hidden."""
    if turn is None:
        return []
    return list(Submission.objects.filter(turn=turn, locked=True).order_by("player").values_list("player", flat=True))


def move_problem(match: Match, player: str, move: Mapping[str, Any]) -> str:
    """Why the rules (and the season's checks, e.g. a garnet balance) refuse ``move`` by ``player`` right
    now; "" when they accept it. Nothing is saved."""
    return move_verdict(match, player, move)[0]


def move_verdict(match: Match, player: str, move: Mapping[str, Any]) -> tuple[str, int]:
    """``(problem, garnets)``: why ``move`` is refused ("" when accepted, as ``move_problem``) and, when
    accepted, how many garnets it spends (the engine's ``garnet_cost``). Nothing is saved."""
    from games.match import hooks

    engine = get_engine(match.game)
    try:
        state = engine.load(match.state)
        normal = engine.validate(state, player, move)
        for check in hooks.MOVE_CHECKS:
            check(match, player, normal)
    except RuleError as exc:
        return str(exc), 0
    return "", max(0, int(engine.garnet_cost(state, player, normal)))


@dataclass(frozen=True)
class TurnProgress:
    """Who has moved in an open turn, for its hosts: names only, never what anyone saved."""

    turn: Turn
    not_moved: list[str]
    saved: list[str]
    locked: list[str]


def turn_progress(match: Match) -> TurnProgress | None:
    """The open turn of ``match`` and, of the players it awaits, who has not moved, who saved without
    locking and who locked in (a host's read: players see only the locked-in ticks)."""
    turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
    if turn is None:
        return None
    subs = dict(Submission.objects.filter(turn=turn).values_list("player", "locked"))
    awaiting = list(turn.awaiting)
    return TurnProgress(
        turn=turn,
        not_moved=[p for p in awaiting if p not in subs],
        saved=[p for p in awaiting if p in subs and not subs[p]],
        locked=[p for p in awaiting if subs.get(p)],
    )


def score_line(match: Match) -> str:
    """The public score of a running match in a line ("Bout points, Bout 1: ann 3, gus 5"): each public
    series' latest column (``Engine.public_series`` of the public view, so nothing hidden); "" if none."""
    engine = get_engine(match.game)
    try:
        series = engine.public_series(engine.view(engine.load(match.state), None))
    except Exception:  # a score line only decorates a schedule: never fail a page for it
        return ""
    parts = []
    for name, columns in series.items():
        if not columns:
            continue
        when = list(columns)[-1]
        numbers = ", ".join(f"{p} {v:g}" for p, v in columns[when].items())
        parts.append(f"{name}, {when}: {numbers}")
    return " · ".join(parts)


def pause_reason(turn: Turn) -> str:
    """The reason the host gave when pausing ``turn``'s match or its clock ("" if none was given)."""
    action = (
        HostAction.objects.filter(match_id=turn.match_id, action__in=("turn_pause", "match_pause"))
        .order_by("-created_at", "-pk")
        .values_list("reason", flat=True)
        .first()
    )
    return (action or "").strip()


def match_name(match: Match) -> str:
    """The match as a person names it: the game's name, then the host's title ("The ABC Game · Episode 1 · Main Match")."""
    try:
        game = get_engine(match.game).title_for(match.options)
    except KeyError:
        game = match.game
    return f"{game} · {match.title}" if match.title else f"{game} #{match.pk}"
