"""Match pages: thin edges that translate HTTP to selectors and one service call."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games.match import hooks, selectors
from games.match.dealing import dealer_rows
from games.match.services.replay import match_verify
from games.match.viewing import match_for_viewer
from games.models import Match
from games.registry import get_engine, get_entry, slugs
from games.rules_text import rules_for, variants
from games.web import jinja, live


def _match_or_404(pk: int) -> Match:
    match = selectors.match_by_pk(pk)
    if match is None:
        raise Http404("There is no such match.")
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
    if "turn" in request.GET:  # a past turn, rebuilt by replay (the season timeline links there)
        from games.web.turn_views import match_at_turn

        return match_at_turn(request, match, request.GET["turn"])
    if request.user.is_authenticated:
        hooks.match_opened.send(sender=Match, match=match, user=request.user, url=request.path)
    viewer = match_for_viewer(match, request.user)
    return match_page(request, live.live_context(viewer))


def match_page(request: HttpRequest, context: dict[str, Any], *, status: int = 200) -> HttpResponse:
    """The match page (Django's ``games/match_detail.html``) around its live part, given drawn: what a close draws
    is Jinja2's alone, and the Django page only shows it (``live_html``)."""
    live_html = mark_safe(jinja.render("games/_match_live.html", context, request))  # noqa: S308 - drawn by Jinja2
    return render(request, "games/match_detail.html", {**context, "live_html": live_html}, status=status)


@require_GET
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The live part of the match page, fetched when a push says it changed or a resync is due (htmx)."""
    viewer = match_for_viewer(_match_or_404(pk), request.user)
    return render(request, "games/_match_live.html", {**live.live_context(viewer), "preserve_form": True})


@require_GET
def match_log(request: HttpRequest, pk: int) -> JsonResponse:
    """The log lines this viewer may read after ``?after=`` (for websocket resync)."""
    match = _match_or_404(pk)
    after, after_private = _seq_param(request, "after"), _seq_param(request, "after_private")
    me = selectors.viewer_handle(match, request.user)
    lines = [
        {"seq": m.seq, "text": m.text, "private": m.to is not None, "turn_number": m.turn_number}
        for m in selectors.match_messages_for(match, me, after=after, after_private=after_private)
    ]
    return JsonResponse(
        {
            "match": match.pk,
            "last_seq": match.last_seq,
            "private_seq": selectors.match_private_seq(match, me),
            "messages": lines,
        }
    )


def _seq_param(request: HttpRequest, name: str) -> int:
    """A sequence number from the query string; anything unreadable counts as 0 (send everything)."""
    raw = request.GET.get(name, "0")
    return min(int(raw), 2**31) if raw.isascii() and raw.isdigit() and len(raw) < 12 else 0


@require_GET
def game_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The public rules page of a game: every variant in our words, with its tables and default moves."""
    if slug not in slugs():
        raise Http404("no such game")
    return render(
        request,
        "games/rules_page.html",
        {
            "title": get_engine(slug).title,
            "versions": [rules_for(slug, v) for v in variants(slug)],
            "games": [(s, get_engine(s).title) for s in slugs()],
        },
    )


@require_GET
def match_verify_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Public: the deal's commitment, and once the match is over its seed and a replay that checks it."""
    match = _match_or_404(pk)
    return render(request, "games/match_verify.html", {"match": match, "report": match_verify(match_id=match.pk)})


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """My matches: which await me, their deadlines, what I submitted; and the turns I deal (a dealer's game)."""
    context = {"rows": selectors.dashboard_rows(request.user), "dealing": dealer_rows(request.user)}
    return render(request, "games/dashboard.html", context)


@require_GET
def match_list(request: HttpRequest) -> HttpResponse:
    """Every match, for spectators."""
    matches = list(selectors.matches_public()[:200])
    return render(request, "games/match_list.html", {"matches": matches})
