"""A move from the match page, by either way the page sends it: read its fields, call the service once, draw the answer.

The same for the rules' check of a move being composed (``check_answer``): nothing is saved.

The page's form posts over HTTP (``games.web.submit_views``) or, while the page's socket is open, is sent over
that socket as a ``submit`` frame (``games.web.consumers``); both read the same fields into a move
(``PostedMove``), call ``submission_submit`` once, and turn what it returns (``games.match.services.Submitted``,
or a refusal) into a ``SubmitResult``, worded by the refusal's ``code``. ``submit_answer`` draws the answer
the page shows from that result alone: the same fragment whichever way the move came.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC
from importlib import import_module
from typing import Any

from django.conf import settings
from django.http import QueryDict
from django.utils import timezone

from core import errors
from core.jsoninput import JsonInputError, json_parse
from core.ratelimit import rate_limited
from games.forms import JsonMoveForm, labels_of, words_of
from games.match import selectors
from games.match.services import Submitted, submission_submit
from games.match.viewing import match_for_viewer
from games.models import Match
from games.registry import get_entry
from games.templatetags.garnet import move_summary
from games.web import jinja, live

MAX_FIELDS = 200
"""A socket's submit frame carries at most this many fields (Django's own cap on a form post is 1,000)."""


def form_errors_in_words(form: Any) -> str:
    """A form's errors, each named by its field's label (never the internal field name): as the page and Discord
    say them."""
    parts = []
    for key, errs in form.errors.items():
        field = form.fields.get(key)
        label = str(field.label) if field is not None and field.label else ""
        parts.append(f"{label + ': ' if label else ''}{' '.join(errs)}")
    return "; ".join(parts)


@dataclass(frozen=True)
class PostedMove:
    """A move read off a post: the move (None when its form was refused), its bound form (None for a raw JSON
    move), and the refusal when the form did not validate (the page shows the form again with the input)."""

    move: dict[str, Any] | None
    form: Any = None
    refusal: errors.GameError | None = None


def move_from_fields(data: QueryDict, match: Match, me: str, turn_number: int | None) -> PostedMove:
    """The posted move and its bound form (None for a raw JSON move), or the refusal of its form.

    A form for a turn that has closed is refused as ``StaleTurn`` before its fields are read; an
    unreadable JSON move raises ``MalformedMove``.
    """
    raw = data.get("move_json", "").strip()
    if raw:
        try:
            value = json_parse(raw, field="move_json")
        except JsonInputError as exc:
            raise errors.MalformedMove(f"Your move was not readable ({exc}).") from exc
        if not isinstance(value, dict):
            raise errors.MalformedMove("A move must be a JSON object.")
        return PostedMove(move=value)
    entry = get_entry(match.game)
    form_class = entry.form_class or JsonMoveForm
    form = form_class(data, view=selectors.match_view_for_player(match, me), player=me)
    if not form.is_valid():
        # A form drawn for a turn that has since closed has fields of another moment: say so, not "field required".
        turn = selectors.match_open_turn(match)
        if turn_number is not None and (turn is None or turn.number != turn_number):
            raise errors.StaleTurn("That turn is over; the page now shows the open turn.")
        return PostedMove(move=None, form=form, refusal=errors.InvalidMove(form_errors_in_words(form)))
    return PostedMove(move=dict(form.to_move()), form=form)


def turn_field(raw: str) -> int | None:
    """The form's ``turn`` (blank: none), else a refusal naming the field (never a 500 on ``²`` or 5,000 digits)."""
    raw = raw.strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
        raise errors.MalformedMove('the field "turn" must be a turn number (a whole number from 1)')
    return int(raw)


def refusal_text(exc: errors.GameError) -> str:
    """A refused submit in words, chosen by the refusal's ``code``: "Not saved: <why>", except a rate limit,
    which says it all (the move may be fine; only the pace is not)."""
    return str(exc) if exc.code == errors.RateLimited.code else f"Not saved: {exc}"


