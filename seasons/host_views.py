"""The host console of a season: every step takes a reason and calls one service."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.models import Match
from games.registry import get_engine, slugs
from games.services.replay import match_replay
from seasons import selectors
from seasons.forms import EpisodeStartForm, HostStepForm
from seasons.models import Pick, Season
from seasons.services import (
    SeasonError,
    entrant_replace,
    entrant_restore,
    episode_dmo_set,
    episode_ec_set,
    episode_start,
    ledger_adjust,
    ledger_undo,
    season_finish,
    season_matches_abort,
    season_pause,
    season_resume,
)
from seasons.services.episodes import two_player_games
from seasons.services.host import entrant_eliminate_by_host, season_step_confirm
from seasons.views import _season, is_host


def _hosted(request: HttpRequest, slug: str) -> Season:
    season = _season(slug)
    if not is_host(season, request.user):
        raise PermissionDenied("Only this season's hosts may do this.")
    return season


def _games(alive: int) -> list[tuple[str, str]]:
    out = []
    for slug in slugs():
        engine = get_engine(slug)
        if engine.min_players <= alive and engine.max_players > 2:
            out.append((slug, f"{engine.title} ({engine.min_players}–{engine.max_players} players)"))
    return out


def _step(season: Season, user: Any, d: dict[str, Any]) -> Callable[[], object]:
    """The one service call a console step stands for."""
    reason, player, other = d["reason"], d.get("player") or "", d.get("other") or ""
    target = d.get("target_id") or 0
    steps: dict[str, Callable[[], object]] = {
        "pause": lambda: season_pause(season_id=season.pk, user=user, reason=reason),
        "resume": lambda: season_resume(season_id=season.pk, user=user, reason=reason),
        "adjust": lambda: ledger_adjust(season=season, handle=player, currency=d.get("currency") or "garnet",
                                        amount=d.get("amount") or 0, reason=reason, user=user),
        "undo_entry": lambda: ledger_undo(entry_id=target, reason=reason, user=user),
        "replace": lambda: entrant_replace(season=season, handle=player, new_handle=other, reason=reason, user=user),
        "restore": lambda: entrant_restore(season=season, handle=player, reason=reason, user=user),
        "eliminate": lambda: entrant_eliminate_by_host(season=season, handle=player, user=user, reason=reason),
        "ec_set": lambda: episode_ec_set(episode_id=target, ec=player, replace=other, user=user, reason=reason),
        "dmo_set": lambda: episode_dmo_set(pick_id=target, dmo=player, user=user, reason=reason),
        "confirm": lambda: season_step_confirm(season=season, log_id=target, user=user, reason=reason),
        "abort_matches": lambda: season_matches_abort(season_id=season.pk, user=user, reason=reason),
        "finish": lambda: season_finish(season_id=season.pk, user=user, reason=reason),
    }
    return steps[d["step"]]


@login_required
@require_http_methods(["GET", "POST"])
def season_host(request: HttpRequest, slug: str) -> HttpResponse:
    """The console: start an episode, take any host step with a reason, read the log, replay matches."""
    season = _hosted(request, slug)
    form = HostStepForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                _step(season, request.user, form.cleaned_data)()
            except SeasonError as exc:
                messages.error(request, f"Nothing changed: {exc}")
            except Exception as exc:  # a lookup by id that does not exist
                messages.error(request, f"Nothing changed: {exc}")
            else:
                messages.success(request, f"Done: {dict(HostStepForm.STEPS)[form.cleaned_data['step']]}.")
            return HttpResponseRedirect(reverse("season_host", args=[slug]))
        messages.error(request, "Nothing changed: every host step needs a reason.")
    alive = selectors.alive_handles(season)
    return render(request, "seasons/host.html", {
        "season": season, "form": HostStepForm(),
        "episode_form": EpisodeStartForm(games=_games(len(alive)), alive=alive, dm_games=two_player_games()),
        "episodes": selectors.episodes_of(season), "standings": selectors.standings(season, show_garnets=True),
        "open_picks": Pick.objects.filter(episode__season=season, status=Pick.Status.OPEN)
        .select_related("picker__user", "episode"),
        "log": season.log.select_related("user")[:100],
        "ledger": season.ledger.select_related("entrant__user").order_by("-pk")[:50],
        "matches": selectors.season_matches(season).order_by("-created_at"),
    })


@login_required
@require_POST
def season_episode_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Start the next episode's Main Match with the game and players the host chose."""
    season = _hosted(request, slug)
    alive = selectors.alive_handles(season)
    form = EpisodeStartForm(request.POST, games=_games(len(alive)), alive=alive,
                            dm_games=two_player_games())
    if not form.is_valid():
        errors = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
        messages.error(request, f"Nothing started: {errors}")
    else:
        try:
            episode = episode_start(season_id=season.pk, game=form.cleaned_data["game"],
                                    players=form.cleaned_data["players"], user=request.user,
                                    options=form.cleaned_data["options"], dm_game=form.cleaned_data["dm_game"])
        except SeasonError as exc:
            messages.error(request, f"Nothing started: {exc}")
        else:
            messages.success(request, f"Episode {episode.number} has started.")
    return HttpResponseRedirect(reverse("season_host", args=[slug]))


@login_required
@require_GET
def season_replay(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Replay a season match from its seed and submissions and say whether it reproduces the stored result."""
    season = _hosted(request, slug)
    match = selectors.season_matches(season).filter(pk=match_id).first()
    if match is None:
        messages.error(request, "That match is not part of this season.")
    elif match.status != Match.Status.FINISHED:
        messages.error(request, "Only a finished match can be replayed.")
    else:
        report = match_replay(match_id=match.pk)
        (messages.success if report.identical else messages.error)(request, f"{match}: {report.summary}")
    return HttpResponseRedirect(reverse("season_host", args=[slug]))
