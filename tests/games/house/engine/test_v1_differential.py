"""Every ``garnet-house/1`` definition the house tests and samples use plays, upgraded to ``garnet-house/2`` when
it is loaded, exactly as the ``/1`` engine played it (issue 43, "one engine").

``v1_traces.json.gz`` holds the ``/1`` engine's own traces, recorded before its play path was folded into
``/2`` (``v1_record.py``): 130 definitions (the samples, the random ones of ``test_random_definitions``, every
small one a test builds), each played from several seeds at two table sizes with a season's options (a tiebreak
order, a Death Match advantage, garnets brought in), random moves and silent seats. After every turn the
trace holds who is awaited, the turn's label and length, every seat's, the dealer's and a spectator's view,
each player's secrets, each awaited seat's default move, what a handful of bad moves are refused with, the
moves as checked and their garnet costs, the close's messages, what it spent, the scores, the players out and
the outcome. Replayed here with the same moves, every one of them must agree.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from games.house.engine.definition import SCHEMA, definition_upgrade
from tests.games.house.engine.v1_trace import trace

RECORD = Path(__file__).with_name("v1_traces.json.gz")
BLOCKS = 10


@cache
def _record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(RECORD.read_bytes()))
    return data


def _first_difference(expected: list[dict[str, str]], found: list[dict[str, str]]) -> str | None:
    for turn, (want, got) in enumerate(zip(expected, found, strict=False), start=1):
        differ = sorted(k for k in want if want[k] != got.get(k))
        if differ:
            return f"turn {turn}: {', '.join(differ)} differ"
    if len(expected) != len(found):
        return f"{len(expected)} turns recorded, {len(found)} played"
    return None


def test_the_record_covers_every_v1_definition_the_samples_use() -> None:
    """The record holds /1 definitions only, the /1 samples among them, and enough turns to say something."""
    from games.house.engine.samples import sample_definitions

    record = _record()
    definitions = record["definitions"]
    assert all(d["schema"] == SCHEMA for d in definitions)
    keys = {json.dumps(d, sort_keys=True) for d in definitions}
    v1_samples = [d for d in sample_definitions().values() if d.get("schema") == SCHEMA]
    assert all(json.dumps(d, sort_keys=True) in keys for d in v1_samples)
    assert len(definitions) >= 100 and sum(len(t["seen"]) for t in record["traces"]) >= 3000


@pytest.mark.parametrize("block", range(BLOCKS))
def test_an_upgraded_v1_definition_plays_exactly_as_v1_played_it(block: int) -> None:
    """Each recorded match, replayed on the definition upgraded to /2 with the same seed and moves, agrees after
    every turn on everything a player, the dealer or a spectator meets (the module's docstring lists it)."""
    record = _record()
    problems = []
    for t in record["traces"][block::BLOCKS]:
        definition = definition_upgrade(record["definitions"][t["definition"]])
        _moves, seen = trace(definition, t["players"], t["seed"], t["moves"])
        if (why := _first_difference(t["seen"], seen)) is not None:
            problems.append(f"{t['seed']}: {why}")
    assert not problems, "; ".join(problems[:10])