def saved_text(
    submitted: Submitted,
    *,
    lock: bool,
    labels: Mapping[str, str] | None = None,
    words: Mapping[str, str] | None = None,
) -> str:
    """A stored submit in words: saved, locked in, or locked in and so closed the turn; ``labels`` name the
    move's keys and ``words`` say their values as the form did."""
    summary = move_summary(submitted.submission.move, labels, words)
    if not lock:
        return f"Saved: {summary}. You can change it until the deadline."
    if submitted.completes_turn:
        return f"Locked in. Your move: {summary}. Everyone awaited had locked in, so the turn closed."
    return f"Locked in. Your move: {summary}. A locked move is final."


def wants_lock(data: QueryDict) -> bool:
    """Whether the post asks to lock the move in (the "Save and lock in" button)."""
    return data.get("lock") in {"1", "on", "true"}


@dataclass(frozen=True)
class SubmitResult:
    """What one submit did, for its answer: the result line (``kind``, ``code``, ``text``) and its status; the
    stored move (None when refused); the form to show again; the page the close drew for this player."""

    result: dict[str, str]
    status: int = 200
    submitted: Submitted | None = None
    form: Any = None
    page: str | None = None

    @property
    def keeps_input(self) -> bool:
        """A refused form comes back with the input kept."""
        return self.status in (400, 422) and self.form is not None


def submit_move(*, user: Any, match: Match, data: QueryDict) -> SubmitResult:
    """Read the posted fields, call the submission service once, say what happened (a refusal by its code)."""
    lock = wants_lock(data)
    form: Any = None
    try:
        if rate_limited(key=f"submit:{user.pk}", rate=settings.GARNET_SUBMIT_RATE):
            raise errors.RateLimited("Too many submissions; wait a minute and try again.")
        # A form is drawn from its seat's view, so it needs the seat first; a JSON move (the pickers' scripts)
        # goes to whichever seat the service finds this user plays, under the turn's lock.
        json_move = bool(data.get("move_json", "").strip())
        me = None if json_move else selectors.viewer_handle(match, user)
        if me is None and not json_move:
            raise errors.NotAPlayer("You are not a player in this match.")
        turn_number = turn_field(data.get("turn", ""))
        posted = move_from_fields(data, match, me or "", turn_number)
        form = posted.form
        if posted.refusal is not None:
            raise posted.refusal
        assert posted.move is not None
        # The close a last lock-in makes draws every listened seat's page, this player's in any case, to push them.
        submitted = submission_submit(
            match_id=match.pk,
            player=me,
            move=posted.move,
            lock=lock,
            turn_number=turn_number,
            by=user,
            draw=live.ClosePages(submitter=user),
        )
    except errors.GameError as exc:
        result = {"kind": "error", "code": exc.code, "text": refusal_text(exc)}
        return SubmitResult(result=result, status=exc.status, form=form)
    result = {
        "kind": "success",
        "code": "saved",
        "text": saved_text(
            submitted, lock=lock, labels=labels_of(form), words=words_of(form, submitted.submission.move)
        ),
    }
    page = submitted.closed.page_for(submitted.player) if submitted.closed is not None else None
    return SubmitResult(result=result, submitted=submitted, form=form, page=page)


@dataclass(frozen=True)
class Answer:
    """The fragment a submit answers the page with: ``into`` names where it goes (``submit``: the form's status
    box, ``#submit-status``; ``live``: the live part, ``#live``), with the answer's status."""

    into: str
    html: str
    status: int = 200


def submit_answer(*, match: Match, user: Any, done: SubmitResult, request: Any = None) -> Answer:
    """The answer to the page's submit: the submission's status alone, the page the close drew, or the live part.

    A move saved while its turn stays open changes only this player's submission: the answer is that alone (the
    page keeps its form, log and game view; the "locked" push ticks the chip, and a locked move's form leaves).
    A lock-in that closed the turn answers with the page the close drew for this player (the page their socket
    gets too; the page shows it once). A refusal answers with the live part naming why, the player's form kept
    (hx-preserve), so their input stays where it is. ``request`` (an HTTP post) draws in its viewer's zone and with
    its context; without one (a socket), times are drawn in UTC and the page shows them in its viewer's zone.
    """
    submitted = done.submitted
    if submitted is not None and not submitted.completes_turn:
        context = {
            "result": done.result,
            "submission": submitted.submission,
            "turn": submitted.turn,
            "move_labels": labels_of(done.form),
            "move_words": words_of(done.form, submitted.submission.move),
        }
        return Answer(into="submit", html=_draw("games/_submit_answer.html", context, request))
    if submitted is not None and done.page is not None:
        flash = _draw("games/_submit_result.html", {"result": done.result, "preserve_form": True}, request)
        return Answer(into="live", html=flash + done.page)
    match.refresh_from_db()  # the turn closed (or the refusal may be about a newer state)
    context = {**live.live_context(match_for_viewer(match, user)), "result": done.result, "preserve_form": True}
    return Answer(into="live", html=_draw("games/_match_live.html", context, request), status=done.status)


