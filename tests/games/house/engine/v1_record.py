"""Record the ``garnet-house/1`` engine's traces (``v1_traces.json.gz``) that ``test_v1_differential.py`` compares.

Run once, before the ``/1`` play path was folded into ``/2`` (commit "Differential: /1 traces recorded"):
``.venv/bin/python -m tests.games.house.engine.v1_record DEFINITIONS.json``, where DEFINITIONS.json lists every
cleaned ``/1`` definition the house tests and samples used (recorded by wrapping ``definition._collect`` over a
run of ``tests/games/house``). Kept so the record can be read and checked; it cannot be rerun on today's engine.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from tests.games.house.engine.v1_trace import trace

OUT = Path(__file__).with_name("v1_traces.json.gz")
NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]


def main(source: str) -> None:
    definitions = json.loads(Path(source).read_text())
    definitions.sort(key=lambda d: json.dumps(d, sort_keys=True))
    records = []
    for i, definition in enumerate(definitions):
        low, high = definition["players"]["min"], definition["players"]["max"]
        for j, count in enumerate(sorted({low, min(max(low, 4), high)}) * 3):
            seed = f"v1:{i}:{j}"
            moves, seen = trace(definition, NAMES[:count], seed)
            records.append({"definition": i, "players": NAMES[:count], "seed": seed, "moves": moves, "seen": seen})
    data = {"definitions": definitions, "traces": records}
    OUT.write_bytes(gzip.compress(json.dumps(data, sort_keys=True, separators=(",", ":")).encode(), mtime=0))
    print(len(records), "traces,", sum(len(r["seen"]) for r in records), "turns,", OUT.stat().st_size, "bytes")


if __name__ == "__main__":
    main(sys.argv[1])
