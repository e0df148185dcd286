"""The live part of a match page (``#live``): what it shows one viewer, and the pages drawn from a close.

One context (:func:`live_context`) draws the live part for the viewer of a request (the page,
``/matches/<id>/live/``, the submit's answer) and, from a close's value (``ClosedTurn``), for
every seat of the match and for its spectators at once (:func:`close_page_events`, and
:class:`ClosePages`, the ``PageDrawer`` the edges on the live path hand the close). Each socket
gets its own page, so no page fetches anything after a close: the reads they would each have
made (the turn's submissions, the log) are made once, the state is the one the close holds (no
decode), and each seat's page is drawn from ``Engine.view`` for that seat and sent only to that
seat's private group, as the page it would have fetched. Nothing here writes or keeps state.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from django.utils import timezone

from games.engine import DEALER
from games.forms import JsonMoveForm, labels_of, words_of
from games.match import broadcast, selectors, statements
from games.match.presence import groups_listening
from games.match.services.results import ClosedTurn
from games.match.viewing import MatchForViewer, Preloaded
from games.models import Match, Submission
from games.registry import get_entry
from games.rules_text import rules_for_match
from games.web import drawings, jinja

log = logging.getLogger(__name__)


def match_variant(match: Match, view: dict[str, Any]) -> str | None:
    """The variant the match is played in (its options, else what its public view says), if any."""
    options = match.options or {}
    public: dict[str, Any] = view["public"] if isinstance(view.get("public"), dict) else {}
    return options.get("variant") or options.get("scoring") or public.get("variant")


def live_context(viewer: MatchForViewer, *, bound_form: Any = None) -> dict[str, Any]:
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
    submit_url, check_url = drawings.match_urls(match.pk)
    return {
        "submit_url": submit_url,
        "check_url": check_url,
        **_stored_move_words(entry, viewer, form),
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
        # The game's view, form and key, as the live part includes them.
        "view_template": drawings.included((entry.view_template, "games/_view_default.html")),
        "form_template": drawings.included((entry.form_template, "games/_form_default.html")),
        # What the player must know to move (your role, your secrets, the score), drawn above the form (issue 38).
        "key_template": drawings.included((f"{match.game}/_key.html", "games/_key_default.html")),
        "outcome": match.outcome,
        "game_name": entry.engine.title_for(match.options or {}),
        "rules": rules_for_match(
            match.game, match.options or {}, match_variant(match, viewer.view), turn_seconds=match.turn_seconds
        ),
        "open_rules": viewer.role != selectors.Role.HOST,
        # A host of a dealer's game who plays no seat sits in the dealer's seat: the page names it so.
        "is_dealer": viewer.is_dealer,
        "dealer_seat": DEALER,
    }


def _stored_move_words(entry: Any, viewer: MatchForViewer, form: Any) -> dict[str, dict[str, str]]:
    """How this viewer's stored move is said, as the move form says it: ``move_labels`` names its keys (a dealer's
    labels), ``move_words`` its values (a dealer's trade in words). From the open form, or for a locked move (no
    form on the page) from the form it was made with, built once for both."""
    if viewer.submission is None:
        return {"move_labels": {}, "move_words": {}}
    if form is None:
        form = (entry.form_class or JsonMoveForm)(view=viewer.view, player=viewer.me or "")
    return {"move_labels": labels_of(form), "move_words": words_of(form, viewer.submission.move)}


def live_root_render(viewer: MatchForViewer) -> str:
    """The live part's root (``.live-root``) for ``viewer`` as a pushed refresh draws it: what htmx keeps
    (the open turn's form, the rules panel) is sent as an empty shell, and the form carries no CSRF field
    (a page that takes pushes posts through htmx, which sends the page's token as a header)."""
    return jinja.render("games/_live_root.html", {**live_context(viewer), "preserve_form": True})


def close_viewers(
    closed: ClosedTurn, seats: list[str] | None = None
) -> tuple[dict[str, MatchForViewer], MatchForViewer]:
    """The viewers of ``seats`` of the closed turn's match (all its seats by default) and the spectators' one,
    as the close left the match, from one read of each thing they share.

    Each is the viewer ``match_for_viewer`` gives that seat's player (or an anonymous visitor),
    with the turn the close opened, its submissions and the log read once for all, and every view drawn
    from the state the close holds (never decoded again).
    """
    match, engine, state, turn = closed.match, closed.engine, closed.state, closed.next_turn
    submissions: list[Submission] = []
    if turn is not None:
        submissions = selectors.turn_submissions(turn)
    lines = [selectors.LogLine(*row) for row in statements.log_rows.all(match_id=match.pk)]

    def preloaded(seat: str | None) -> Preloaded:
        log = [line for line in lines if line.to is None or line.to == seat]
        return Preloaded(turn=turn, submissions=list(submissions), log=log, view=engine.view(state, seat))

    public = MatchForViewer(match=match, role=selectors.Role.ANONYMOUS, me=None, preloaded=preloaded(None))
    viewers = {
        str(seat): MatchForViewer(match=match, role=selectors.Role.PLAYER, me=seat, preloaded=preloaded(seat))
        for seat in (closed.seats if seats is None else seats)
    }
    return viewers, public


def close_page_events(closed: ClosedTurn, *, keep: str | None = None) -> dict[str, broadcast.Event]:
    """The live part of the page of every seat of the closed turn's match (to its private group) and of its
    spectators (to the watchers' group), as the close left it, by seat (the spectators' under ""): call after
    the close's commit.

    Only groups with a socket listening get a page (``games.match.presence``; when nobody knows, all do), and the
    seat ``keep`` (the player whose submit answers with its page) gets one in any case.
    Times are drawn in UTC (each page shows them in its viewer's zone).
    """
    match = closed.match
    listening = groups_listening(match_id=match.pk)
    wanted = [
        seat
        for seat in closed.seats
        if listening is None or broadcast.group_player(match.pk, seat) in listening or seat == keep
    ]
    seats, public = close_viewers(closed, wanted)
    pages: dict[str, broadcast.Event] = {}
    with timezone.override(UTC):
        for seat, viewer in seats.items():
            group = broadcast.group_player(match.pk, seat)
            html = live_root_render(viewer)
            pages[seat] = broadcast.live_event(group=group, match=match, private_seq=viewer.private_seq or 0, html=html)
        group = broadcast.group_watch(match.pk)
        if listening is None or group in listening:
            pages[""] = broadcast.live_event(group=group, match=match, html=live_root_render(public))
    return pages


@dataclass(frozen=True)
class ClosePages:
    """The pages an edge on the live path pushes for a close (a ``games.match.services.PageDrawer``): every listened
    seat's and the spectators', and the seat of ``submitter`` (the user whose lock-in closed the turn) in any
    case. The close returns them in its value (``ClosedTurn.page_for``), so a submit that closed its turn answers
    its player with the page their socket got."""

    submitter: Any = None

    def __call__(self, closed: ClosedTurn) -> list[broadcast.Event]:
        # The seat is read off the closed match, whose seats the pages read anyway (no query of its own).
        keep = selectors.viewer_handle(closed.match, self.submitter) if self.submitter is not None else None
        return list(close_page_events(closed, keep=keep).values())
