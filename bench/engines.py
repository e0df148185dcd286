"""Random full matches per second for each registered game, single core.

    python bench/engines.py [seconds-per-game]

Baseline (same run): a JSON round trip of the game's initial state, the least any turn costs
the framework; each engine's figure is also given as turns/s and as the time of one turn in
multiples of that baseline.
"""

from __future__ import annotations

import json
import sys
import time

from _setup import machine

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))


def main() -> None:
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from games.registry import engines
    from tests.games.contract import play_random, players_for, rng_for

    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    print(f"machine: {machine()}")
    print(f"{'game':10} {'players':>7} {'matches/s':>10} {'turns/s':>10} {'turn / baseline':>16}")
    for engine in engines():
        players = players_for(engine)
        state = engine.setup(players, {}, rng_for("base", 0))
        t0, n = time.perf_counter(), 0
        while time.perf_counter() - t0 < 0.5:
            engine.load(json.loads(json.dumps(engine.dump(state))))
            n += 1
        baseline = (time.perf_counter() - t0) / n
        t0, matches, turns = time.perf_counter(), 0, 0
        while time.perf_counter() - t0 < budget:
            _, history, _ = play_random(engine, players, f"bench-{matches}")
            matches += 1
            turns += len(history)
        elapsed = time.perf_counter() - t0
        per_turn = elapsed / max(turns, 1)
        print(
            f"{engine.slug:10} {len(players):>7} {matches / elapsed:>10.1f} {turns / elapsed:>10.0f} "
            f"{per_turn / baseline:>15.1f}x"
        )


if __name__ == "__main__":
    main()
