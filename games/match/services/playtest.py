"""A host's playtest from the admin: create the run, play it in a background job, keep its progress."""

from __future__ import annotations

import logging
import threading
import time
from random import Random
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

from core.errors import BadRequest
from games.engine import RuleError
from games.match.playtest import strategies
from games.match.playtest.options import default_players, options_coerce
from games.match.playtest.report import report_html
from games.match.playtest.runner import Plan, chunks, play_chunk
from games.match.playtest.stats import summarise
from games.models import PlaytestRun
from games.registry import get_engine, slugs

log = logging.getLogger(__name__)

MAX_MATCHES = 20_000


class PlaytestError(BadRequest):
    """A playtest that cannot be run as asked; ``str(e)`` says why, for the host."""

    code = "playtest_refused"


def playtest_run_create(
    *,
    game: str,
    options: dict[str, Any],
    players: int | None,
    bots: list[str],
    matches: int,
    seed: str,
    user: Any = None,
) -> PlaytestRun:
    """Check the proposal, store the run and start its job after commit (PlaytestError if it cannot run)."""
    if game not in slugs():
        raise PlaytestError(f"There is no game {game!r}.")
    engine = get_engine(game)
    count = players or default_players(engine, options)
    if not engine.min_players <= count <= engine.max_players:
        raise PlaytestError(f"{engine.title} takes {engine.min_players}–{engine.max_players} players, not {count}.")
    if not 1 <= matches <= MAX_MATCHES:
        raise PlaytestError(f"Play 1 to {MAX_MATCHES:,} matches.")
    known = strategies.names(game)
    unknown = [b for b in bots if b not in known]
    if unknown or not bots:
        raise PlaytestError(
            f"{engine.title} has the strategies {', '.join(known)}; not {', '.join(unknown) or 'none'}."
        )
    try:
        cleaned = options_coerce(engine, options, [f"p{i + 1}" for i in range(count)])
        engine.setup([f"p{i + 1}" for i in range(count)], cleaned, Random(0))  # options setup refuses
    except RuleError as exc:
        raise PlaytestError(f"These options cannot start a match: {exc}") from exc
    run = PlaytestRun.objects.create(
        game=game,
        options=cleaned,
        players=count,
        bots=",".join(bots),
        matches=matches,
        seed=seed or "playtest",
        created_by=user,
    )
    transaction.on_commit(lambda: _dispatch(run.pk))
    return run


def playtest_run_plan(run: PlaytestRun) -> Plan:
    """The plan ``run`` plays (or played): its game, matches, seats, bots, options and seed. Matches are
    replayed from it, so a match drawn from a finished run is the very one its report counted."""
    return Plan(
        game=run.game,
        matches=run.matches,
        players=run.players,
        bots=tuple(run.bots.split(",")),
        options=dict(run.options),
        seed=run.seed,
    )


def _dispatch(run_id: int) -> None:
    from games.tasks import playtest_run_task

    if settings.GARNET_CELERY_ENABLED or getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        playtest_run_task.delay(run_id)
    else:
        # The embedded default has no worker: a daemon thread plays it so the page can poll.
        threading.Thread(target=_in_thread, args=(run_id,), daemon=True, name=f"playtest-{run_id}").start()


def _in_thread(run_id: int) -> None:
    try:
        playtest_run_execute(run_id=run_id)
    finally:
        close_old_connections()


def playtest_run_execute(*, run_id: int) -> bool:
    """Play a queued run chunk by chunk, saving progress after each, then its report. False if not queued."""
    claimed = PlaytestRun.objects.filter(pk=run_id, status=PlaytestRun.Status.QUEUED).update(
        status=PlaytestRun.Status.RUNNING
    )
    if not claimed:
        return False
    run = PlaytestRun.objects.get(pk=run_id)
    plan = playtest_run_plan(run)
    started = time.perf_counter()
    try:
        results: list[dict[str, Any]] = []
        for start, stop in chunks(plan.matches, 4):
            results += play_chunk(plan.to_json(), start, stop)
            PlaytestRun.objects.filter(pk=run_id).update(done=len(results))
        summary = summarise(plan, results)
        summary["elapsed"] = round(time.perf_counter() - started, 3)
        html = report_html(summary)
    except Exception as exc:  # noqa: BLE001 - a failed run is shown to the host, not lost in a worker log
        log.exception("playtest %s failed", run_id)
        PlaytestRun.objects.filter(pk=run_id).update(
            status=PlaytestRun.Status.FAILED, error=str(exc)[:2000], finished_at=timezone.now()
        )
        return False
    PlaytestRun.objects.filter(pk=run_id).update(
        status=PlaytestRun.Status.DONE,
        summary=summary,
        html=html,
        elapsed=summary["elapsed"],
        finished_at=timezone.now(),
    )
    return True
