"""The live part of a match page (``#live``): what it shows one viewer, and the pages a close pushes.

One context (:func:`live_context`) draws the live part for the viewer of a request (the page,
``/matches/<id>/live/``, the submit's answer) and, when a turn closes on the live path, for
every seat of the match and for its spectators at once (:func:`live_page_events`). The close
pushes each socket its own page, so no page fetches anything after a close: the reads they
would each have made (the match, the turn, its submissions, the log) are made once, and each
seat's page is drawn from ``Engine.view`` for that seat and sent only to that seat's private
group, as the page it would have fetched.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC
from typing import Any

from django.template.loader import render_to_string, select_template
from django.utils import timezone

from games import broadcast, selectors
from games.engine import DEALER
from games.forms import JsonMoveForm
from games.models import Match, Message
from games.presence import groups_listening
from games.registry import get_engine, get_entry
from games.rules_text import rules_for_match

log = logging.getLogger(__name__)


class _Kept:
    """The pages a close of match ``match_id`` draws, kept by seat for the submit's answer (see :func:`pages_kept`)."""

    def __init__(self, match_id: int, seat: str | None) -> None:
        self.match_id, self.seat = match_id, seat
        self.pages: dict[str, str] = {}


_kept: ContextVar[_Kept | None] = ContextVar("garnet_kept_page", default=None)


def match_variant(match: Match, view: dict[str, Any]) -> str | None:
    """The variant the match is played in (its options, else what its public view says), if any."""
    options = match.options or {}
    public: dict[str, Any] = view["public"] if isinstance(view.get("public"), dict) else {}
    return options.get("variant") or options.get("scoring") or public.get("variant")


def live_context(viewer: selectors.MatchForViewer, *, bound_form: Any = None) -> dict[str, Any]:
    """Everything the match page shows this viewer, from the one viewer selector.

    ``bound_form`` is a submitted form that failed: it is shown again with the player's input and its errors.
    """
    match, me = viewer.match, viewer.me
    entry = get_entry(match.game)
    labels = selectors.seat_labels(match)
    form = None
    if viewer.awaited and not (viewer.submission and viewer.submission.locked):
        form_class = entry.form_class or JsonMoveForm
        initial = dict(viewer.submission.move) if viewer.submission else {}
        form = bound_form or form_class(view=viewer.view, player=me or "", initial_move=initial)
    return {
        "match": match,
        "viewer": viewer,
        "seq": viewer.seq,
        "role": str(viewer.role),
        "me": me,
        "view": viewer.view,
        "turn": viewer.turn,
        "submission": viewer.submission,
        "awaited": viewer.awaited,
        "form": form,
        "locked_players": viewer.locked_players,
        "log": viewer.log,
        "private_seq": viewer.private_seq,
        "host_views": viewer.host_views,
        "seat_labels": labels,
        "host_seats": [(labels.get(p, p), v) for p, v in viewer.host_views.items()] if viewer.host_views else [],
        "view_template": select_template([entry.view_template, "games/_view_default.html"]),
        "form_template": select_template([entry.form_template, "games/_form_default.html"]),
        "outcome": match.outcome,
        "game_name": entry.engine.title,
        "rules": rules_for_match(match.game, match.options or {}, match_variant(match, viewer.view)),
        "open_rules": viewer.role != selectors.Role.HOST,
        # A host of a dealer's game who plays no seat sits in the dealer's seat: the page names it so.
        "is_dealer": viewer.is_dealer,
        "dealer_seat": DEALER,
    }


def live_root_render(viewer: selectors.MatchForViewer) -> str:
    """The live part's root (``.live-root``) for ``viewer`` as a pushed refresh draws it: what htmx keeps
    (the open turn's form, the rules panel) is sent as an empty shell, and the form carries no CSRF field
    (a page that takes pushes posts through htmx, which sends the page's token as a header)."""
    return render_to_string("games/_live_root.html", {**live_context(viewer), "preserve_form": True})


