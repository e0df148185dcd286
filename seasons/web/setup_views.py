"""The New season page (a host's settings, each explained, and the pasted roster) and My seasons."""

from __future__ import annotations

import secrets
import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from accounts.selectors import user_can_host
from seasons.selectors import seasons_hosted_by
from seasons.selectors.casting import unique_slug
from seasons.services import SeasonError, season_create
from seasons.services.casting import season_cast
from seasons.web.forms import SeasonNewForm
from seasons.web.host_views import dm_game_choices

ZONES = sorted(z for z in zoneinfo.available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV/")))
ZONES.insert(0, "UTC")


@login_required
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest) -> HttpResponse:
    """A host creates a season: its settings, each explained, and the pasted roster."""
    if not user_can_host(request.user):
        raise PermissionDenied("Only hosts create seasons: a site admin grants the role on the Hosts page.")
    form = SeasonNewForm(request.POST or None, dm_games=dm_game_choices(request.user), zones=ZONES)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            season = season_create(
                name=d["name"],
                slug=unique_slug(d["name"]),
                players=[],
                hosts=[request.user],
                token_mode=d["token_mode"],
                confiscate_garnets=d["confiscate_garnets"],
                garnets_public=d["garnets_public"],
                mm_turn_seconds=d["mm_turn_seconds"],
                dm_turn_seconds=d["dm_turn_seconds"],
                pick_seconds=d["pick_seconds"],
                ecs_per_episode=d["ecs_per_episode"],
                mm_winners_pick_ec=d["mm_winners_pick_ec"],
                ec_pick_way=d["ec_pick_way"],
                dm_game=d["dm_game"],
                starting_garnets=d["starting_garnets"],
                starting_tokens=d["starting_tokens"],
                time_zone=d["time_zone"],
                dm_lead_seconds=d["dm_lead_seconds"],
                dm_no_show=d["dm_no_show"],
                dm_window_hours=d["dm_window_hours"] or 0,
                finalists=d["finalists"],
                final_legs=d["final_legs"],
                signup_code=secrets.token_urlsafe(6) if d["signup_code"] else "",
            )
            if d["roster"].strip():
                season_cast(
                    season=season, roster=d["roster"], user=request.user, base_url=request.build_absolute_uri("/")[:-1]
                )
        except SeasonError as exc:
            messages.error(request, f"Nothing created: {exc}")
        else:
            messages.success(request, f"{season.name} is ready to cast. Send the invite links, then start it.")
            return HttpResponseRedirect(reverse("season_host", args=[season.slug]))
    return render(request, "seasons/new.html", {"form": form})


@login_required
@require_http_methods(["GET"])
def season_hosting(request: HttpRequest) -> HttpResponse:
    """My seasons: every season the user runs, each with its console and settings, and New season for those
    with the host role. A co-host without the role (added on a season's Settings) lists theirs too."""
    seasons = list(seasons_hosted_by(request.user))
    can_create = user_can_host(request.user)
    if not can_create and not seasons:
        raise PermissionDenied("Only hosts run seasons: a site admin grants the role on the Hosts page.")
    return render(request, "seasons/hosting.html", {"seasons": seasons, "can_create": can_create})
