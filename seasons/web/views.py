"""Season pages: thin edges that translate HTTP to selectors and one service call."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.selectors import site_has_admin, user_can_host
from games.match.selectors import match_usernames
from seasons import selectors
from seasons import standings as board
from seasons.archive import season_archive, season_archive_markdown
from seasons.bracket import final_bracket
from seasons.explain import attach_reasons, season_next
from seasons.models import Duel, Invite, Pick, Season
from seasons.selectors.game_choice import game_choice_name, game_choice_rules_url
from seasons.services import SeasonError, episode_dmo_pick, episode_ec_pick, ledger_transfer
from seasons.services.casting import invite_accept, season_join_request
from seasons.services.duels import duel_ready
from seasons.services.notify import notices_all_seen, notices_seen_for
from seasons.web.forms import InviteAcceptForm, PickForm, TransferForm


def _season(slug: str) -> Season:
    season = selectors.season_by_slug(slug)
    if season is None:
        raise Http404("no such season")
    return season


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The front page: every season, the latest one's standings, and my seasons."""
    seasons = list(selectors.seasons_public()[:20])
    featured = seasons[0] if seasons else None
    return render(
        request,
        "home.html",
        {
            "seasons": seasons,
            "featured": featured,
            "standings": board.standings(featured) if featured else [],
            "my_seasons": list(selectors.seasons_of_user(request.user)),
            "can_host": user_can_host(request.user),
            # accounts/RULES.md 9: only an empty site tells every visitor; on the demo only its hosts.
            "needs_setup": not site_has_admin(),
            "setup_for_all": not seasons and not Season.objects.exists(),
        },
    )


@require_GET
def season_list(request: HttpRequest) -> HttpResponse:
    """Every season that has started: the running ones with what is open in each and when it closes, then
    the finished ones."""
    seasons = list(selectors.seasons_public())
    running = [(s, board.season_schedule(s), final_bracket(s)) for s in seasons if s.status != Season.Status.FINISHED]
    finished = [(s, final_bracket(s)) for s in seasons if s.status == Season.Status.FINISHED]
    return render(request, "seasons/list.html", {"running": running, "finished": finished})


