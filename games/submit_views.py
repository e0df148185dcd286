"""The submit and check endpoints of the match page: input → one service call → an answer.

``match_submit`` reads the post into a move (``PostedMove``), calls ``submission_submit`` once, and turns
what it returns (``games.services.Submitted``, or a refusal) into a ``SubmitResult``, worded by the
refusal's ``code``; the answer is drawn from that result alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.ratelimit import rate_limited
from games import errors, live, selectors
from games.forms import JsonMoveForm
from games.jsoninput import JsonInputError, json_parse
from games.models import Match
from games.registry import get_entry
from games.services import Submitted, submission_submit
from games.templatetags.garnet import move_summary
from games.viewing import match_for_viewer
from games.views import _match_or_404


def form_errors_in_words(form: Any) -> str:
    """A form's errors, each named by its field's label (never the internal field name)."""
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


def _move_from_post(request: HttpRequest, match: Match, me: str, turn_number: int | None) -> PostedMove:
    """The posted move and its bound form (None for a raw JSON move), or the refusal of its form.

    A form for a turn that has closed is refused as ``StaleTurn`` before its fields are read; an
    unreadable JSON move raises ``MalformedMove``.
    """
    raw = request.POST.get("move_json", "").strip()
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
    form = form_class(request.POST, view=selectors.match_view_for_player(match, me), player=me)
    if not form.is_valid():
        # A form drawn for a turn that has since closed has fields of another moment: say so, not "field required".
        turn = selectors.match_open_turn(match)
        if turn_number is not None and (turn is None or turn.number != turn_number):
            raise errors.StaleTurn("That turn is over; the page now shows the open turn.")
        return PostedMove(move=None, form=form, refusal=errors.InvalidMove(form_errors_in_words(form)))
    return PostedMove(move=dict(form.to_move()), form=form)


def _posted_turn(request: HttpRequest) -> int | None:
    return _turn_field(request.POST.get("turn", ""))


@require_POST
@login_required
def match_check(request: HttpRequest, pk: int) -> HttpResponse:
    """The rules' verdict on the move being composed, as a fragment for htmx (nothing is saved).

    The engine's ``validate`` is the one place a rule lives; the page asks it as the player edits.
    """
    match = _match_or_404(pk)
    me = selectors.viewer_handle(match, request.user)
    if me is None:
        return HttpResponse('<p class="errors">You are not a player in this match.</p>', status=403)
    cost = 0
    try:
        posted = _move_from_post(request, match, me, None)
    except errors.GameError as exc:
        problem = str(exc)
    else:
        if posted.move is None:
            problem = str(posted.refusal)
        else:
            problem, cost = selectors.move_verdict(match, me, posted.move)
    return render(request, "games/_move_check.html", {"problem": problem, "cost": cost})


def _turn_field(raw: str) -> int | None:
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


def saved_text(submitted: Submitted, *, lock: bool, labels: Mapping[str, str] | None = None) -> str:
    """A stored submit in words: saved, locked in, or locked in and so closed the turn; ``labels`` name the
    move's keys as the form did."""
    summary = move_summary(submitted.submission.move, labels)
    if not lock:
        return f"Saved: {summary}. You can change it until the deadline."
    if submitted.completes_turn:
        return f"Locked in. Your move: {summary}. Everyone awaited had locked in, so the turn closed."
    return f"Locked in. Your move: {summary}. A locked move is final."


def _labels(form: Any) -> dict[str, str]:
    """The move's keys as the posted form names them (a JSON move has no form: its keys as written)."""
    return dict(form.move_labels()) if form is not None else {}


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


