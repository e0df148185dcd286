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
from games import hooks, selectors
from games.forms import JsonMoveForm
from games.jsoninput import JsonInputError, json_parse
from games.models import Match
from games.registry import get_engine, get_entry, slugs
from games.rules_text import rules_for, variants
from games.services import SubmissionRefused, submission_submit
from games.services.replay import match_verify


def match_variant(match: Match, view: dict[str, Any]) -> str | None:
    """The variant the match is played in (its options, else what its public view says), if any."""
    options = match.options or {}
    public = view.get("public") if isinstance(view.get("public"), dict) else {}
    return options.get("variant") or options.get("scoring") or public.get("variant")


def match_context(request: HttpRequest, match: Match, *, bound_form: Any = None) -> dict[str, Any]:
    """Everything the match page shows this viewer, computed through the engine's view.

    ``bound_form`` is a submitted form that failed: it is shown again with the player's input and its errors.
    """
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
        form = bound_form or form_class(view=view, player=me or "", initial_move=initial)
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
        "game_name": entry.engine.title,
        "rules": rules_for(match.game, match_variant(match, view)),
        "open_rules": role != selectors.Role.HOST,
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
    """The match page: public log, my view, my form and countdown; spectators need no login.

    Opening it clears the signed-in user's notices about this match (``hooks.match_opened``).
    """
    match = _match_or_404(pk)
    if request.user.is_authenticated:
        hooks.match_opened.send(sender=Match, match=match, user=request.user, url=request.path)
    return render(request, "games/match_detail.html", match_context(request, match))


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


def form_errors_in_words(form: Any) -> str:
    """A form's errors, each named by its field's label (never the internal field name)."""
    parts = []
    for key, errors in form.errors.items():
        field = form.fields.get(key)
        label = str(field.label) if field is not None and field.label else ""
        parts.append(f"{label + ': ' if label else ''}{' '.join(errors)}")
    return "; ".join(parts)


def _move_from_post(request: HttpRequest, match: Match, me: str) -> tuple[dict[str, Any] | None, Any]:
    """The posted move in public notation, and the bound form (None for a raw JSON move)."""
    raw = request.POST.get("move_json", "").strip()
    if raw:
        try:
            value = json_parse(raw, field="move_json")
        except JsonInputError as exc:
            messages.error(request, f"Your move was not readable ({exc}); nothing was saved.")
            return None, None
        if not isinstance(value, dict):
            messages.error(request, "A move must be a JSON object; nothing was saved.")
            return None, None
        return value, None
    entry = get_entry(match.game)
    form_class = entry.form_class or JsonMoveForm
    form = form_class(request.POST, view=selectors.match_view_for_player(match, me), player=me)
    if not form.is_valid():
        messages.error(request, f"Nothing was saved: {form_errors_in_words(form)}")
        return None, form
    return form.to_move(), form


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
    """Save (and optionally lock in) my move for the open turn, then show the page again.

    A refused move shows the page again at once with the player's input kept and the error named.
    """
    match = _match_or_404(pk)
    target = reverse("games:match", args=[match.pk])
    if rate_limited(key=f"submit:{request.user.pk}", rate=settings.GARNET_SUBMIT_RATE):
        return HttpResponse("Too many submissions; wait a minute and try again.", status=429)
    me = selectors.viewer_handle(match, request.user)
    if me is None:
        messages.error(request, "You are not a player in this match; nothing was saved.")
        return HttpResponseRedirect(target)
    move, form = _move_from_post(request, match, me)
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
    if form is None:
        return HttpResponseRedirect(target)
    return render(request, "games/match_detail.html", match_context(request, match, bound_form=form), status=400)


@require_GET
def game_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The public rules page of a game: every variant in our words, with its tables and default moves."""
    if slug not in slugs():
        raise Http404("no such game")
    return render(request, "games/rules_page.html", {
        "title": get_engine(slug).title,
        "versions": [rules_for(slug, v) for v in variants(slug)],
        "games": [(s, get_engine(s).title) for s in slugs()],
    })


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
