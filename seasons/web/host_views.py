"""The host console of a season: every step takes a reason and calls one service."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import GameError
from games.engine import RuleError
from games.house.selectors import house_games_unfitting
from games.match.services.replay import match_replay
from games.models import Match, Turn
from games.registry import get_engine
from games.web.live import ClosePages
from games.web.option_forms import OptionsForm
from seasons import selectors
from seasons import standings as board
from seasons.log_text import log_sentence
from seasons.models import Duel, Episode, LedgerEntry, Pick, Season
from seasons.selectors import is_host
from seasons.selectors.casting import draft_order
from seasons.selectors.final import final_state
from seasons.selectors.game_choice import game_choice_name, game_choices, installed_games
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
    season_start,
)
from seasons.services.casting import invite_approve, season_cast, season_order_set
from seasons.services.dm_game import episode_dm_game_set
from seasons.services.duels import duel_schedule
from seasons.services.final import final_leg_start
from seasons.services.host import entrant_eliminate_by_host, season_step_confirm
from seasons.services.tokens import duel_token_escape
from seasons.web.forms import DURATIONS, EpisodeStartForm, HostStepForm
from seasons.web.match_control_steps import match_control_step
from seasons.web.views import _season


def _hosted(request: HttpRequest, slug: str) -> Season:
    season = _season(slug)
    if not is_host(season, request.user):
        raise PermissionDenied("Only this season's hosts may do this.")
    return season


def _games(season: Season, user: Any, alive: int) -> list[tuple[str, str]]:
    """The Main Match games for ``alive`` players: installed ones that take that many, then the dealer's
    own (this host's and the co-hosts') whose latest version does."""
    return game_choices(user, players=alive, owners=season.hosts.all())


def _dm_games(season: Season, user: Any) -> list[tuple[str, str]]:
    """An episode's Death Match games: installed 2-player games, then the hosts' own Death Matches."""
    return game_choices(user, players=2, duel=True, owners=season.hosts.all())


def _aware(moment: datetime | None, season: Season) -> datetime | None:
    """A deadline typed in the host's time zone, as an aware datetime."""
    if moment is None or timezone.is_aware(moment):
        return moment
    return moment.replace(tzinfo=zoneinfo.ZoneInfo(season.time_zone))


def _done_text(step: str, done: object) -> str:
    if step == "cast" and isinstance(done, list):
        return f"Players added; {len(done)} invite link(s) to send below." if done else "Players added."
    if isinstance(done, str):
        return f"Done: {done}."
    return f"Done: {dict(HostStepForm.STEPS)[step]}."


def _invite_lines(season: Season, base: str) -> str:
    """Every unused invite link as "handle: link" lines, for the console's Copy all invites."""
    invites = season.invites.filter(used_at=None, requested=False).order_by("handle")
    return "\n".join(f"{i.handle}: {base}{reverse('season_invite', args=[i.token])}" for i in invites)


def _running_matches(season: Season) -> list[tuple[Match, Turn | None]]:
    """The season's unfinished matches with their open turn, for the console's match controls."""
    rows = []
    for match in selectors.season_matches(season).exclude(status=Match.Status.FINISHED).order_by("-created_at"):
        rows.append((match, Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()))
    return rows


def _token_holders(season: Season) -> set[str]:
    """Who a host may spend a Token of Life for: holders, in a season whose tokens are spent."""
    if season.token_mode != Season.TokenMode.SPENT:
        return set()
    return {h for h, n in selectors.balances(season, LedgerEntry.Currency.TOKEN).items() if n > 0}


def dm_game_choices(user: Any = None) -> list[tuple[str, str]]:
    """A season's default Death Match game: installed 2-player games, then ``user``'s own Death Matches."""
    return game_choices(user, players=2, duel=True)


def _final_games(season: Season, user: Any) -> list[tuple[str, str]]:
    """A game of the Final: an installed 2-player game, or the hosts' own Death Matches."""
    return _dm_games(season, user)