def _submit_move(request: HttpRequest, match: Match, *, lock: bool) -> SubmitResult:
    """Read the post, call the submission service once, say what happened (a refusal by its code)."""
    form: Any = None
    try:
        if rate_limited(key=f"submit:{request.user.pk}", rate=settings.GARNET_SUBMIT_RATE):
            raise errors.RateLimited("Too many submissions; wait a minute and try again.")
        # A form is drawn from its seat's view, so it needs the seat first; a JSON move (the pickers' scripts)
        # goes to whichever seat the service finds this user plays, under the turn's lock.
        json_move = bool(request.POST.get("move_json", "").strip())
        me = None if json_move else selectors.viewer_handle(match, request.user)
        if me is None and not json_move:
            raise errors.NotAPlayer("You are not a player in this match.")
        turn_number = _posted_turn(request)
        posted = _move_from_post(request, match, me or "", turn_number)
        form = posted.form
        if posted.refusal is not None:
            raise posted.refusal
        assert posted.move is not None
        # The close a last lock-in makes draws every listened seat's page, this player's in any case, to push them.
        pages = live.ClosePages(submitter=request.user)
        submitted = submission_submit(
            match_id=match.pk,
            player=me,
            move=posted.move,
            lock=lock,
            turn_number=turn_number,
            by=request.user,
            draw=pages,
        )
    except errors.GameError as exc:
        result = {"kind": "error", "code": exc.code, "text": refusal_text(exc)}
        return SubmitResult(result=result, status=exc.status, form=form)
    result = {"kind": "success", "code": "saved", "text": saved_text(submitted, lock=lock, labels=_labels(form))}
    page = pages.html.get(submitted.player) if submitted.closed is not None else None
    return SubmitResult(result=result, submitted=submitted, form=form, page=page)


@require_POST
@login_required
def match_submit(request: HttpRequest, pk: int) -> HttpResponse:
    """Save (and optionally lock in) my move for the open turn.

    From htmx (the page's form) the answer is a fragment, and nothing reloads: a move
    saved while its turn stays open answers with the submission's status alone
    (retargeted to ``#submit-status``; a locked move's form leaves the page), and a
    lock-in that closed the turn with the whole live fragment showing the next one.
    A refusal answers with its status (400/403/409/429) and the live fragment naming
    why (also in the form's check box). Without
    JavaScript the form posts normally and is redirected back to the page, or shown
    again with the input and its errors.
    """
    match = _match_or_404(pk)
    done = _submit_move(request, match, lock=request.POST.get("lock") in {"1", "on", "true"})
    if not request.headers.get("HX-Request"):
        return _submit_answer_page(request, match, done)
    return _submit_answer_fragment(request, match, done)


def _submit_answer_page(request: HttpRequest, match: Match, done: SubmitResult) -> HttpResponse:
    """The answer to a post without JavaScript: back to the page, or the page again with the refused input."""
    text = done.result["text"]
    if done.status == 429:
        return HttpResponse(text, status=429)
    if done.keeps_input:
        messages.error(request, text)
        viewer = match_for_viewer(match, request.user)
        return render(request, "games/match_detail.html", live.live_context(viewer, bound_form=done.form), status=400)
    (messages.success if done.status == 200 else messages.error)(request, text)
    return HttpResponseRedirect(reverse("games:match", args=[match.pk]))


def _submit_answer_fragment(request: HttpRequest, match: Match, done: SubmitResult) -> HttpResponse:
    """The answer to htmx: the submission's status alone, the page the close drew, or the live fragment."""
    submitted = done.submitted
    if submitted is not None and not submitted.completes_turn:
        # The turn stays open and only this player's submission changed: answer with that alone (the page keeps
        # its form, log and game view; the "locked" push ticks the chip) instead of drawing the whole fragment.
        context = {
            "result": done.result,
            "submission": submitted.submission,
            "turn": submitted.turn,
            "move_labels": _labels(done.form),
        }
        response = render(request, "games/_submit_answer.html", context)
        response["HX-Retarget"] = "#submit-status"
        response["HX-Reswap"] = "innerHTML"
        response["X-Garnet-Fragment"] = "submit"
        return response
    if submitted is not None and done.page is not None:
        # The lock-in closed the turn, and the close drew every seat's new page to push it: answer with this
        # player's (the same page their socket gets; the page shows it once).
        flash = render_to_string("games/_submit_result.html", {"result": done.result, "preserve_form": True})
        response = HttpResponse(flash + done.page)
        response["X-Garnet-Fragment"] = "live"
        return response
    match.refresh_from_db()  # the turn closed (or the refusal may be about a newer state)
    viewer = match_for_viewer(match, request.user)
    # The page keeps the player's form node while its turn is open (hx-preserve), so a refusal leaves their
    # input where it is and names the problem in the form's check box; no bound form is drawn again.
    context = live.live_context(viewer)
    response = render(
        request, "games/_match_live.html", {**context, "result": done.result, "preserve_form": True}, status=done.status
    )
    response["X-Garnet-Fragment"] = "live"
    return response
