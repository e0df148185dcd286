"""CPU time of one close of a dealer's game (``HouseEngine.resolve``), per sample definition; pure, no database.

    python bench/house_close.py [--tree PATH] [--matches N]

Each sample plays N seeded matches (random legal moves, 20 garnets brought in per seat) at its usual table
size; only ``resolve`` is timed, with ``time.process_time`` (CPU, not wall: the machine is shared). ``--tree``
measures another checkout of the repository instead (an exported older commit), so a before/after pair can be
run interleaved in one sitting: before, after, before, after. Prints one JSON object: sample -> [µs per
close, the sample file's schema, closes timed].
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from random import Random


def main() -> None:
    args = sys.argv[1:]
    tree = Path(args[args.index("--tree") + 1]) if "--tree" in args else Path(__file__).resolve().parent.parent
    matches = int(args[args.index("--matches") + 1]) if "--matches" in args else 40
    sys.path.insert(0, str(tree))
    from games.house.engine import HouseEngine
    from games.house.engine.samples import sample_definition, sample_names, sample_text

    engine = HouseEngine()
    names = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]  # a game of 7 (Exodia) gets its 7
    out: dict[str, list[object]] = {}
    for name in sample_names():
        definition = sample_definition(name)
        low, high = definition["players"]["min"], definition["players"]["max"]
        players = names[: min(max(low, 4), high)]
        cpu, closes = 0.0, 0
        for m in range(matches):
            seed = f"b{m}"
            options = {"definition": definition, "garnets": dict.fromkeys(players, 20)}
            state = engine.setup(players, options, Random(f"{seed}:0"))
            chooser, turn = Random(f"moves:{seed}"), 0
            while engine.outcome(state) is None and turn < 300:
                turn += 1
                moves = {
                    p: engine.validate(state, p, engine.random_move(state, p, chooser)) for p in engine.awaiting(state)
                }
                start = time.process_time()
                state, _ = engine.resolve(state, moves, Random(f"{seed}:{turn}"))
                cpu += time.process_time() - start
                closes += 1
        schema = sample_text(name).split("schema:", 1)[1].split()[0]
        out[name] = [round(cpu / max(closes, 1) * 1e6, 1), schema, closes]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