@require_GET
def season_home(request: HttpRequest, slug: str) -> HttpResponse:
    """The season for everyone: standings, the episodes and their matches, open picks."""
    season = _season(slug)
    me = selectors.entrant_of(season, request.user)
    episodes = list(selectors.episodes_of(season))
    ids = [e.mm_match_id for e in episodes if e.mm_match_id] + [
        d.match_id for e in episodes for d in e.duels.all() if d.match_id
    ]
    logs = selectors.public_logs(ids)
    for ep in episodes:  # each match's public log, shown folded under the episode
        ep.mm_log = logs.get(ep.mm_match_id or 0, [])  # type: ignore[attr-defined]
        for duel in ep.duels.all():
            duel.log = logs.get(duel.match_id or 0, [])  # type: ignore[attr-defined]
    attach_reasons(season, episodes)  # each Death Match's "why" (seasons/RULES.md 17)
    return render(
        request,
        "seasons/season_home.html",
        {
            "season": season,
            "standings": board.standings(season),
            "episodes": episodes,
            "me": me,
            "host": selectors.is_host(season, request.user),
            "my_picks": list(selectors.open_picks_for(me)) if me else [],
            "schedule": board.season_schedule(season),
            "next_steps": season_next(season),
            "bracket": final_bracket(season),
            # Asked to join, not approved yet: the page they land on invites them to turn alerts on (issue 46).
            "asked": me is None
            and request.user.is_authenticated
            and season.status == Season.Status.DRAFT
            and season.invites.filter(user=request.user, used_at=None).exists(),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_me(request: HttpRequest, slug: str) -> HttpResponse:
    """A player's own season page: balances, ledger, and the transfer form (confirmed before it is sent)."""
    season = _season(slug)
    me = selectors.entrant_of(season, request.user)
    if me is None:
        messages.error(request, "You are not a player in this season.")
        return HttpResponseRedirect(reverse("season_home", args=[slug]))
    form = TransferForm(request.POST or None)
    confirm = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if not data["confirmed"]:
            confirm = {"to": data["to"], "amount": data["amount"]}
        else:
            try:
                ledger_transfer(
                    season=season, sender=request.user, to=data["to"], amount=data["amount"], confirmed=True
                )
            except SeasonError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(request, f"Sent {data['amount']} garnets to {data['to']}.")
            return HttpResponseRedirect(reverse("season_me", args=[slug]))
    return render(
        request,
        "seasons/season_me.html",
        {
            "season": season,
            "me": me,
            "form": form if confirm is None else TransferForm(),
            "confirm": confirm,
            "tokens": selectors.balance(me, "token"),
            "garnets": selectors.balance(me, "garnet"),
            "live_garnets": selectors.live_garnets(me),
            "ledger": selectors.ledger_of(me),
            "picks": selectors.open_picks_for(me),
        },
    )


@require_http_methods(["GET", "POST"])
def season_pick(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A pick's page: who picks, whom they may pick (and why the others are immune), the form."""
    season = _season(slug)
    pick = Pick.objects.select_related("episode", "picker__user", "duel").filter(pk=pk, episode__season=season).first()
    if pick is None:
        raise Http404("no such pick")
    if request.method == "POST":
        if not request.user.is_authenticated:
            return HttpResponseRedirect(f"{reverse('accounts:login')}?next={request.path}")
        form = PickForm(request.POST)
        if form.is_valid():
            choice = form.cleaned_data["choice"]
            try:
                if pick.kind == Pick.Kind.DMO:
                    duel = episode_dmo_pick(pick_id=pick.pk, user=request.user, dmo=choice)
                    messages.success(request, f"You picked {choice}.")
                    return HttpResponseRedirect(reverse("season_duel", args=[slug, duel.pk]))
                else:
                    episode_ec_pick(pick_id=pick.pk, user=request.user, ec=choice)
            except SeasonError as exc:
                messages.error(request, f"Nothing was picked: {exc}")
            else:
                messages.success(request, f"You picked {choice}.")
                return HttpResponseRedirect(reverse("season_home", args=[slug]))
        return HttpResponseRedirect(request.path)
    me = selectors.entrant_of(season, request.user)
    dm_choice = pick.episode.dm_game or season.dm_game if pick.kind == Pick.Kind.DMO else ""
    if pick.kind == Pick.Kind.DMO:
        eligible = selectors.dmo_eligible(pick.episode)
        immune = selectors.immune_reasons(pick.episode)
    else:
        mm = pick.episode.mm_match
        alive = set(selectors.alive_handles(season))
        eligible = [p for p in (match_usernames(mm) if mm else []) if p in alive and p not in pick.episode.mm_winners]
        immune = {w: f"{w} won the Main Match" for w in pick.episode.mm_winners}
    return render(
        request,
        "seasons/pick.html",
        {
            "season": season,
            "pick": pick,
            "eligible": eligible,
            "immune": immune,
            "mine": bool(me and me.pk == pick.picker_id and pick.status == Pick.Status.OPEN),
            "vote": pick.kind == Pick.Kind.EC and season.ec_pick_way == Season.EcPickWay.VOTE,
            # A winner's vote stays secret until its slot is counted (seasons/RULES.md), except to the voter.
            "secret_vote": pick.kind == Pick.Kind.EC
            and season.ec_pick_way == Season.EcPickWay.VOTE
            and pick.duel_id is None
            and not (me and me.pk == pick.picker_id),
            "form": PickForm(),
            # The Death Match this pick leads to, named with its rules a tap away (issue 38).
            "dm_game_name": game_choice_name(dm_choice) if dm_choice else "",
            "dm_rules_url": game_choice_rules_url(dm_choice) if dm_choice else "",
        },
    )


def _archive_allowed(request: HttpRequest, season: Season) -> None:
    if season.status != Season.Status.FINISHED and not selectors.is_host(season, request.user):
        raise Http404("the archive opens when the season is finished")


@require_GET
def season_archive_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The archive as JSON (a finished season, or any season for its hosts)."""
    season = _season(slug)
    _archive_allowed(request, season)
    response = JsonResponse(season_archive(season), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{season.slug}.json"'
    return response


@require_GET
def season_archive_md(request: HttpRequest, slug: str) -> HttpResponse:
    """The archive as a Markdown page."""
    season = _season(slug)
    _archive_allowed(request, season)
    return HttpResponse(season_archive_markdown(season), content_type="text/markdown; charset=utf-8")


@login_required
@require_POST
def notices_seen(request: HttpRequest) -> HttpResponse:
    """Mark my notices as seen."""
    notices_all_seen(user=request.user)
    if request.headers.get("HX-Request") or request.headers.get("Accept") == "application/json":
        return JsonResponse({"ok": True})
    return HttpResponseRedirect(_safe_next(request))


def _safe_next(request: HttpRequest) -> str:
    """``next`` if it points back into this site (Django's own check), else the dashboard."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("games:dashboard")


@require_http_methods(["GET", "POST"])
def season_invite(request: HttpRequest, token: str) -> HttpResponse:
    """An invited player's one-time link: set a password, be signed in, land in the season."""
    invite = Invite.objects.select_related("season").filter(token=token, requested=False).first()
    if invite is None:
        return render(request, "seasons/invite.html", {"invite": None}, status=404)
    if invite.used_at is not None:
        # A second tab or a double tap arrives after the first use: say so, not "not found".
        return render(request, "seasons/invite.html", {"invite": None, "used": True}, status=410)
    form = InviteAcceptForm(request.POST or None, initial={"email": invite.email})
    if request.method == "POST" and form.is_valid():
        try:
            entrant = invite_accept(
                token=token,
                password=form.cleaned_data["password"],
                email=form.cleaned_data["email"],
                time_zone=form.cleaned_data["time_zone"],
            )
        except SeasonError as exc:
            form.add_error(None, str(exc))
        else:
            login(request, entrant.user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome to {invite.season.name}, {entrant.handle}.")
            return HttpResponseRedirect(reverse("season_home", args=[invite.season.slug]))
    return render(request, "seasons/invite.html", {"invite": invite, "form": form})


@require_http_methods(["GET", "POST"])
def season_join(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """The season's shared sign-up link: a signed-in player asks to join; a host approves. A visitor without
    an account is offered sign-up (or log-in) that brings them back here (accounts/RULES.md 8)."""
    season = _season(slug)
    if request.method == "POST" and not request.user.is_authenticated:
        return HttpResponseRedirect(f"{reverse('accounts:login')}?next={request.path}")
    if request.method == "POST":
        try:
            season_join_request(season=season, code=code, user=request.user)
        except SeasonError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, f"Asked to join {season.name}: a host will approve you.")
        return HttpResponseRedirect(reverse("season_home", args=[slug]))
    asked = request.user.is_authenticated and season.invites.filter(user=request.user, used_at=None).exists()
    return render(
        request,
        "seasons/join.html",
        {
            "season": season,
            "code": code,
            "valid": bool(season.signup_code) and code == season.signup_code,
            "me": selectors.entrant_of(season, request.user),
            "asked": asked,
        },
    )


@require_http_methods(["GET", "POST"])
def season_duel(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A Death Match before it starts: the countdown, each player's Ready button; then its match page."""
    season = _season(slug)
    duel = (
        Duel.objects.select_related("episode", "ec__user", "dmo__user", "match")
        .filter(pk=pk, episode__season=season)
        .first()
    )
    if duel is None:
        raise Http404("no such Death Match")
    if request.method == "POST":
        if not request.user.is_authenticated:
            return HttpResponseRedirect(f"{reverse('accounts:login')}?next={request.path}")
        try:
            duel = duel_ready(duel_id=duel.pk, user=request.user)
        except SeasonError as exc:
            messages.error(request, str(exc))
        return HttpResponseRedirect(request.path)
    if duel.match_id is not None:
        return HttpResponseRedirect(reverse("games:match", args=[duel.match_id]))
    if request.user.is_authenticated:  # the notice that called them here is read (issue 46)
        notices_seen_for(user=request.user, url=request.path)
    me = selectors.entrant_of(season, request.user)
    players = [e for e in (duel.ec, duel.dmo) if e is not None]
    return render(
        request,
        "seasons/duel.html",
        {
            "season": season,
            "duel": duel,
            "players": players,
            "mine": me is not None and any(e.pk == me.pk for e in players) and me.handle not in duel.ready,
            "is_player": me is not None and any(e.pk == me.pk for e in players),
            "host": selectors.is_host(season, request.user),
            # The game of this Death Match, named with its rules a tap away (issue 38).
            "dm_game_name": game_choice_name(duel.episode.dm_game or season.dm_game),
            "dm_rules_url": game_choice_rules_url(duel.episode.dm_game or season.dm_game),
        },
    )
