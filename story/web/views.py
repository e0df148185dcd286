"""Story pages: the season's timeline fragment, confessionals (write, list, edit) and plots."""

from __future__ import annotations

import base64

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import GameError
from seasons import selectors as season_selectors
from seasons.models import Season
from story import selectors
from story.bundle import season_bundle
from story.plots import season_plots
from story.services import confessional_edit, confessional_write, story_settings_set
from story.web.forms import ConfessionalEditForm, ConfessionalForm, PublishForm

TIMELINE_SHOWN = 12  # newest entries shown open; the rest fold under "older events"


def _season(slug: str) -> Season:
    season = season_selectors.season_by_slug(slug)
    if season is None:
        raise Http404("no such season")
    return season


@require_GET
def story_timeline(request: HttpRequest, slug: str) -> HttpResponse:
    """The season page's timeline, fetched again when the season's socket says it changed (htmx); opened
    as a page (a link, a bookmark), it is a whole page with its title and the site's frame."""
    season = _season(slug)
    template = "story/_timeline.html" if request.headers.get("HX-Request") else "story/timeline_page.html"
    return render(request, template, timeline_context(season))


def timeline_context(season: Season) -> dict[str, object]:
    """The timeline as the season page shows it: newest first, the older part folded."""
    entries = selectors.timeline_folded(season, selectors.timeline(season))
    return {"season": season, "recent": entries[:TIMELINE_SHOWN], "older": entries[TIMELINE_SHOWN:]}


@require_http_methods(["GET", "POST"])
def confessionals(request: HttpRequest, slug: str) -> HttpResponse:
    """The confessionals a visitor may read; a player's form to write one; a host's publication setting."""
    season = _season(slug)
    me = season_selectors.entrant_of(season, request.user)
    host = season_selectors.is_host(season, request.user)
    choices = selectors.season_match_choices(season, me) if me else []
    form = ConfessionalForm(request.POST or None, matches=choices) if me else None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if form is None:
            raise Http404("you are not a player in this season")
        if form.is_valid():
            data = form.cleaned_data
            try:
                confessional_write(
                    season=season,
                    user=request.user,
                    text=data["text"],
                    match_id=data["match"],
                    turn_number=data["turn"],
                )
            except GameError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, "Confessional saved. Only the hosts read it until it is published.")
                return HttpResponseRedirect(request.path)
    settings = selectors.story_settings(season)
    visible = selectors.confessionals_for(season, request.user)
    published = selectors.published_entrant_ids(season)
    return render(
        request,
        "story/confessionals.html",
        {
            "season": season,
            "me": me,
            "host": host,
            "form": form,
            "publish_form": PublishForm(initial={"publish_on": settings.publish_on}) if host else None,
            "settings": settings,
            "mine": [c for c in visible if me and c.entrant_id == me.pk],
            "others": [c for c in visible if not (me and c.entrant_id == me.pk)],
            "published": published,
            "me_published": bool(me and me.pk in published),
        },
        status=200 if request.method == "GET" or form is None or not form.errors else 400,
    )


@login_required
@require_http_methods(["GET", "POST"])
def confessional_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One confessional: its author edits it until it is published; hosts and the author see its revisions."""
    season = _season(slug)
    conf = selectors.confessional_of(season, request.user, pk)
    if conf is None:
        raise Http404("no such confessional")
    me = season_selectors.entrant_of(season, request.user)
    mine = bool(me and conf.entrant_id == me.pk)
    frozen = selectors.is_published(season, conf.entrant)
    form = ConfessionalEditForm(request.POST or None, initial={"text": conf.text}) if mine and not frozen else None
    status = 200
    if request.method == "POST":
        if form is None:
            messages.error(request, "Published confessionals are frozen." if mine else "This is not yours to edit.")
            return HttpResponseRedirect(request.path)
        if form.is_valid():
            try:
                confessional_edit(season=season, user=request.user, pk=pk, text=form.cleaned_data["text"])
            except GameError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, "Saved; the earlier text is kept as a revision.")
                return HttpResponseRedirect(reverse("story_confessionals", args=[slug]))
        status = 400
    host = season_selectors.is_host(season, request.user)
    return render(
        request,
        "story/confessional.html",
        {
            "season": season,
            "c": conf,
            "form": form,
            "frozen": frozen,
            "mine": mine,
            "revisions": list(conf.revisions.all()) if mine or host else [],
        },
        status=status,
    )


@login_required
@require_POST
def story_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """A host sets when confessionals are published."""
    season = _season(slug)
    form = PublishForm(request.POST)
    if not season_selectors.is_host(season, request.user):
        raise Http404("no such page")
    if form.is_valid():
        try:
            story_settings_set(season=season, user=request.user, publish_on=form.cleaned_data["publish_on"])
        except GameError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, "Saved when confessionals are published.")
    else:
        messages.error(request, "Choose when confessionals are published.")
    return HttpResponseRedirect(reverse("story_confessionals", args=[slug]))


@require_GET
def story_plots(request: HttpRequest, slug: str) -> HttpResponse:
    """The season in plots (public facts only), each with its table for screen readers."""
    season = _season(slug)
    plots = [
        {"series": series, "src": "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()}
        for series, svg in season_plots(season)
    ]
    return render(request, "story/plots.html", {"season": season, "plots": plots})


@require_GET
def story_bundle(request: HttpRequest, slug: str) -> HttpResponse:
    """The archive as a static HTML bundle (zip): a finished season for everyone, any season for its hosts."""
    season = _season(slug)
    if season.status != Season.Status.FINISHED and not season_selectors.is_host(season, request.user):
        raise Http404("the archive opens when the season is finished")
    response = HttpResponse(season_bundle(season), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{season.slug}.zip"'
    return response