def _option_forms(data: Any, alive: list[str]) -> dict[str, OptionsForm]:
    """Each installed Main Match game's options form (prefixed by its slug), generated from its declaration
    (a dealer's game brings its options from its definition)."""
    slugs = installed_games(len(alive)) + installed_games(len(alive), fewer=True)
    # A game the alive players can play only as a house variant starts with that variant's options set.
    return {
        slug: OptionsForm(
            data, engine=get_engine(slug), players=alive, initial=get_engine(slug).house_variant_options(len(alive))
        )
        for slug in slugs
    }


def _step(season: Season, user: Any, d: dict[str, Any], base_url: str = "") -> Callable[[], object]:
    """The one service call a console step stands for."""
    reason, player, other = d["reason"], d.get("player") or "", d.get("other") or ""
    target = d.get("target_id") or 0
    seconds = d["minutes"] * 60 if d.get("minutes") else d.get("seconds")  # a typed duration wins
    steps: dict[str, Callable[[], object]] = {
        "cast": lambda: season_cast(season=season, roster=d.get("roster") or "", user=user, base_url=base_url),
        "order_up": lambda: season_order_set(season=season, user=user, move=player),
        "order_random": lambda: season_order_set(season=season, user=user),
        "approve": lambda: invite_approve(season=season, invite_id=target, user=user),
        "start": lambda: season_start(season_id=season.pk, user=user),
        "final_leg": lambda: final_leg_start(season_id=season.pk, game=d.get("other") or "", user=user),
        "schedule": lambda: duel_schedule(
            season=season,
            duel_id=target,
            user=user,
            reason=reason,
            starts_at=_aware(d.get("deadline"), season) or timezone.now(),
        ),
        "match": lambda: match_control_step(
            d.get("control") or "",
            season=season,
            match_id=target,
            reason=reason,
            user=user,
            seconds=seconds,
            player=player,
            new_player=other,
            deadline=_aware(d.get("deadline"), season),
            draw=ClosePages(),
        )(),
        "pause": lambda: season_pause(season_id=season.pk, user=user, reason=reason),
        "resume": lambda: season_resume(season_id=season.pk, user=user, reason=reason),
        "adjust": lambda: ledger_adjust(
            season=season,
            handle=player,
            currency=d.get("currency") or "garnet",
            amount=d.get("amount") or 0,
            reason=reason,
            user=user,
        ),
        "undo_entry": lambda: ledger_undo(entry_id=target, reason=reason, user=user),
        "replace": lambda: entrant_replace(season=season, handle=player, new_handle=other, reason=reason, user=user),
        "restore": lambda: entrant_restore(season=season, handle=player, reason=reason, user=user),
        "eliminate": lambda: entrant_eliminate_by_host(season=season, handle=player, user=user, reason=reason),
        "ec_set": lambda: episode_ec_set(episode_id=target, ec=player, replace=other, user=user, reason=reason),
        "dmo_set": lambda: episode_dmo_set(pick_id=target, dmo=player, user=user, reason=reason),
        "confirm": lambda: season_step_confirm(season=season, log_id=target, user=user, reason=reason),
        "abort_matches": lambda: season_matches_abort(season_id=season.pk, user=user, reason=reason),
        "finish": lambda: season_finish(season_id=season.pk, user=user, reason=reason),
        "token_escape": lambda: duel_token_escape(season=season, duel_id=target, user=user, reason=reason),
        "dm_game": lambda: episode_dm_game_set(episode_id=target, game=other, user=user, reason=reason),
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
                done = _step(season, request.user, form.cleaned_data, request.build_absolute_uri("/")[:-1])()
            except GameError as exc:
                messages.error(request, f"Nothing changed: {exc}")
            except RuleError as exc:  # an option value the game refuses (a host step's amendment)
                messages.error(request, f"Nothing changed: {exc}")
            except ObjectDoesNotExist:  # a step's target was deleted since the page was drawn
                messages.error(request, "Nothing changed: what that step names no longer exists; reload the page.")
            else:
                messages.success(request, _done_text(form.cleaned_data["step"], done))
        else:
            problems = " ".join(" ".join(map(str, errs)) for errs in form.errors.values())
            messages.error(request, f"Nothing changed: {problems or 'check the form.'}")
        back = request.POST.get("next") or ""
        if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
            back = reverse("season_host", args=[slug])
        return HttpResponseRedirect(back)
    timezone.activate(zoneinfo.ZoneInfo(season.time_zone))
    alive = selectors.alive_handles(season)
    open_episode = season.episodes.exclude(status=Episode.Status.DONE).order_by("-number").first()
    return render(
        request,
        "seasons/host.html",
        {
            "season": season,
            "form": HostStepForm(),
            "alive": alive,
            "handles": [e.handle for e in season.entrants.select_related("user")],
            "draft_order": draft_order(season) if season.status == Season.Status.DRAFT else [],
            "invites": season.invites.filter(used_at=None),
            "invite_lines": _invite_lines(season, request.build_absolute_uri("/")[:-1]),
            "durations": DURATIONS,
            "log_rows": [(x, log_sentence(x)) for x in season.log.select_related("user")[:100]],
            "checked": {x.details.get("step") for x in season.log.filter(action="confirm")},
            "running": _running_matches(season),
            "final": final_state(season),
            "dm_games": _final_games(season, request.user),
            "scheduled": Duel.objects.filter(
                episode__season=season, match__isnull=True, loser__isnull=True, starts_at__isnull=False
            ).select_related("episode", "ec__user", "dmo__user"),
            "episode_form": EpisodeStartForm(
                games=_games(season, request.user, len(alive)),
                alive=alive,
                dm_games=_dm_games(season, request.user),
                initial={"players": alive, "game": request.GET.get("game", "")},  # a game page's "use it"
            ),
            "unfit_games": house_games_unfitting(
                request.user, players=len(alive), kind="main", owners=season.hosts.all()
            ),
            "option_forms": _option_forms(None, alive),
            "episodes": selectors.episodes_of(season),
            "open_episode": open_episode,
            # The open episode's Death Match game may change until one of its Death Matches starts.
            "dm_game_now": (
                game_choice_name(open_episode.dm_game or season.dm_game)
                if open_episode and not open_episode.duels.filter(match__isnull=False).exists()
                else ""
            ),
            "episode_dm_games": _dm_games(season, request.user) if open_episode else [],
            "standings": board.standings(season, show_garnets=True),
            "open_picks": Pick.objects.filter(episode__season=season, status=Pick.Status.OPEN).select_related(
                "picker__user", "episode"
            ),
            "token_holders": _token_holders(season),
            "ledger": season.ledger.select_related("entrant__user").order_by("-pk")[:50],
            "matches": selectors.season_matches(season).order_by("-created_at"),
        },
    )


@login_required
@require_POST
def season_episode_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Start the next episode's Main Match with the game and players the host chose."""
    season = _hosted(request, slug)
    alive = selectors.alive_handles(season)
    form = EpisodeStartForm(
        request.POST,
        games=_games(season, request.user, len(alive)),
        alive=alive,
        dm_games=_dm_games(season, request.user),
    )
    options = _option_forms(request.POST, alive).get(request.POST.get("game", ""))  # None: a dealer's game
    if not form.is_valid() or (options is not None and not options.is_valid()):
        errors = "; ".join(f"{k}: {' '.join(map(str, v))}" for k, v in form.errors.items())
        if options is not None and not options.is_valid():
            errors = "; ".join([errors, *(" ".join(map(str, v)) for v in options.errors.values())]).strip("; ")
        messages.error(request, f"Nothing started: {errors}")
    else:
        try:
            episode = episode_start(
                season_id=season.pk,
                game=form.cleaned_data["game"],
                players=form.cleaned_data["players"],
                user=request.user,
                options=options.raw_options(roster=form.cleaned_data["players"]) if options is not None else None,
                dm_game=form.cleaned_data["dm_game"],
            )
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
