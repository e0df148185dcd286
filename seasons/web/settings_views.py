"""The console's own pages beside it: Settings (every season setting a host may change, in words, for
every host) and the invite links as a file."""

from __future__ import annotations

import csv
import io
import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import GameError
from seasons.services.settings import season_settings_update
from seasons.web.host_views import _dm_games, _hosted
from seasons.web.settings_form import SeasonSettingsForm


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


@login_required
@require_GET
def season_invites_download(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    """Every invite link not yet used, as text (``handle: link`` a line, to paste in a chat) or CSV
    (handle, e-mail, link) for a spreadsheet or a mail merge."""
    season = _hosted(request, slug)
    if fmt not in ("txt", "csv"):
        raise Http404("Download the invites as txt or csv.")
    base = request.build_absolute_uri("/")[:-1]
    rows = [
        (i.handle, i.email, base + reverse("season_invite", args=[i.token]))
        for i in season.invites.filter(used_at=None, requested=False).order_by("handle")
    ]
    if fmt == "txt":
        body = "".join(f"{handle}: {link}\n" for handle, _, link in rows)
        response = HttpResponse(body, content_type="text/plain; charset=utf-8")
    else:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["handle", "email", "invite link"])
        writer.writerows(rows)
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{season.slug}-invites.{fmt}"'
    return response


@login_required
@require_POST
def season_dm_game_use(request: HttpRequest, slug: str) -> HttpResponse:
    """A dealer's game page makes one of their Death Matches the season's default Death Match game (the
    settings service, one setting), then goes back to that page."""
    season = _hosted(request, slug)
    back = str(request.POST.get("next") or "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("season_settings", args=[slug])
    try:
        season_settings_update(season_id=season.pk, user=request.user, changes={"dm_game": request.POST.get("game")})
    except GameError as exc:
        messages.error(request, f"Nothing changed: {exc}")
    else:
        messages.success(request, f"It is now {season.name}'s Death Match game.")
    return HttpResponseRedirect(back)
