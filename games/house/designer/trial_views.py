"""The dealer tries a game from its page: bots play it (the playtest lab), the balance report shows on the
dealer's own pages (never the Django admin); and a game's player range widens in one step."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import GameError
from games.engine import RuleError
from games.house.access import may_edit
from games.house.designer import hotseat
from games.house.designer.trial import house_game_widen, house_trial_of, house_trial_sample, house_trial_start
from games.house.designer.trial_report import trial_findings, trial_report_context
from games.house.engine.errors import DefinitionError
from games.house.models import HouseGame
from games.match.services.playtest import PlaytestError
from games.models import PlaytestRun


def _count(request: HttpRequest) -> int:
    raw = str(request.POST.get("players") or "")
    return int(raw) if raw.isdigit() else 0


@login_required
@require_POST
def house_try(request: HttpRequest, pk: int) -> HttpResponse:
    """Start a trial of the game's latest version with bots, then show its progress and report."""
    try:
        run = house_trial_start(
            game_id=pk, user=request.user, players=_count(request), bots=str(request.POST.get("bots") or "random")
        )
    except (PlaytestError, GameError) as exc:
        messages.error(request, f"Nothing was tried: {exc}")
        return HttpResponseRedirect(reverse("house:game", args=[pk]))
    return HttpResponseRedirect(reverse("house:trial", args=[run.pk]))


def _run(request: HttpRequest, run_id: int) -> PlaytestRun:
    run = house_trial_of(run_id=run_id, user=request.user)
    if run is None:
        raise Http404("There is no such trial of yours.")
    return run


@login_required
@require_GET
def house_trial(request: HttpRequest, run_id: int) -> HttpResponse:
    """A trial's page: its progress while bots play, then the balance report."""
    run = _run(request, run_id)
    game = HouseGame.objects.filter(pk=(run.options or {}).get("house_game") or 0).first()
    done = run.status == PlaytestRun.Status.DONE
    sample = house_trial_sample(run) if done else []
    findings = trial_findings(run.summary or {}) if done else {}
    return render(request, "house/trial.html", {"run": run, "game": game, "sample": sample, **findings})


@login_required
@require_GET
def house_trial_progress(request: HttpRequest, run_id: int) -> HttpResponse:
    """The progress fragment the trial's page polls (htmx), until the run is done."""
    run = _run(request, run_id)
    done = run.status == PlaytestRun.Status.DONE
    sample = house_trial_sample(run) if done else []
    findings = trial_findings(run.summary or {}) if done else {}
    return render(request, "house/_trial_progress.html", {"run": run, "sample": sample, **findings})


@login_required
@require_GET
def house_trial_report(request: HttpRequest, run_id: int) -> HttpResponse:
    """The finished trial's balance report, on the site's own page (RULES.md d-16)."""
    run = _run(request, run_id)
    if run.status != PlaytestRun.Status.DONE:
        raise Http404("The report is not ready yet.")
    game = HouseGame.objects.filter(pk=(run.options or {}).get("house_game") or 0).first()
    context = {"run": run, "game": game, "r": run.summary, **trial_report_context(run.summary or {})}
    return render(request, "house/trial_report.html", context)


