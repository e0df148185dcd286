"""The library's pages: the ready games every season offers, each one's rules, and "Copy to my games".

The list and the rules are public (a player or a spectator reads the rules of the game they play); copying
is a designer's, who then changes the copy in the designer like any game of theirs.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.house import library
from games.house.access import may_design
from games.house.play.match_rules import definition_summary
from games.house.play.rules_html import rules_html
from games.house.services import house_game_create


def _game(name: str) -> library.LibraryGame:
    try:
        return library.library_game(name)
    except KeyError:
        raise Http404("There is no such game in the library.") from None


@require_GET
def house_library(request: HttpRequest) -> HttpResponse:
    """Every ready game, Main Matches then Death Matches, with its player range and the way to copy it."""
    games = library.library_games()
    context = {
        "main": [g for g in games if g.kind == "main"],
        "death": [g for g in games if g.kind == "death"],
        "may_copy": may_design(request.user),
    }
    return render(request, "house/library.html", context)


@require_GET
def house_library_rules(request: HttpRequest, name: str) -> HttpResponse:
    """A ready game's rules page: its shape in sentences and the rules its players read."""
    game = _game(name)
    definition = library.library_definition(name)
    context = {
        "game": game,
        "summary": definition_summary(definition),
        "rules": rules_html(definition.get("rules", "")),
        "may_copy": may_design(request.user),
    }
    return render(request, "house/library_rules.html", context)


@login_required
@require_POST
def house_library_copy(request: HttpRequest, name: str) -> HttpResponse:
    """Copy a ready game into the dealer's own games (version 1) and open it in the designer."""
    if not may_design(request.user):
        raise PermissionDenied("Only hosts design games.")
    game = house_game_create(owner=request.user, definition=library.library_definition(_game(name).name))
    messages.success(request, f"“{game.title}” is copied to your games: change it here and save a version.")
    return HttpResponseRedirect(reverse("house:edit", args=[game.pk]))
