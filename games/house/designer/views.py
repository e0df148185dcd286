"""The dealer's pages for their own games: My games, the designer (new / edit), a game and its
versions, export, import, the published schema and each version's public rules page.

Thin edges: each reads the request, calls one service or selector, and draws the answer. (Named
``design_views`` because ``games/<slug>/views.py`` would read as a game's presenter: see the
package-shape test.)
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import GameError
from games.house import selectors
from games.house.access import may_design, may_edit
from games.house.designer import parts as design_parts
from games.house.designer.balance import MOST_GARNETS, TEST_GARNETS, counts_garnets
from games.house.designer.formula_check import formula_check
from games.house.designer.inputs import definition_for_clean, definition_from_post, draft_apply, starter_definition
from games.house.designer.rows import designer_context
from games.house.designer.trial import house_trial_start, house_trials_for
from games.house.engine import definition
from games.house.engine.errors import DefinitionError
from games.house.models import HouseGame, HouseGameVersion
from games.house.play.rules_html import rules_html
from games.house.services import (
    EXPORT_FORMATS,
    house_game_create,
    house_game_export,
    house_game_import,
    house_game_update,
)

MAX_UPLOAD = 256 * 1024  # a definition is a few KB; this bounds what an upload may make the server read


def _designer(request: HttpRequest) -> None:
    if not may_design(request.user):
        raise PermissionDenied("Only hosts design games.")


def _own_game(request: HttpRequest, pk: int) -> HouseGame:
    game = get_object_or_404(HouseGame.objects.select_related("owner"), pk=pk)
    if not may_edit(request.user, game):
        raise PermissionDenied("Only the game's owner may open it here.")
    return game


def _errors_of(exc: DefinitionError) -> list[str]:
    found = getattr(exc, "errors", None)
    return [str(e) for e in found] if found else [str(exc)]


@login_required
@require_GET
def house_games(request: HttpRequest) -> HttpResponse:
    """My games: every game the dealer keeps, its latest version, and the ways to make more."""
    _designer(request)
    games = [(g, g.latest) for g in selectors.house_games_for(request.user)]
    return render(request, "house/games.html", {"games": games})


def _design(request: HttpRequest, game: HouseGame | None) -> HttpResponse:
    """The designer, for a new game or a new version of ``game``: shape buttons redraw it, Save keeps it.

    A shape button pressed through htmx (``HX-Request``) gets back only the section it changes, drawn from
    the whole form as posted, so nothing typed anywhere is lost and the page is not reloaded (RULES.md d-18);
    without the script it redraws the whole page, keeping the sections the dealer had open."""
    problems: list[str] = []
    preview = None
    opened: list[str] = []
    if request.method == "POST":
        draft = definition_from_post(request.POST)
        action = str(request.POST.get("action") or "save")
        opened = [str(p) for p in request.POST.getlist("open")]
        if action == "preview":
            preview = rules_html(draft["rules"])
            opened.append("game")
        elif action not in ("save", "save_try"):
            draft = draft_apply(draft, action)
            part = design_parts.part_of_action(action)
            if part is not None:
                opened.append(part)
            opened += design_parts.rows_added(draft, action)
            if part is not None and request.headers.get("HX-Request"):
                return _design_part(request, game, draft, part, opened)
        else:
            try:
                if game is None:
                    game = house_game_create(owner=request.user, definition=definition_for_clean(draft))
                    messages.success(request, f"“{game.title}” is saved as version 1.")
                else:
                    before = game.latest.number
                    version = house_game_update(
                        game_id=game.pk, user=request.user, definition=definition_for_clean(draft)
                    )
                    done = "is saved as version" if version.number > before else "has no change: it stays version"
                    messages.success(request, f"“{version.title}” {done} {version.number}.")
                if action == "save_try":  # "Save and try with bots": straight to the trial (RULES.md d-8)
                    return _try_saved(request, game)
                return HttpResponseRedirect(reverse("house:game", args=[game.pk]))
            except DefinitionError as exc:
                problems = _errors_of(exc)
            except GameError as exc:
                problems = [str(exc)]
    else:
        # A version saved as garnet-house/1 is shown upgraded; saving it writes garnet-house/2 (RULES.md d-11).
        draft = definition.definition_upgrade(game.latest.definition) if game is not None else starter_definition()
    context = {
        **designer_context(draft, problems, opened=opened, new=game is None and not opened),
        "game": game,
        "preview": preview,
        "problems": problems,
    }
    return render(request, "house/design.html", context)


def _design_part(
    request: HttpRequest, game: HouseGame | None, draft: dict[str, Any], name: str, opened: list[str]
) -> HttpResponse:
    """One section of the designer, open, for htmx to put in place of the one whose button was pressed (the
    rows in it the dealer had open, and a row just added, open too)."""
    context = designer_context(draft, opened=opened)
    context.update(game=game, part=next(p for p in context["parts"] if p["name"] == name))
    return render(request, "house/design/_part.html", context)


@login_required
@require_POST
def house_formula_check(request: HttpRequest) -> HttpResponse:
    """A formula of the designer checked as it is typed (an htmx fragment; nothing is saved): the definition
    check's error for it, or the names its place may read, offered as suggestions (RULES.md d-19). The
    whole form is posted, so the names are those typed so far; ``check`` names the input."""
    _designer(request)
    name = str(request.POST.get("check") or "")
    found = formula_check(definition_from_post(request.POST), name, str(request.POST.get(name) or ""))
    if found is None:
        return HttpResponse("", status=400)
    return render(request, "house/_formula_check.html", {"check": found})


def _try_saved(request: HttpRequest, game: HouseGame) -> HttpResponse:
    """The trial of a game just saved, with its fewest players; if the bots cannot play it, its page says why."""
    try:
        run = house_trial_start(game_id=game.pk, user=request.user, players=game.latest.players[0])
    except GameError as exc:  # not playable by bots, or past the designer's trial bound (RateLimited)
        messages.error(request, f"Saved, but not tried: {exc}")
        return HttpResponseRedirect(reverse("house:game", args=[game.pk]))
    return HttpResponseRedirect(reverse("house:trial", args=[run.pk]))


@login_required
@require_http_methods(["GET", "POST"])
def house_game_new(request: HttpRequest) -> HttpResponse:
    _designer(request)
    return _design(request, None)


@login_required
@require_http_methods(["GET", "POST"])
def house_game_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _design(request, _own_game(request, pk))


@login_required
@require_POST
def house_rules_preview(request: HttpRequest) -> HttpResponse:
    """The rules' Markdown as the rules panel will show it (an htmx fragment; nothing is saved)."""
    _designer(request)
    return render(request, "house/_rules_preview.html", {"preview": rules_html(str(request.POST.get("rules") or ""))})


