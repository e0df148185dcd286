"""Host pages of reach: post a clarification or amendment, set the season's Discord, invite links."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.match.selectors import Role, match_role
from games.models import Match
from reach import selectors
from reach.models import Delivery
from reach.selectors import webhook_of
from reach.services import ReachError
from reach.services.clarify import clarification_post
from reach.services.discord import season_channel_set
from reach.web.discord_login import discord_linked_ids, invite_url
from reach.web.forms import ChannelForm, ClarificationForm
from seasons import selectors as season_selectors
from seasons.models import Season
from seasons.selectors import is_host


def _hosted_season(request: HttpRequest, slug: str) -> Season:
    season = season_selectors.season_by_slug(slug)
    if season is None or not is_host(season, request.user):
        raise Http404("no such season to host")
    return season


@login_required
@require_http_methods(["GET", "POST"])
def clarify_match(request: HttpRequest, pk: int) -> HttpResponse:
    """Post a clarification to a match, or an amendment that changes one of its changeable options."""
    match = get_object_or_404(Match, pk=pk)
    if match_role(match, request.user) != Role.HOST:
        raise Http404("only a host of this match posts clarifications")
    options = selectors.changeable_options(match) if match.status in {"running", "paused"} else []
    form = ClarificationForm(request.POST or None, options=options)
    if request.method == "POST" and form.is_valid():
        try:
            clarification_post(
                user=request.user,
                match=match,
                text=form.cleaned_data["text"],
                option_name=form.cleaned_data.get("option_name") or "",
                option_value=form.cleaned_data.get("option_value"),
            )
        except ReachError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, "Posted: it is pinned on the match page and in its log.")
            return HttpResponseRedirect(reverse("games:match", args=[match.pk]))
    return render(
        request,
        "reach/clarify.html",
        {"form": form, "place": match, "options": options, "pinned": selectors.clarifications_for_match(match)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def clarify_season(request: HttpRequest, slug: str) -> HttpResponse:
    """Post a clarification to the whole season: pinned on the season page and every match of it."""
    season = _hosted_season(request, slug)
    form = ClarificationForm(request.POST or None, options=[])
    if request.method == "POST" and form.is_valid():
        try:
            clarification_post(user=request.user, season=season, text=form.cleaned_data["text"])
        except ReachError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, "Posted to the whole season.")
            return HttpResponseRedirect(reverse("season_home", args=[season.slug]))
    return render(
        request,
        "reach/clarify.html",
        {"form": form, "place": season, "options": [], "pinned": selectors.clarifications_for_season(season)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_channel(request: HttpRequest, slug: str) -> HttpResponse:
    """The season's Discord webhook, its latest deliveries, and each player's Discord invite link."""
    season = _hosted_season(request, slug)
    form = ChannelForm(request.POST or None, initial={"discord_webhook": webhook_of(season)})
    if request.method == "POST" and form.is_valid():
        try:
            season_channel_set(season=season, discord_webhook=form.cleaned_data["discord_webhook"])
        except ReachError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, "Saved.")
            return HttpResponseRedirect(reverse("reach:season_channel", args=[season.slug]))
    entrants = season.entrants.select_related("user").order_by("user__username")
    linked = discord_linked_ids([e.user_id for e in entrants])
    return render(
        request,
        "reach/channel.html",
        {
            "season": season,
            "form": form,
            "deliveries": Delivery.objects.filter(season=season)[:20],
            "invites": [(e.handle, "" if e.user_id in linked else invite_url(e.user)) for e in entrants],
        },
    )
