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

from games.house.engine.definition import SCHEMA, SCHEMA1, definition_clean, definition_load_text, definition_upgrade
from games.house.engine.samples import sample_names, sample_text
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
    record = _record()
    definitions = record["definitions"]
    assert all(d["schema"] == SCHEMA1 for d in definitions)
    keys = {json.dumps(d, sort_keys=True) for d in definitions}
    files = [definition_load_text(sample_text(name)) for name in sample_names()]
    v1_samples = [f for f in files if f["schema"] == SCHEMA1]
    assert len(v1_samples) >= 4
    for data in v1_samples:  # each sample as the /1 engine cleaned it: the upgrade's input
        data = {**data}
        assert any(json.loads(k)["title"] == data["title"] for k in keys), data["title"]
    assert len(definitions) >= 100 and sum(len(t["seen"]) for t in record["traces"]) >= 3000


@pytest.mark.parametrize("block", range(BLOCKS))
def test_an_upgraded_v1_definition_plays_exactly_as_v1_played_it(block: int) -> None:
    """Each recorded match, replayed on the definition upgraded to /2 with the same seed and moves, agrees after
    every turn on everything a player, the dealer or a spectator meets (the module's docstring lists it)."""
    record = _record()
    problems = []
    for t in record["traces"][block::BLOCKS]:
        # The definition as a match stored it: the engine's loader upgrades it (definition_clean).
        _moves, seen = trace(record["definitions"][t["definition"]], t["players"], t["seed"], t["moves"])
        if (why := _first_difference(t["seen"], seen)) is not None:
            problems.append(f"{t['seed']}: {why}")
    assert not problems, "; ".join(problems[:10])


def test_every_v1_definition_loads_as_its_upgrade_and_the_upgrade_is_settled() -> None:
    """The loader reads a /1 definition as its /2 upgrade; cleaning that again (a match's options are cleaned
    more than once) or upgrading it again changes nothing."""
    for v1 in _record()["definitions"]:
        v2 = definition_clean(v1)
        assert v2["schema"] == SCHEMA and v2 == definition_upgrade(v1)
        assert definition_clean(v2) == v2 and definition_upgrade(v2) == v2


def test_a_match_saved_mid_way_under_v1_goes_on_exactly_as_v1_would_have() -> None:
    """A match in progress when the engine changed: its state, saved by the /1 engine half way through a
    recorded match (``v1_states.json.gz``, 132 of them), is loaded (``HouseEngine.load`` upgrades it) and
    played on with the recorded moves; every later turn agrees with the /1 engine's own record."""
    record = _record()
    saved = json.loads(gzip.decompress(RECORD.with_name("v1_states.json.gz").read_bytes()))
    assert len(saved) >= 100
    problems = []
    for item in saved:
        t = record["traces"][item["trace"]]
        definition = record["definitions"][t["definition"]]
        turn = item["turn"]
        _moves, seen = trace(definition, t["players"], t["seed"], t["moves"], resume=(item["state"], turn))
        if (why := _first_difference(t["seen"][turn:], seen)) is not None:
            problems.append(f"{t['seed']} from turn {turn}: {why}")
    assert not problems, "; ".join(problems[:10])


def test_a_v1_bid_past_the_balance_is_refused_as_a_v2_one_since_house_46() -> None:
    """The one change an upgraded /1 game plays with: a garnets bid past the balance the match was given is
    refused when saved, naming the field (house-46), where the /1 engine left it to the season's hold. The
    differential gives every player a balance that covers every bid."""
    from random import Random

    from games.engine import RuleError
    from tests.games.house.scenario import E, raw, rnd

    bid = {"name": "bid", "label": "Your bid", "type": "garnets", "max": 9, "pays": "bid"}
    definition = definition_clean(raw(round_plan=[rnd(fields=[bid])]))
    state = E.setup(["ann", "bob"], {"definition": definition, "garnets": {"ann": 3}}, Random("b:0"))
    assert E.validate(state, "ann", {"bid": 3}) == {"bid": 3}
    with pytest.raises(RuleError, match="Your bid: a bid of 4 garnets is more than you have"):
        E.validate(state, "ann", {"bid": 4})
