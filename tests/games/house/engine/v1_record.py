"""Record the ``garnet-house/1`` engine's traces (``v1_traces.json.gz``) that ``test_v1_differential.py`` compares.

Run once, before the ``/1`` play path was folded into ``/2`` (commit "Differential: /1 traces recorded"):
``.venv/bin/python -m tests.games.house.engine.v1_record DEFINITIONS.json``, where DEFINITIONS.json lists every
cleaned ``/1`` definition the house tests and samples used (recorded by wrapping ``definition._collect`` over a
run of ``tests/games/house``), then the mid-match states (:func:`states`). Kept so the record can be read and
checked; it cannot be rerun on today's engine (the /1 engine is the tree before "One engine").
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


def states() -> None:
    """``v1_states.json.gz``: the /1 engine's dumped state half way through one recorded match in five (those of
    two turns or more), for ``test_a_match_saved_mid_way_under_v1_goes_on_exactly_as_v1_would_have``."""
    record = json.loads(gzip.decompress(OUT.read_bytes()))
    saved = []
    for i, t in enumerate(record["traces"]):
        if i % 5 or len(t["seen"]) < 2:
            continue
        k = len(t["seen"]) // 2
        _, dumped = trace(record["definitions"][t["definition"]], t["players"], t["seed"], t["moves"], stop=k)
        saved.append({"trace": i, "turn": k, "state": dumped[0]})
    data = json.dumps(saved, sort_keys=True, separators=(",", ":")).encode()
    OUT.with_name("v1_states.json.gz").write_bytes(gzip.compress(data, mtime=0))


if __name__ == "__main__":
    main(sys.argv[1])
    states()
