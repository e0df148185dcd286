"""The page where the two Death Match players agree on a later start, within the host's window, and the
host's page that settles a Death Match left half done."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from accounts.timefmt import user_time
from seasons import selectors
from seasons.models import Duel
from seasons.selectors.duels import duel_settle_way
from seasons.services.duel_settle import duel_settle
from seasons.services.duel_times import duel_time_agree, duel_time_propose
from seasons.services.errors import BadStartTime, SeasonError
from seasons.services.notify import notices_seen_for
from seasons.web.views import _season

STEP = timedelta(minutes=30)


def start_choices(user: object, latest: datetime, now: datetime) -> list[tuple[str, str]]:
    """Every half hour from the next one up to ``latest``, as (UTC ISO value, the player's own clock)."""
    moment = now.replace(minute=0, second=0, microsecond=0) + STEP * (1 + now.minute // 30)
    out = []
    while moment <= latest:
        out.append((moment.isoformat(), user_time(user, moment)))
        moment += STEP
    return out


@login_required
@require_http_methods(["GET", "POST"])
def season_duel_time(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Propose a start (a choice of times, never typed) or agree to the other player's proposal."""
    season = _season(slug)
    duel = (
        Duel.objects.select_related("episode", "ec__user", "dmo__user")
        .filter(pk=pk, episode__season=season, match__isnull=True, loser__isnull=True, dmo__isnull=False)
        .first()
    )
    if duel is None or duel.starts_at is None:
        raise Http404("no such scheduled Death Match")
    starts = duel.starts_at
    back = reverse("season_duel", args=[slug, pk])
    if request.method == "POST":
        try:
            if request.POST.get("agree"):
                duel_time_agree(duel_id=duel.pk, user=request.user)
                messages.success(request, "Agreed: the Death Match's start has moved.")
                return HttpResponseRedirect(back)
            try:
                starts_at = datetime.fromisoformat(request.POST.get("starts_at", ""))
            except ValueError:
                raise BadStartTime("Pick one of the start times offered.") from None
            if timezone.is_naive(starts_at):
                raise BadStartTime("Pick one of the start times offered.")
            duel = duel_time_propose(duel_id=duel.pk, user=request.user, starts_at=starts_at)
        except SeasonError as exc:
            messages.error(request, str(exc))
        else:
            agreed = not duel.proposed_by
            messages.success(
                request, "Agreed: the start has moved." if agreed else "Proposed; the other player must agree."
            )
            if agreed:
                return HttpResponseRedirect(back)
        return HttpResponseRedirect(request.path)
    if request.user.is_authenticated:  # the proposal that called them here is read (issue 46)
        notices_seen_for(user=request.user, url=request.path)
    me = selectors.entrant_of(season, request.user)
    players = {duel.ec.pk, duel.dmo.pk if duel.dmo else 0}
    return render(
        request,
        "seasons/duel_time.html",
        {
            "season": season,
            "duel": duel,
            "mine": me is not None and me.pk in players,
            "me": me.handle if me else "",
            "choices": start_choices(request.user, duel.latest_start, timezone.now()) if duel.latest_start else [],
            "starts": user_time(request.user, starts),
            "proposed": user_time(request.user, duel.proposed_at) if duel.proposed_at else "",
            "latest": user_time(request.user, duel.latest_start) if duel.latest_start else "",
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_duel_settle(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A host settles a half-done Death Match: this page says what settling does; its button does it."""
    season = _season(slug)
    if not selectors.is_host(season, request.user):
        raise PermissionDenied("Only this season's hosts may settle a Death Match.")
    console = reverse("season_host", args=[slug])
    duel = Duel.objects.select_related("episode", "ec__user", "dmo__user", "match").filter(
        pk=pk, episode__season=season
    )
    way = duel_settle_way(duel.get()) if duel.exists() else None
    if request.method == "POST":
        try:
            settled = duel_settle(
                season=season,
                duel_id=pk,
                loser=request.POST.get("loser", ""),
                user=request.user,
                reason=request.POST.get("reason", ""),
            )
        except SeasonError as exc:
            messages.error(request, f"Nothing changed: {exc}")
            return HttpResponseRedirect(request.path if way is not None else console)
        messages.success(request, f"Settled: {settled.loser} lost the Death Match of Episode {settled.episode.number}.")
        return HttpResponseRedirect(console)
    if way is None:
        messages.info(request, "That Death Match needs no settling.")
        return HttpResponseRedirect(console)
    return render(request, "seasons/duel_settle.html", {"season": season, "duel": way.duel, "way": way})
