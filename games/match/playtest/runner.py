"""Play seeded bot matches: one match, a chunk of them, or a whole plan over a process pool.

Match ``i`` of a plan with master seed ``S`` is seeded ``"S:i"``; its setup uses
``Random("S:i:0")`` and turn ``t`` ``Random("S:i:t")`` exactly as the framework seeds a match
whose seed is ``"S:i"``, and its bots draw from ``Random("bots:S:i")`` (and whether a bot misses a
turn from ``Random("absent:S:i")``). So a match depends only on the plan and its index: the same
seed gives the same results whatever the number of processes.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from random import Random
from typing import Any

from games.engine import Message, RuleError
from games.match.playtest import strategies
from games.registry import get_engine

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Plan:
    """What to play: ``matches`` matches of ``game`` with ``players`` seats.

    Seat ``s`` of match ``i`` plays ``bots[(s + i) % len(bots)]``, so every strategy sits in every
    seat equally often. ``max_turns`` stops a match that never ends (counted as a stalemate).
    ``absent``: the chance that a bot misses a turn it is awaited in, so the engine plays its
    default move (what a real player's missed deadline does); each miss counts the engine's
    ``default_ruling``.
    """

    game: str
    matches: int
    players: int
    bots: tuple[str, ...] = ("random",)
    options: dict[str, Any] = field(default_factory=dict)
    seed: str = "playtest"
    max_turns: int = 2000
    absent: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of this plan."""
        return {**asdict(self), "bots": list(self.bots)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        """The inverse of :meth:`to_json`."""
        return cls(**{**data, "bots": tuple(data["bots"])})

    def seats(self, index: int) -> list[str]:
        """The strategy of each seat in match ``index``."""
        return [self.bots[(s + index) % len(self.bots)] for s in range(self.players)]

    def handles(self) -> list[str]:
        """The players' handles, seat by seat: p1, p2, ..."""
        return [f"p{s + 1}" for s in range(self.players)]

    def match_seed(self, index: int) -> str:
        """The seed of match ``index``: a real match started with it replays this one."""
        return f"{self.seed}:{index}"


def play_match(plan: Plan, index: int, *, log: list[Message] | None = None) -> dict[str, Any]:
    """Play match ``index`` of ``plan`` to its end; a compact JSON-ready result.

    ``seats``: each seat's strategy; ``winners`` / ``ec``: seat numbers (0-based); ``scores``,
    ``garnets``, ``tokens``: per seat; ``turns``: turns played; ``rulings``: ruling id → times
    fired; ``invalid``: strategy moves the engine refused (replaced by a random legal move);
    ``stalemate``: the match hit ``max_turns`` without ending; ``missed``: turns a bot missed (see
    ``Plan.absent``; each also counts its default-move ruling, in ``rulings`` and in ``defaults``); ``used``: what
    the game's ``USAGE`` counted (key → times per seat). ``log`` collects every message.
    """
    engine = get_engine(plan.game)
    seed = plan.match_seed(index)
    handles = plan.handles()
    seats = plan.seats(index)
    bots = {h: strategies.strategy(plan.game, name) for h, name in zip(handles, seats, strict=True)}
    planners = {h: strategies.planner(plan.game, name) for h, name in zip(handles, seats, strict=True)}
    tally = strategies.usage(plan.game)
    used: dict[str, list[int]] = {}
    state = engine.setup(handles, plan.options, Random(f"{seed}:0"))
    chooser = Random(f"bots:{seed}")
    # Its own stream, so a plan without absences plays exactly the matches it always did.
    absences = Random(f"absent:{seed}") if plan.absent > 0 else None
    rulings: Counter[str] = Counter()
    defaults: Counter[str] = Counter()
    invalid = missed = 0
    turn = 1
    while (outcome := engine.outcome(state)) is None and turn <= plan.max_turns:
        moves: dict[str, dict[str, Any]] = {}
        for player in engine.awaiting(state):
            if absences is not None and absences.random() < plan.absent:
                missed += 1  # no move: resolve plays the default, as at a real deadline
                if ruling := engine.default_ruling(state, player):
                    rulings[ruling] += 1
                    defaults[ruling] += 1
                continue
            move = None
            bot = bots.get(player)  # a seat no bot holds (a dealer's game's dealer) plays random legal moves
            planner = planners.get(player)
            if bot is not None or planner is not None:
                if planner is not None:  # it looks ahead through the engine, redrawing what it may not know
                    wanted = planner(state, player, chooser)
                else:
                    wanted = bot(engine.view(state, player), player, chooser)  # type: ignore[misc]
                if wanted is not None:
                    try:
                        move = engine.validate(state, player, wanted)
                    except RuleError:
                        invalid += 1
            if move is None:
                move = engine.validate(state, player, engine.random_move(state, player, chooser))
            moves[player] = move
        before = state
        state, messages = engine.resolve(state, moves, Random(f"{seed}:{turn}"))
        for player, key in tally(before, moves, state) if tally is not None else ():
            used.setdefault(key, [0] * len(handles))[handles.index(player)] += 1
        for message in messages:
            if message.ruling:
                rulings[message.ruling] += 1
        if log is not None:
            log.extend(messages)
        turn += 1
    seat = {h: s for s, h in enumerate(handles)}
    result: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "seats": seats,
        "turns": turn - 1,
        "rulings": dict(sorted(rulings.items())),
        "invalid": invalid,
        "missed": missed,
        "defaults": dict(sorted(defaults.items())),
        "stalemate": outcome is None,
        "winners": [],
        "ec": [],
        "scores": [0.0] * len(handles),
        "garnets": [0] * len(handles),
        "tokens": [0] * len(handles),
        "used": dict(sorted(used.items())),
    }
    if outcome is not None:
        result["winners"] = sorted(seat[p] for p in outcome.winners)
        result["ec"] = sorted(seat[p] for p in outcome.candidates)
        result["scores"] = [float(outcome.scores.get(h, 0)) for h in handles]
        result["garnets"] = [int(outcome.garnets.get(h, 0)) for h in handles]
        result["tokens"] = [int(outcome.tokens.get(h, 0)) for h in handles]
    return result


def play_chunk(plan_json: dict[str, Any], start: int, stop: int) -> list[dict[str, Any]]:
    """Results of matches ``start`` … ``stop - 1`` (a pool's or a Celery worker's unit of work)."""
    plan = Plan.from_json(plan_json)
    return [play_match(plan, i) for i in range(start, stop)]


def chunks(total: int, workers: int) -> Iterator[tuple[int, int]]:
    """``[start, stop)`` ranges covering ``total`` matches: small enough to spread and report progress."""
    size = max(1, min(250, total // max(1, workers * 8)))
    for start in range(0, total, size):
        yield start, min(total, start + size)


def _init_worker() -> None:
    # A forked child inherits the registry; a spawned one needs Django set up.
    from games.registry import slugs

    if not slugs():
        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
        django.setup()


def run(plan: Plan, *, processes: int | None = None, progress: Progress | None = None) -> list[dict[str, Any]]:
    """Play every match of ``plan``, over ``processes`` worker processes (default: every core).

    Results come back ordered by match index; ``progress(done, total)`` is called as chunks finish.
    """
    procs = processes or os.cpu_count() or 1
    ranges = list(chunks(plan.matches, procs))
    results: list[dict[str, Any]] = []
    done = 0
    if procs == 1:
        for start, stop in ranges:
            results += play_chunk(plan.to_json(), start, stop)
            done += stop - start
            if progress:
                progress(done, plan.matches)
        return results
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(max_workers=procs, mp_context=context, initializer=_init_worker) as pool:
        futures = [pool.submit(play_chunk, plan.to_json(), start, stop) for start, stop in ranges]
        for future, (start, stop) in zip(futures, ranges, strict=True):
            results += future.result()
            done += stop - start
            if progress:
                progress(done, plan.matches)
    return results


def run_celery(plan: Plan, *, progress: Progress | None = None, timeout: float = 3600) -> list[dict[str, Any]]:
    """Play every match of ``plan`` as Celery tasks, one per chunk (a cluster of workers shares them)."""
    from games.tasks import playtest_chunk_task

    ranges = list(chunks(plan.matches, 8))
    pending = [(playtest_chunk_task.delay(plan.to_json(), start, stop), stop - start) for start, stop in ranges]
    results: list[dict[str, Any]] = []
    done = 0
    deadline = time.monotonic() + timeout
    for async_result, size in pending:
        results += async_result.get(timeout=max(1.0, deadline - time.monotonic()), disable_sync_subtasks=False)
        done += size
        if progress:
            progress(done, plan.matches)
    return results
