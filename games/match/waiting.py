"""Which turns await a user's move now: the one read behind every page's turn signal (issue 38).

Every page's title, favicon and nav badge show it, and logging in lands on the first of them, so it is
one query whatever the number of matches: the user's seats in running matches joined to their open
turns, each with whether the seat's player already saved a move (a seat is named by its handle, the
match's ``players[position]``, which the query reads out of the JSON list in the database's own
dialect). Whether the turn awaits the seat is decided here from the rows (``awaiting`` is a JSON list).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import connection
from django.utils.dateparse import parse_datetime

from games.models import Match, Seat, Submission, Turn

# The seat's handle: the match's players list at the seat's position.
_HANDLE = {
    "sqlite": "json_extract(m.players, '$[' || s.position || ']')",
    "postgresql": "(m.players ->> s.position::int)",
}

_SQL = """
SELECT t.match_id, t.number, t.label, t.deadline, t.opened_at, t.paused_remaining IS NOT NULL, t.awaiting,
       m.players, s.position, m.game, m.title,
       EXISTS (SELECT 1 FROM {submission} sub WHERE sub.turn_id = t.id AND sub.player = {handle})
FROM {seat} s
JOIN {match} m ON m.id = s.match_id
JOIN {turn} t ON t.match_id = m.id
WHERE s.user_id = %s AND m.status = %s AND t.status = %s
ORDER BY t.deadline, t.match_id
"""

LIVE_SECONDS = 15 * 60
"""A turn shorter than this is a live round (a 60-second Death Match turn): the same bound as the seasons' notices."""


@dataclass(frozen=True)
class WaitingTurn:
    """One step awaiting the user (issue 46): an open turn where they play an awaited seat and have saved
    nothing (``kind`` "turn"), or a step an app above awaits (``hooks.AWAITS``: a pick, a Ready, a notice
    to read), which names its own ``href`` and ``key``."""

    match_id: int
    number: int
    label: str
    deadline: datetime
    live: bool
    paused: bool
    kind: str = "turn"
    title: str = ""
    href: str = ""
    key: str = ""

    @property
    def url(self) -> str:
        return self.href or f"/matches/{self.match_id}/"

    @property
    def ident(self) -> str:
        """One entry per thing awaited: a match's turn, else the step's page (a notice and the Ready of one
        Death Match are one call)."""
        return self.key or self.url

    @property
    def is_turn(self) -> bool:
        return self.kind == "turn"

    def as_json(self) -> dict[str, Any]:
        """What a page's script keeps of it (``static/turn_signal.js``)."""
        return {
            "key": self.ident,
            "kind": self.kind,
            "match": self.match_id,
            "turn": self.number,
            "label": self.label,
            "title": self.title,
            "deadline": None if self.paused or self.kind == "notice" else self.deadline.isoformat(),
            "live": self.live,
            "url": self.url,
        }


def _when(value: Any) -> datetime:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    parsed = parse_datetime(str(value))
    if parsed is None:  # pragma: no cover - the column always holds a time
        raise ValueError(f"not a time: {value!r}")
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _decoded(value: Any) -> Any:
    if isinstance(value, str):
        import json

        return json.loads(value)
    return value


def turns_awaiting(user: Any) -> list[WaitingTurn]:
    """The open turns that await ``user``'s move, soonest deadline first: one query.

    A turn counts while the user plays one of its awaited seats (a replacement plays the seat's handle)
    in a running match and has saved no move for it; a saved move counts at the deadline, so nothing is
    missed (RULES.md, "the turn signal"). A dealer's seat is not counted here (the dashboard lists it).
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    vendor = connection.vendor
    sql = _SQL.format(
        handle=_HANDLE.get(vendor, _HANDLE["sqlite"]),
        submission=Submission._meta.db_table,
        seat=Seat._meta.db_table,
        match=Match._meta.db_table,
        turn=Turn._meta.db_table,
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, Match.Status.RUNNING.value, Turn.Status.OPEN.value])
        rows = cursor.fetchall()
    out: list[WaitingTurn] = []
    for match_id, number, label, deadline, opened_at, paused, awaiting, players, position, game, title, saved in rows:
        players, awaiting = _decoded(players), _decoded(awaiting)
        if saved or position is None or position >= len(players) or players[position] not in awaiting:
            continue
        end, start = _when(deadline), _when(opened_at)
        out.append(
            WaitingTurn(
                match_id=int(match_id),
                number=int(number),
                label=str(label),
                deadline=end,
                live=(end - start).total_seconds() < LIVE_SECONDS,
                paused=bool(paused),
                title=_match_title(str(game), str(title or ""), int(match_id)),
            )
        )
    return out


def _match_title(game: str, title: str, match_id: int) -> str:
    """The match as a person names it (``selectors.match_name`` without reading its options)."""
    from games.registry import get_entry

    try:
        name = str(get_entry(game).engine.title)
    except KeyError:
        name = game
    return f"{name} · {title}" if title else f"{name} #{match_id}"


_FAR = datetime.max.replace(tzinfo=UTC)


def awaits_of(user: Any) -> list[WaitingTurn]:
    """Every step awaiting ``user`` (issue 46), soonest first (paused turns last): their turns (one query)
    and what the apps above add through ``hooks.AWAITS`` (a fixed number of queries each), one per thing."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    from games.match import hooks

    steps = turns_awaiting(user)
    for source in hooks.AWAITS:
        steps.extend(source(user))
    seen: set[str] = set()
    out: list[WaitingTurn] = []
    for step in sorted(steps, key=lambda s: (s.paused, s.deadline if not s.paused else _FAR)):
        if step.ident not in seen:
            seen.add(step.ident)
            out.append(step)
    return out


class TurnSignal:
    """The turn signal of one request, read on first use (a page that draws no nav reads nothing)."""

    def __init__(self, user: Any) -> None:
        self._user = user
        self._turns: list[WaitingTurn] | None = None

    @property
    def turns(self) -> list[WaitingTurn]:
        if self._turns is None:
            self._turns = awaits_of(self._user)
        return self._turns

    @property
    def count(self) -> int:
        return len(self.turns)

    @property
    def first(self) -> WaitingTurn | None:
        return self.turns[0] if self.turns else None

    @property
    def json(self) -> str:
        """The turns as the page's script reads them (a data attribute; escaped by the template)."""
        import json

        return json.dumps([t.as_json() for t in self.turns], separators=(",", ":"))


def awaited_user_ids(match: Match, seats: list[str]) -> list[int]:
    """The ids of the users who play ``seats`` of ``match`` now (the seat rows every page of the match reads)."""
    from games.match.selectors import _seat_rows

    rows = _seat_rows(match)
    wanted = set(seats)
    return sorted(
        {uid for pos, (uid, _name) in rows.items() if pos < len(match.players) and match.players[pos] in wanted}
    )