@login_required
@require_GET
def house_game_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A game: its latest version's summary and rules, every version with its rules page and files."""
    game = _own_game(request, pk)
    versions = list(game.versions.select_related("created_by").order_by("-number"))
    latest = versions[0]
    return render(
        request,
        "house/game.html",
        {
            "game": game,
            "latest": latest,
            "versions": versions,
            "rules": rules_html(latest.definition.get("rules", "")),
            "summary": selectors.version_summary(latest),
            "seat_counts": list(range(latest.players[0], latest.players[1] + 1)),
            "counts_garnets": counts_garnets(latest),
            "test_garnets": TEST_GARNETS,
            "most_garnets": MOST_GARNETS,
            "trials": house_trials_for(game=game, user=request.user),
        },
    )


@login_required
@require_GET
def house_game_download(request: HttpRequest, pk: int) -> HttpResponse:
    """A version as a file (``?format=yaml|json``, ``?version=N``; the latest by default)."""
    game = _own_game(request, pk)
    fmt = request.GET.get("format", "yaml")
    if fmt not in EXPORT_FORMATS:
        raise Http404("Export as YAML or JSON.")
    number = request.GET.get("version") or ""
    version = game.versions.filter(number=int(number)).first() if number.isdigit() else game.latest
    if version is None:
        raise Http404("There is no such version.")
    text = house_game_export(version=version, fmt=fmt)
    kind = "application/json" if fmt == "json" else "application/yaml"
    response = HttpResponse(text, content_type=f"{kind}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{game.slug}-v{version.number}.{fmt}"'
    return response


def _import_text(request: HttpRequest) -> tuple[str, list[str]]:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size and upload.size > MAX_UPLOAD:
            return "", [f"file: is larger than {MAX_UPLOAD // 1024} KB; a game's file is a few KB"]
        try:
            return upload.read().decode("utf-8"), []
        except UnicodeDecodeError:
            return "", ["file: is not a text file (UTF-8)"]
    return str(request.POST.get("text") or ""), []


@login_required
@require_http_methods(["GET", "POST"])
def house_game_import_page(request: HttpRequest) -> HttpResponse:
    """Import a game from a file (upload or paste), as a new game or a new version of one of mine."""
    _designer(request)
    mine = list(selectors.house_games_for(request.user))
    problems: list[str] = []
    text = ""
    target = ""
    if request.method == "POST":
        text, problems = _import_text(request)
        target = str(request.POST.get("into") or "")
        game_id = int(target) if target.isdigit() and any(g.pk == int(target) for g in mine) else None
        if not problems and not text.strip():
            problems = ["file: choose a file or paste its text"]
        if not problems:
            try:
                game = house_game_import(owner=request.user, text=text, game_id=game_id)
            except DefinitionError as exc:
                problems = _errors_of(exc)
            except GameError as exc:
                problems = [str(exc)]
            else:
                messages.success(request, f"“{game.title}” is imported (version {game.latest.number}).")
                return HttpResponseRedirect(reverse("house:game", args=[game.pk]))
    return render(request, "house/import.html", {"problems": problems, "text": text, "mine": mine, "into": target})


@require_GET
def house_schema(request: HttpRequest) -> JsonResponse:
    """The published JSON Schema of a definition file (``garnet-house/1`` or ``/2``)."""
    response = JsonResponse(definition.definition_schema(), json_dumps_params={"indent": 2})
    response["Access-Control-Allow-Origin"] = "*"
    return response


@require_GET
def house_version_rules(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The public rules page of one version: public once a match was started with it (before that, its owner's)."""
    version = get_object_or_404(HouseGameVersion.objects.select_related("game__owner"), game_id=pk, number=number)
    if not selectors.version_played(version) and not may_edit(request.user, version.game):
        raise Http404("These rules are not published yet.")
    context: dict[str, Any] = {
        "version": version,
        "game": version.game,
        "rules": rules_html(version.definition.get("rules", "")),
        "summary": selectors.version_summary(version),
    }
    return render(request, "house/rules_page.html", context)
