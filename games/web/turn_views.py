"""The match page at a past turn (``?turn=N``): the state rebuilt by replay, seen through ``Engine.view``
as this viewer would have seen it live while that turn was open, never more."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games.engine import DEALER
from games.match import selectors
from games.match.services.replay import match_state_at
from games.models import Match, Turn
from games.registry import get_engine, get_entry
from games.web import drawings


def match_at_turn(request: HttpRequest, match: Match, raw: str) -> HttpResponse:
    """The match as ``request.user`` saw it during turn ``raw``; a turn it never had is a 404 that says so."""
    number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 7 else 0
    turn = Turn.objects.filter(match=match, number=number).first() if number else None
    state = match_state_at(match=match, turn_number=number) if turn is not None else None
    if turn is None or state is None:
        raise Http404(f"This match has no turn {raw[:12]}.")
    engine, entry = get_engine(match.game), get_entry(match.game)
    role = selectors.match_role(match, request.user)
    me = selectors.viewer_handle(match, request.user)
    last = Turn.objects.filter(match=match).order_by("-number").values_list("number", flat=True).first() or number
    log = [m for m in selectors.match_messages_for(match, me) if m.turn_number < number]
    host_views = {p: engine.view(state, p) for p in match.players} if role == selectors.Role.HOST else None
    context: dict[str, Any] = {
        "match": match,
        "me": me,
        "dealer_seat": DEALER,
        "role": str(role),
        "game_name": engine.title_for(match.options or {}),
        "turn": turn,
        "view": engine.view(state, me),
        "host_views": host_views,
        "log": log,
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < last else None,
    }
    # The page takes the game's view drawn (Jinja2, as the live part draws it), each host's seat with its own view.
    view_template = drawings.pick((entry.view_template, "games/_view_default.html"))
    context["view_html"] = mark_safe(view_template.render(context))  # noqa: S308 - drawn by Jinja2
    if host_views:
        context["host_view_html"] = [
            (player, mark_safe(view_template.render({**context, "view": view})))  # noqa: S308 - drawn by Jinja2
            for player, view in host_views.items()
        ]
    return render(request, "games/match_turn.html", context)
