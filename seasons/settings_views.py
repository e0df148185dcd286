"""The console's Settings page: every season setting a host may change, in words, for every host."""

from __future__ import annotations

import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.errors import GameError
from seasons.forms import SeasonSettingsForm
from seasons.host_views import _dm_games, _hosted
from seasons.services.settings import season_settings_update


@login_required
@require_http_methods(["GET", "POST"])
def season_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Show the settings form (closed settings disabled, each with why); a post changes the open ones."""
    season = _hosted(request, slug)
    form = SeasonSettingsForm(request.POST or None, season=season, dm_games=_dm_games(season, request.user))
    if request.method == "POST" and form.is_valid():
        try:
            changed = season_settings_update(
                season_id=season.pk, user=request.user, changes=form.changes(), reason=form.cleaned_data["reason"]
            )
        except GameError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"Saved: {', '.join(changed)}." if changed else "Nothing changed.")
            return HttpResponseRedirect(reverse("season_settings", args=[slug]))
    zone = zoneinfo.ZoneInfo(season.time_zone)
    return render(request, "seasons/settings.html", {"season": season, "form": form, "zone": zone})
