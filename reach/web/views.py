"""Reach pages: a player's thread with the dealer, the host's inbox and threads. Thin edges."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_http_methods

from games.match.selectors import seat_of
from games.models import Match
from reach import selectors
from reach.models import Thread
from reach.services import ReachError
from reach.services.threads import post_write, thread_mark_read, thread_open, thread_publish_set, thread_url
from reach.web.forms import PostForm
from seasons import selectors as season_selectors


def _thread_page(
    request: HttpRequest, *, thread: Thread | None, place: Any, for_host: bool, create: Any
) -> HttpResponse:
    """Show a thread (marking it read) and take a new post; ``create`` opens the thread on the first post."""
    if request.method == "POST" and "publish_choice" in request.POST:
        return _publish_choice(request, thread=thread, for_host=for_host)
    form = PostForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                thread = thread or create()
                post_write(thread=thread, author=request.user, text=form.cleaned_data["text"])
            except ReachError as exc:
                messages.error(request, str(exc))
            else:
                return HttpResponseRedirect(thread_url(thread, for_host=for_host))
        else:
            messages.error(request, "Nothing was sent: write your message first.")
    if thread is not None:
        thread_mark_read(thread=thread, user=request.user)
    return render(
        request,
        "reach/thread.html",
        {
            "thread": thread,
            "place": place,
            "for_host": for_host,
            "form": form,
            "posts": list(selectors.posts_of(thread)) if thread else [],
            "season_over": _season_over(thread, place),
        },
    )


def _publish_choice(request: HttpRequest, *, thread: Thread | None, for_host: bool) -> HttpResponse:
    """The player's "publish in the archive" choice for their thread."""
    if thread is None:
        raise Http404("write to the dealer first")
    try:
        thread_publish_set(thread=thread, user=request.user, publish=request.POST.get("publish") == "on")
    except ReachError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            "This thread will be in the season's archive."
            if thread.publish
            else "This thread stays private: it will not be in the season's archive.",
        )
    return HttpResponseRedirect(thread_url(thread, for_host=for_host))


def _season_over(thread: Thread | None, place: Any) -> bool:
    season = getattr(thread, "season", None) or getattr(place, "season", None)
    return bool(season and season.status == "finished")


@login_required
@require_http_methods(["GET", "POST"])
def match_thread(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's private thread with the hosts of one match."""
    match = get_object_or_404(Match, pk=pk)
    if seat_of(match, request.user) is None:
        raise Http404("only the players of this match have a thread here")
    thread = selectors.thread_of(player=request.user, match=match)
    return _thread_page(
        request,
        thread=thread,
        place=match,
        for_host=False,
        create=lambda: thread_open(player=request.user, match=match),
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_thread(request: HttpRequest, slug: str) -> HttpResponse:
    """A player's private thread with the hosts of a season."""
    season = season_selectors.season_by_slug(slug)
    if season is None or season_selectors.entrant_of(season, request.user) is None:
        raise Http404("only the players of this season have a thread here")
    thread = selectors.thread_of(player=request.user, season=season)
    return _thread_page(
        request,
        thread=thread,
        place=season,
        for_host=False,
        create=lambda: thread_open(player=request.user, season=season),
    )


@login_required
@require_http_methods(["GET", "POST"])
def host_thread(request: HttpRequest, pk: int) -> HttpResponse:
    """A host reads and answers one player's thread."""
    thread = get_object_or_404(Thread.objects.select_related("player", "match", "season"), pk=pk)
    if not selectors.is_thread_host(thread, request.user):
        raise Http404("no such thread")
    return _thread_page(request, thread=thread, place=thread.match or thread.season, for_host=True, create=None)


@login_required
@require_GET
def thread_posts(request: HttpRequest, pk: int) -> HttpResponse:
    """The posts of a thread, re-fetched live when the socket says something arrived."""
    thread = get_object_or_404(Thread.objects.select_related("player", "match", "season"), pk=pk)
    if not selectors.can_read_thread(thread, request.user):
        raise Http404("no such thread")
    thread_mark_read(thread=thread, user=request.user)
    return render(
        request,
        "reach/_thread_posts.html",
        {"thread": thread, "posts": list(selectors.posts_of(thread)), "for_host": thread.player_id != request.user.pk},
    )


@login_required
@require_GET
def inbox(request: HttpRequest) -> HttpResponse:
    """The host's inbox: every thread of the matches and seasons they host, unread first."""
    threads = sorted(
        selectors.inbox_threads(request.user), key=lambda t: (selectors.unread(t) == 0, -t.updated_at.timestamp())
    )
    template = "reach/_inbox_list.html" if request.GET.get("partial") else "reach/inbox.html"
    return render(
        request,
        template,
        {
            "threads": threads,
            "unread": sum(selectors.unread(t) for t in threads),
            "mine": list(selectors.player_threads(request.user)),
        },
    )
