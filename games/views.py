"""Match pages: thin edges that translate HTTP to selectors and one service call."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import select_template
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts.ratelimit import rate_limited
from games import selectors
from games.forms import JsonMoveForm
from games.jsoninput import JsonInputError, json_parse
from games.models import Match
from games.registry import get_entry
from games.services import SubmissionRefused, submission_submit
from games.services.replay import match_verify


def match_context(request: HttpRequest, match: Match) -> dict[str, Any]:
    """Everything the match page shows this viewer, computed through the engine's view."""
    role = selectors.match_role(match, request.user)
    me = selectors.viewer_handle(match, request.user)
    entry = get_entry(match.game)
    view = selectors.match_view_for_player(match, me)
    turn = selectors.match_open_turn(match)
    submission = selectors.submission_of(turn, me)
    awaited = bool(me and turn and me in turn.awaiting and match.status == Match.Status.RUNNING)
    form = None
    if awaited and not (submission and submission.locked):
        form_class = entry.form_class or JsonMoveForm
        initial = dict(submission.move) if submission else {}
        form = form_class(view=view, player=me or "", initial_move=initial)
    return {
        "match": match,
        "role": str(role),
        "me": me,
        "view": view,
        "turn": turn,
        "submission": submission,
        "awaited": awaited,
        "form": form,
        "locked_players": selectors.turn_locked_players(turn),
        "log": list(selectors.match_messages_for(match, me)),
        "private_seq": selectors.match_private_seq(match, me),
        "host_views": selectors.match_views_for_host(match) if role == selectors.Role.HOST else None,
        "view_template": select_template([entry.view_template, "games/_view_default.html"]),
        "form_template": select_template([entry.form_template, "games/_form_default.html"]),
        "outcome": match.outcome,
    }


def _match_or_404(pk: int) -> Match:
    match = get_object_or_404(Match, pk=pk)
    try:
        get_entry(match.game)
    except KeyError as exc:
        raise Http404("this game is not installed") from exc
    return match


@require_GET
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page: public log, my view, my form and countdown; spectators need no login."""
    return render(request, "games/match_detail.html", match_context(request, _match_or_404(pk)))


@require_GET
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The live part of the match page, re-fetched on every push (htmx)."""
    return render(request, "games/_match_live.html", match_context(request, _match_or_404(pk)))


@require_GET
def match_log(request: HttpRequest, pk: int) -> JsonResponse:
    """The log lines this viewer may read after ``?after=`` (for websocket resync)."""
    match = _match_or_404(pk)
    after, after_private = _seq_param(request, "after"), _seq_param(request, "after_private")
    me = selectors.viewer_handle(match, request.user)
    lines = [{"seq": m.seq, "text": m.text, "private": m.to is not None, "turn_number": m.turn_number}
             for m in selectors.match_messages_for(match, me, after=after, after_private=after_private)]
    return JsonResponse({"match": match.pk, "last_seq": match.last_seq,
                         "private_seq": selectors.match_private_seq(match, me), "messages": lines})


def _seq_param(request: HttpRequest, name: str) -> int:
    """A sequence number from the query string; anything unreadable counts as 0 (send everything)."""
    raw = request.GET.get(name, "0")
    return min(int(raw), 2**31) if raw.isascii() and raw.isdigit() and len(raw) < 12 else 0


def _parse_move(request: HttpRequest, match: Match, me: str) -> tuple[dict[str, Any] | None, str]:
    """The posted move (``move_json`` if given, else the game's form) or a reason it is unreadable."""
    raw = request.POST.get("move_json", "").strip()
    if raw:
        try:
            value = json_parse(raw, field="move_json")
        except JsonInputError as exc:
            return None, f"Your move was not readable ({exc})"
        if not isinstance(value, dict):
            return None, "A move must be a JSON object"
        return value, ""
    entry = get_entry(match.game)
    form_class = entry.form_class or JsonMoveForm
    form = form_class(request.POST, view=selectors.match_view_for_player(match, me), player=me)
    if not form.is_valid():
        return None, "; ".join(f"{'' if k == '__all__' else k + ': '}{' '.join(map(str, v))}"
                               for k, v in form.errors.items())
    return form.to_move(), ""


def _move_from_post(request: HttpRequest, match: Match, me: str) -> dict[str, Any] | None:
    move, problem = _parse_move(request, match, me)
    if move is None:
        messages.error(request, f"Nothing was saved: {problem}")
    return move


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
    move, problem = _parse_move(request, match, me)
    if move is not None:
        problem = selectors.move_problem(match, me, move)
    return render(request, "games/_move_check.html", {"problem": problem})


def _turn_field(raw: str) -> int | None:
    """The form's ``turn`` (blank: none), else a refusal naming the field (never a 500 on ``²`` or 5,000 digits)."""
    raw = raw.strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
        raise SubmissionRefused('the field "turn" must be a turn number (a whole number from 1)', rule=True)
    return int(raw)


@require_POST
@login_required
def match_submit(request: HttpRequest, pk: int) -> HttpResponse:
    """Save (and optionally lock in) my move for the open turn, then show the page again."""
    match = _match_or_404(pk)
    target = reverse("games:match", args=[match.pk])
    if rate_limited(key=f"submit:{request.user.pk}", rate=settings.GARNET_SUBMIT_RATE):
        return HttpResponse("Too many submissions; wait a minute and try again.", status=429)
    me = selectors.viewer_handle(match, request.user)
    if me is None:
        messages.error(request, "You are not a player in this match; nothing was saved.")
        return HttpResponseRedirect(target)
    move = _move_from_post(request, match, me)
    if move is not None:
        lock = request.POST.get("lock") in {"1", "on", "true"}
        try:
            turn_number = _turn_field(request.POST.get("turn", ""))
            submission_submit(match_id=match.pk, player=me, move=move, lock=lock, turn_number=turn_number)
        except SubmissionRefused as exc:
            messages.error(request, f"Not saved: {exc}")
        else:
            messages.success(request, "Locked in." if lock else "Saved. You can change it until the deadline.")
    return HttpResponseRedirect(target)


@require_GET
def match_verify_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Public: the deal's commitment, and once the match is over its seed and a replay that checks it."""
    match = _match_or_404(pk)
    return render(request, "games/match_verify.html", {"match": match, "report": match_verify(match_id=match.pk)})


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """My matches: which await me, their deadlines, what I submitted."""
    rows = []
    for match in selectors.matches_of_user(request.user)[:100]:
        turn = selectors.match_open_turn(match)
        sub = selectors.submission_of(turn, request.user.username)
        rows.append({
            "match": match,
            "turn": turn,
            "awaits_me": bool(turn and request.user.username in turn.awaiting and match.status == "running"),
            "submission": sub,
        })
    return render(request, "games/dashboard.html", {"rows": rows})


@require_GET
def match_list(request: HttpRequest) -> HttpResponse:
    """Every match, for spectators."""
    matches = list(selectors.matches_public()[:200])
    return render(request, "games/match_list.html", {"matches": matches})
