"""The schema of every websocket event Garnet sends (after Zulip's ``event_schema.py``).

Each frame a client receives is a JSON object whose ``event`` names one of the
schemas below; every listed field is present with that type and no other field is
sent. The tests check every frame the server produces against this table, so a
new field or event type must be declared here first, where client authors read it.

``seq`` is opaque to clients: the last sequence number of what *this* viewer can
see; a client keeps the largest it has seen and asks the page to resync from it.
"""

from __future__ import annotations

from typing import Any

TURN_FIELDS: dict[str, Any] = {
    "number": int,
    "label": str,
    "status": str,
    "deadline": str,
    "paused": bool,
    "awaiting": [str],
}

SCHEMAS: dict[str, dict[str, Any]] = {
    # On connect: where this viewer's stream stands; a client whose seq differs resyncs.
    # A player's hello also carries ``private_seq`` (their own private lines are numbered apart); a dealer's
    # (a host of a dealer's game who plays no seat) names the dealer's seat, "~dealer", as its player.
    "hello": {"event": str, "match": int, "seq": int, "player": (str, None), "private_seq?": int},
    # The answer to a client's {"event": "ping"}.
    "pong": {"event": str},
    # A log line: public to the match's group, private (``private`` true) to its one player.
    "message": {"event": str, "match": int, "seq": int, "turn_number": int, "text": str, "private": bool},
    # A turn opened or changed (deadline moved, paused, resumed): the client redraws its live part.
    "turn": {"event": str, "match": int, "seq": int, "turn": TURN_FIELDS},
    # At a close on the live path: this viewer's new live part, drawn by the server (a seat's to its own
    # group, the spectators' to theirs); the client swaps it in instead of fetching it.
    "live": {"event": str, "match": int, "seq": int, "private_seq?": int, "html": str},
    # A close's pushes to one group in one frame: ``events`` are that group's events of the close, in order,
    # each one a frame of this table (never a batch); a client takes them one after another.
    "batch": {"event": str, "match": int, "events": list},
    # A seat changed hands (a host replaced its player): every page refreshes its live part and reconnects,
    # so the new player's socket joins the seat's private group (the old player's was closed: RESEAT_CLOSE).
    "seat": {"event": str, "match": int, "seq": int},
    # The match ended: the client redraws to show the result.
    "finished": {"event": str, "match": int, "seq": int},
    # A player locked in their move for the turn (who locked in is public; the move is not): the page ticks their chip.
    "locked": {"event": str, "match": int, "seq": int, "turn_number": int, "player": str},
    # The answer to a player's {"event": "submit", "ref": ..., "fields": [[name, value], ...]} (the move form's
    # fields, sent over the match socket while it is open), carrying the client's ``ref`` back: the fragment the
    # HTTP post would have answered with (``into``: "submit" for the form's status box, "live" for the live part)
    # and the result's ``code`` ("saved", or a refusal's), or, when there is no page to draw, the refusal's ``text``.
    # A {"event": "check", ...} with the same fields is answered ``into`` "check" (the rules' verdict, code "checked").
    "answer": {
        "event": str,
        "ref": (int, str, None),
        "status": int,
        "code": str,
        "into?": str,
        "html?": str,
        "text?": str,
    },
    # A frame the socket could not take (clients send pings, and moves over a match socket): the one error translation.
    "error": {"event": str, "code": str, "detail": str, "rule": bool},
    # /ws/me/: a notice for the signed-in user (you were picked, a turn awaits you...).
    "notice": {"event": str, "id": int, "kind": str, "text": str, "url": str},
    # /ws/me/: a turn opened that awaits the signed-in user's move (issue 38's turn signal: the tab title,
    # favicon and nav badge, the page's own notification, the live round's sound). ``deadline`` is None
    # while the turn is paused; ``live``: a short (live) round.
    "your_turn": {
        "event": str,
        "match": int,
        "turn": int,
        "label": str,
        "game": str,
        "deadline": (str, None),
        "live": bool,
        "url": str,
        # issue 46: the entry's key in the page's "awaits you" list (the match page's path), its kind ("turn")
        # and the match as a person names it.
        "key?": str,
        "kind?": str,
        "title?": str,
    },
    # /ws/me/: a turn that awaited the user's move closed (at its deadline, all locked in, by a host, or with
    # the match's end): it leaves the title, badge and lists at once (issue 46).
    "turn_done": {"event": str, "match": int, "turn": int},
    # /ws/me/: a step a season awaits from the user opened or closed (a pick, a vote, a Ready, a notice read):
    # the page reads what awaits the user again (``/me/turns/``) and calls them for a new one (issue 46).
    "awaits": {"event": str},
}


# /ws/seasons/<slug>/ (the story's season page): public nudges that carry no words; the page fetches
# what changed, which holds only what may be public. Pings and bad frames get the same answers as above.
SEASON_SCHEMAS: dict[str, dict[str, Any]] = {
    # On connect: the season this socket follows.
    "hello": {"event": str, "season": int},
    "pong": SCHEMAS["pong"],
    "error": SCHEMAS["error"],
    # The public timeline has a new entry (a public season step, a clarification, a closed round, a
    # published confessional): the page fetches its timeline.
    "timeline": {"event": str, "season": int},
    # A Death Match's ready check changed: the duel's page fetches itself at once.
    "duel": {"event": str, "season": int},
}


def _check(value: Any, spec: Any, where: str) -> None:
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object, got {type(value).__name__}")
        required = {k for k in spec if not k.endswith("?")}
        allowed = {k.rstrip("?") for k in spec}
        missing, extra = required - set(value), set(value) - allowed
        if missing or extra:
            raise ValueError(f"{where}: missing {sorted(missing)}, unexpected {sorted(extra)}")
        for key, sub in spec.items():
            if key.rstrip("?") in value:
                _check(value[key.rstrip("?")], sub, f"{where}.{key.rstrip('?')}")
    elif isinstance(spec, list):
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {type(value).__name__}")
        for i, item in enumerate(value):
            _check(item, spec[0], f"{where}[{i}]")
    elif isinstance(spec, tuple):
        if not any(value is None if s is None else _is(value, s) for s in spec):
            raise ValueError(f"{where}: {value!r} is none of {spec}")
    elif not _is(value, spec):
        raise ValueError(f"{where}: {value!r} is not {spec.__name__}")


def _is(value: Any, kind: type) -> bool:
    # bool is an int in Python, never in a schema.
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def check_event(frame: dict[str, Any], schemas: dict[str, dict[str, Any]] = SCHEMAS) -> str:
    """Check one frame as a client receives it; return its event name or raise ValueError saying what is wrong.

    ``schemas`` is the table of the socket the frame came on: ``SCHEMAS`` (a match's and ``/ws/me/``)
    or ``SEASON_SCHEMAS`` (a season's page).
    """
    name = frame.get("event") if isinstance(frame, dict) else None
    if name not in schemas:
        raise ValueError(f"unknown event {name!r}")
    _check(frame, schemas[name], str(name))
    if name == "batch":
        for i, inner in enumerate(frame["events"]):
            if isinstance(inner, dict) and inner.get("event") == "batch":
                raise ValueError(f"batch.events[{i}]: a batch inside a batch")
            try:
                check_event(inner, schemas)
            except ValueError as exc:
                raise ValueError(f"batch.events[{i}]: {exc}") from exc
    return str(name)