def match_viewers_all(
    match: Match, seats: list[str] | None = None
) -> tuple[dict[str, selectors.MatchForViewer], selectors.MatchForViewer]:
    """The viewers of ``seats`` of ``match`` (all its seats by default) and the spectators' one, from one
    read of each thing they share.

    Each is the viewer ``selectors.match_for_viewer`` gives that seat's player (or an anonymous
    visitor), with the open turn, its submissions, the log and the engine's state read once for all.
    """
    public = selectors.MatchForViewer(match=match, role=selectors.Role.ANONYMOUS, me=None)
    turn = public.turn
    submissions = public._submissions
    lines = [
        selectors.LogLine(*row)
        for row in Message.objects.filter(match=match).order_by("pk").values_list("seq", "to", "text", "turn_number")
    ]
    engine = get_engine(match.game)
    state = engine.load(match.state)
    viewers: dict[str, selectors.MatchForViewer] = {}
    for seat in [None, *(match.players if seats is None else seats)]:
        viewer = public if seat is None else selectors.MatchForViewer(match=match, role=selectors.Role.PLAYER, me=seat)
        # cached_property reads the instance's __dict__ first: these are the values it would have read itself.
        shared: dict[str, Any] = {"turn": turn, "_submissions": list(submissions)}
        shared["log"] = [line for line in lines if line.to is None or line.to == seat]
        shared["view"] = engine.view(state, seat)
        viewer.__dict__.update(shared)
        if seat is not None:
            viewers[str(seat)] = viewer
    return viewers, public


def live_page_events(*, match_id: int) -> list[broadcast.Event]:
    """The live part of the page of every seat of the match (to its private group) and of its spectators
    (to the watchers' group), as it stands now: call after the commit that changed it.

    Only groups with a socket listening get a page (``games.presence``; when nobody knows, all do),
    and the seat whose submit is waiting for its page (:func:`pages_kept`) gets one in any case.
    Times are drawn in UTC (each page shows them in its viewer's zone).
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return []
    listening = groups_listening(match_id=match.pk)
    kept = _kept.get()
    keep = kept.seat if kept is not None and kept.match_id == match.pk else None
    wanted = [
        str(seat)
        for seat in match.players
        if listening is None or broadcast.group_player(match.pk, seat) in listening or seat == keep
    ]
    seats, public = match_viewers_all(match, wanted)
    events: list[broadcast.Event] = []
    with timezone.override(UTC):
        for seat, viewer in seats.items():
            group = broadcast.group_player(match.pk, seat)
            html = live_root_render(viewer)
            if kept is not None and kept.match_id == match.pk:
                kept.pages[seat] = html
            events.append(
                broadcast.live_event(group=group, match=match, private_seq=viewer.private_seq or 0, html=html)
            )
        group = broadcast.group_watch(match.pk)
        if listening is None or group in listening:
            events.append(broadcast.live_event(group=group, match=match, html=live_root_render(public)))
    return events


def turn_events_with_pages(*, match_id: int, events: list[broadcast.Event]) -> list[broadcast.Event]:
    """A close's pushes with every page's new live part between its log lines and its turn (or end) event.

    The pages go after the lines (a page then holds them all) and before the turn event, so a page
    that took its own push sees the turn event as already shown and fetches nothing. If the pages
    cannot be drawn the close's other pushes still go: pages then fetch on the turn event.
    """
    try:
        pages = live_page_events(match_id=match_id)
    except Exception:
        log.exception("drawing the pushed pages of match %s failed; pages will fetch", match_id)
        pages = []
    lines = [e for e in events if e[1].get("event") == "message"]
    rest = [e for e in events if e[1].get("event") != "message"]
    return [*lines, *pages, *rest]


@contextmanager
def pages_kept(*, match_id: int, seat: str | None) -> Iterator[_Kept]:
    """Keep the pages a close of match ``match_id`` draws inside the block (``.pages``, by seat), ``seat``'s
    whether or not a socket listens for it: the closing submit answers its player with their page
    instead of drawing it again (a seat not known yet gets one if it is listened to)."""
    kept = _Kept(match_id, seat)
    token = _kept.set(kept)
    try:
        yield kept
    finally:
        _kept.reset(token)
