"""Turn close cost as the work grows, on PostgreSQL (production settings):

    python bench/turn_close.py

Scenarios: one 9-player Exodus match turn after turn; 100 matches falling due in one sweep;
1,000 due turns in one sweep. For each: time per turn, growth (1,000 vs 100: the goal is 10× the
turns in at most 12× the time) and the engine's share (load + resolve + dump + outcome timed
apart). Baseline, same run: one bare transaction that locks a turn row and updates it.
"""

from __future__ import annotations

import time
from datetime import timedelta

from _setup import django_setup, machine


def main() -> None:
    django_setup()
    from django.db import transaction
    from django.utils import timezone

    from games.match.services import turn_close, turns_close_due
    from games.match.services.matches import match_start
    from games.match.services.turns import turn_rng
    from games.models import Match, Turn
    from games.registry import get_engine
    from games.web.live import ClosePages
    from tests.factories import users

    def engine_seconds(turn_ids: list[int]) -> float:
        """Re-run the engine work of these (now closed) turns, outside any database."""
        total = 0.0
        for t in Turn.objects.filter(pk__in=turn_ids, status="closed").select_related("match"):
            engine = get_engine(t.match.game)
            t0 = time.perf_counter()
            state = engine.load(t.state_before)
            new, _ = engine.resolve(state, t.moves, turn_rng(t.match, t.number))
            engine.dump(new)
            engine.outcome(new)
            total += time.perf_counter() - t0
        return total

    print(f"machine: {machine()}")
    players9 = [f"n{i}" for i in range(9)]
    users(players9)
    # Baseline: a bare locked update of one turn row.
    m = match_start(game="exodus", players=players9, seed="base")
    base_turn = Turn.objects.get(match=m, status="open")
    t0 = time.perf_counter()
    for _ in range(300):
        with transaction.atomic():
            t = Turn.objects.select_for_update().get(pk=base_turn.pk)
            t.label = t.label
            t.save(update_fields=["label"])
    baseline = (time.perf_counter() - t0) / 300
    print(f"baseline: one locked row update in a transaction = {baseline * 1000:.2f} ms")

    # 1 match of 9 players, turn after turn.
    m = match_start(game="exodus", players=players9, seed="nine")
    closed_ids: list[int] = []
    t0 = time.perf_counter()
    for _ in range(40):
        turn = Turn.objects.filter(match=m, status="open").first()
        if turn is None:
            break
        turn_close(turn_id=turn.pk, force=True, draw=ClosePages())  # a live close: its pages drawn
        closed_ids.append(turn.pk)
    one = (time.perf_counter() - t0) / len(closed_ids)
    share = engine_seconds(closed_ids) / (one * len(closed_ids))
    print(
        f"1 match x 9 players: {len(closed_ids)} turns, {one * 1000:.2f} ms/turn "
        f"= {one / baseline:.1f}x baseline, engine share {share:.0%}"
    )

    Match.objects.update(status="finished")  # only the scenario's matches are due below
    results = {}
    for count in (100, 1000):
        handles = [f"s{count}_{i}" for i in range(count * 5)]
        users(handles)
        ids = []
        for i in range(count):
            match = match_start(
                game="abc",
                players=handles[i * 5 : (i + 1) * 5],
                options={"x_order": handles[i * 5 : (i + 1) * 5]},
                seed=f"{count}-{i}",
            )
            ids.append(match.pk)
        due = list(Turn.objects.filter(match_id__in=ids, status="open").values_list("pk", flat=True))
        later = timezone.now() + timedelta(days=2)
        t0 = time.perf_counter()
        n = turns_close_due(now=later, limit=count)
        elapsed = time.perf_counter() - t0
        assert n == count, (n, count)
        share = engine_seconds(due) / elapsed
        results[count] = elapsed
        print(
            f"{count} due turns in one sweep: {elapsed:.2f} s, {elapsed / count * 1000:.2f} ms/turn "
            f"= {elapsed / count / baseline:.1f}x baseline, engine share {share:.0%}"
        )
        Match.objects.filter(pk__in=ids).update(status="finished")
    growth = results[1000] / results[100]
    print(f"growth: 10x the turns took {growth:.1f}x the time (goal <= 12x): {'OK' if growth <= 12 else 'MISSED'}")


if __name__ == "__main__":
    main()