def check_answer(*, match: Match, user: Any, data: QueryDict, request: Any = None) -> Answer:
    """The rules' verdict on the move being composed (``into`` "check": the form's check box); nothing is saved.

    The engine's ``validate`` is the one place a rule lives; the page asks it as the player edits.
    """
    me = selectors.viewer_handle(match, user)
    if me is None:
        return Answer(into="check", html='<p class="errors">You are not a player in this match.</p>', status=403)
    cost = 0
    try:
        posted = move_from_fields(data, match, me, None)
    except errors.GameError as exc:
        problem = str(exc)
    else:
        if posted.move is None:
            problem = str(posted.refusal)
        else:
            problem, cost = selectors.move_verdict(match, me, posted.move)
    return Answer(into="check", html=_draw("games/_move_check.html", {"problem": problem, "cost": cost}, request))


def _draw(template: str, context: dict[str, Any], request: Any) -> str:
    if request is not None:
        return jinja.render(template, context, request)
    with timezone.override(UTC):
        return jinja.render(template, context)


def fields_data(fields: Any) -> QueryDict:
    """A socket's submit fields (``[[name, value], ...]``, as the form's own data) as a post's ``QueryDict``;
    anything else is refused as ``MalformedMove``."""
    if not isinstance(fields, Sequence) or isinstance(fields, str) or len(fields) > MAX_FIELDS:
        raise errors.MalformedMove(f"a submit carries its form's fields: a list of at most {MAX_FIELDS} pairs")
    data = QueryDict(mutable=True)
    for pair in fields:
        if not (isinstance(pair, Sequence) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise errors.MalformedMove('each field of a submit is a pair of texts, ["name", "value"]')
        data.appendlist(pair[0], pair[1])
    data._mutable = False
    return data


def _sessions() -> Any:
    return import_module(settings.SESSION_ENGINE).SessionStore()


def socket_submit(
    *, user: Any, match_id: int, fields: Any, session_key: str | None, check: bool = False
) -> dict[str, Any]:
    """A move sent over the match page's socket: the same reading, service call and answer as its HTTP post,
    as the ``answer`` frame's fields (``into``, ``status``, ``html``; or ``code`` and ``text`` alone when there is
    no page to draw: a signed-out session, no such match, unreadable fields).

    ``session_key``: the session that opened the socket, which must still stand (signing out ends it; the socket
    keeps the user it was opened with, so it asks the session store, one cache read). ``check``: the rules'
    check of the move being composed instead (``check_answer``; nothing is saved).
    """
    try:
        if user is None or not user.is_authenticated or not session_key or not _sessions().exists(session_key):
            raise errors.SignedOut("You are signed out: sign in again to play.")
        match = selectors.match_by_pk(match_id)
        if match is None:
            raise errors.MatchNotFound("There is no such match.")
        try:
            get_entry(match.game)
        except KeyError as exc:
            raise errors.GameNotInstalled("This match's game is not installed here.") from exc
        data = fields_data(fields)
    except errors.GameError as exc:
        return {"status": exc.status, "code": exc.code, "text": refusal_text(exc)}
    if check:
        verdict = check_answer(match=match, user=user, data=data)
        return {"status": verdict.status, "into": verdict.into, "html": verdict.html, "code": "checked"}
    done = submit_move(user=user, match=match, data=data)
    answer = submit_answer(match=match, user=user, done=done)
    return {"status": answer.status, "into": answer.into, "html": answer.html, "code": done.result["code"]}
