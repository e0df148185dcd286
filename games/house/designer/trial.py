"""Trying a dealer's game from the designer: the playtest lab's bots play it many times and its balance
report comes back on the dealer's own pages (games/house/RULES.md d-8), and widening a game's player
range in one step (d-9)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from core.errors import Forbidden, NotFound, RateLimited
from core.ratelimit import rate_limited
from games.engine import Message
from games.house.access import may_edit
from games.house.designer.balance import TEST_GARNETS, trial_options
from games.house.models import HouseGame, HouseGameVersion
from games.house.services import house_game_update
from games.match.playtest.runner import play_match
from games.match.services.playtest import PlaytestError, playtest_run_create, playtest_run_plan
from games.models import PlaytestRun

TRIAL_MATCHES = 100
"""Bot matches a trial plays: a few seconds for the designer's games, enough for a first balance read."""
GREEDY_MATCHES = 40
"""Bot matches a trial with greedy bots plays: each greedy move plays its round out sixteen times, so fewer
matches keep such a trial to a minute or so (RULES.md d-15)."""
BOT_MODES: dict[str, tuple[str, ...]] = {"random": ("random",), "greedy": ("greedy",), "mix": ("greedy", "random")}
"""The trial form's choice of bots: every seat random, every seat greedy, or greedy and random seats in turn."""


def _own(game_id: int, user: Any) -> HouseGame:
    game = HouseGame.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound("There is no such game.")
    if not may_edit(user, game):
        raise Forbidden("Only the game's owner may try it.")
    return game


TRIAL_STUCK = timedelta(hours=1)
"""A trial older than this no longer counts as waiting (its worker died): it never blocks its designer."""


def _trials_bound(user: Any) -> None:
    """RateLimited unless ``user`` may queue one more trial: at most ``GARNET_TRIALS_AT_ONCE`` waiting or
    running, and ``GARNET_TRIAL_RATE`` started (issue 47: a designer queued any number, each up to 97 s of
    the worker that also carries picks and mails; games/house/RULES.md d-8)."""
    at_once = int(settings.GARNET_TRIALS_AT_ONCE)
    waiting = PlaytestRun.objects.filter(
        created_by=user,
        status__in=[PlaytestRun.Status.QUEUED, PlaytestRun.Status.RUNNING],
        created_at__gte=timezone.now() - TRIAL_STUCK,
    ).count()
    if waiting >= at_once:
        raise RateLimited(
            f"You have {waiting} trials waiting or running; a designer runs at most {at_once} at once. "
            "Try again when one has finished."
        )
    if rate_limited(key=f"house-trial:{user.pk}", rate=settings.GARNET_TRIAL_RATE):
        raise RateLimited(f"You started many trials lately (at most {settings.GARNET_TRIAL_RATE}); try again later.")


def house_trial_start(
    *,
    game_id: int,
    user: Any,
    players: int,
    matches: int | None = None,
    bots: str = "random",
    garnets: int = TEST_GARNETS,
) -> PlaytestRun:
    """Queue a playtest of game ``game_id``'s latest version: ``players`` seats of bots of kind ``bots`` (a key
    of ``BOT_MODES``; the dealer's seat, where rounds are the dealer's, plays random legal resolutions), each
    player's seat bringing ``garnets`` (RULES.md d-17). PlaytestError (with the reason) when that many players
    cannot play it; RateLimited past the
    designer's bound."""
    version = _own(game_id, user).latest
    low, high = version.players
    if not low <= players <= high:
        raise PlaytestError(f"{version.title} takes {low}–{high} players, not {players}.")
    if bots not in BOT_MODES:
        raise PlaytestError(f"Choose random, greedy or mixed bots, not {bots!r}.")
    if matches is None:
        matches = TRIAL_MATCHES if bots == "random" else GREEDY_MATCHES
    _trials_bound(user)
    return playtest_run_create(
        game="house",
        options=trial_options(version, players=players, garnets=garnets),
        players=players,
        bots=list(BOT_MODES[bots]),
        matches=matches,
        seed=f"try-{game_id}-v{version.number}",
        user=user,
    )


def house_trial_of(*, run_id: int, user: Any) -> PlaytestRun | None:
    """The trial ``run_id`` if ``user`` may read it (they started it, or run the site); else None."""
    run = PlaytestRun.objects.filter(pk=run_id, game="house").first()
    if run is None or not (run.created_by_id == getattr(user, "pk", None) or getattr(user, "is_superuser", False)):
        return None
    return run


def house_trial_sample(run: PlaytestRun, *, index: int = 0) -> list[tuple[str, str]]:
    """Match ``index`` of a trial played again, line by line, as (to whom, text): what one test match of
    bots looked like ("everyone" for a public line, the seat for a private one). Replayed from the run's
    plan and seed, so it is the very match the report counted."""
    lines: list[Message] = []
    play_match(playtest_run_plan(run), index, log=lines)
    return [(m.to or "everyone", m.text) for m in lines]


def house_trials_for(*, game: HouseGame, user: Any) -> list[PlaytestRun]:
    """The latest trials of ``game`` that ``user`` started, newest first."""
    return list(
        PlaytestRun.objects.filter(game="house", created_by=user, options__house_game=game.pk).order_by("-pk")[:5]
    )


def house_game_widen(*, game_id: int, user: Any, players: int) -> HouseGameVersion:
    """Save a new version of game ``game_id`` whose player range also takes ``players`` (the least change:
    only the end of the range that is short moves). The definition's own check may refuse it, naming why
    (a mechanic that needs a fixed count, say)."""
    version = _own(game_id, user).latest
    low, high = version.players
    definition = dict(version.definition)
    definition["players"] = {
        **dict(definition.get("players") or {}),
        "min": min(low, players),
        "max": max(high, players),
    }
    return house_game_update(game_id=game_id, user=user, definition=definition)