@login_required
@require_POST
def house_widen(request: HttpRequest, pk: int) -> HttpResponse:
    """Save a new version whose player range takes the count asked for, then go back where the dealer was."""
    back = str(request.POST.get("next") or "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("house:game", args=[pk])
    try:
        version = house_game_widen(game_id=pk, user=request.user, players=_count(request))
    except DefinitionError as exc:
        messages.error(request, f"Nothing changed: {exc}")
    except GameError as exc:
        messages.error(request, f"Nothing changed: {exc}")
    else:
        low, high = version.players
        messages.success(request, f"“{version.title}” now takes {low}–{high} players (version {version.number}).")
    return HttpResponseRedirect(back)


def _hotseat_key(pk: int) -> str:
    return f"house-hotseat-{pk}"


@login_required
@require_http_methods(["GET", "POST"])
def house_hotseat(request: HttpRequest, pk: int) -> HttpResponse:
    """A test match the dealer plays at every seat (kept in their session; RULES.md d-10). POST ``action``:
    ``start`` (``players``), ``move`` (``seat`` and its form's fields), ``random`` (``seat``), ``go`` (a
    pause), ``stop``."""
    game = _own_game_or_404(request, pk)
    key = _hotseat_key(pk)
    saved = request.session.get(key)
    match = hotseat.HotSeat.from_json(saved) if saved else None
    if match is not None and match.version != game.latest.number:
        match = None  # a newer version was saved: its test match starts afresh
    seat = str(request.POST.get("seat") or request.GET.get("seat") or "")
    form = None
    if request.method == "POST":
        action = str(request.POST.get("action") or "")
        try:
            if action == "start":
                match = hotseat.hotseat_start(version=game.latest, players=_count(request) or game.latest.players[0])
            elif match is not None and action == "move":
                form = hotseat.hotseat_form(match, seat, request.POST)
                if form.is_valid():
                    _said(request, hotseat.hotseat_move(match, seat, form.to_move()))
                    form = None
            elif match is not None and action == "random":
                _said(request, hotseat.hotseat_random(match, seat))
            elif match is not None and action == "go":
                _said(request, hotseat.hotseat_move(match, "", {}))
            elif action == "stop":
                match = None
        except RuleError as exc:
            messages.error(request, f"The rules refuse that move: {exc}")
        except (DefinitionError, GameError) as exc:  # the options or count cannot start a match
            messages.error(request, f"Nothing started: {exc}")
        if match is None:
            request.session.pop(key, None)
        else:
            request.session[key] = match.to_json()
        if form is None:
            return HttpResponseRedirect(reverse("house:play", args=[pk]) + (f"?seat={seat}" if seat else ""))
    return render(request, "house/hotseat.html", _hotseat_context(game, match, seat, form))


def _said(request: HttpRequest, lines: list[str]) -> None:
    if lines:
        messages.info(request, "The round resolved: " + " ".join(lines))


def _own_game_or_404(request: HttpRequest, pk: int) -> HouseGame:
    game = HouseGame.objects.filter(pk=pk).first()
    if game is None or not may_edit(request.user, game):
        raise Http404("There is no such game of yours.")
    return game


def _seat_key(game: HouseGame, match: hotseat.HotSeat, seat: str) -> str:
    """What ``seat`` holds and sees, drawn as a player's match page draws it above their form (its own view only)."""
    if not seat:
        return ""
    context = {"view": hotseat.hotseat_view(match, seat), "me": seat, "definition": game.latest.definition}
    return mark_safe(render_to_string("house/_key.html", context, using="jinja2"))  # noqa: S308 - Jinja2 autoescapes


def _hotseat_context(game: HouseGame, match: hotseat.HotSeat | None, seat: str, form: Any) -> dict[str, Any]:
    context: dict[str, Any] = {
        "game": game,
        "match": match,
        "counts": list(range(game.latest.players[0], game.latest.players[1] + 1)),
    }
    if match is None:
        return context
    outcome = hotseat.hotseat_outcome(match)
    awaiting = hotseat.hotseat_awaiting(match)
    pending = [s for s in awaiting if s not in match.moves]
    if seat not in pending:
        seat = pending[0] if pending else ""
    context.update(
        {
            "outcome": outcome,
            "label": hotseat.hotseat_label(match),
            "seats": [
                {"seat": s, "name": hotseat.seat_name(s), "done": s in match.moves, "current": s == seat}
                for s in awaiting
            ],
            "seat": seat,
            "seat_name": hotseat.seat_name(seat),
            "form": form if form is not None else (hotseat.hotseat_form(match, seat) if seat else None),
            "score": hotseat.hotseat_view(match, seat).get("score") if seat else None,
            "key": _seat_key(game, match, seat),
            "lines": [(hotseat.seat_name(to) if to else "", text) for to, text in match.log if not to or to == seat][
                -30:
            ],
        }
    )
    return context
