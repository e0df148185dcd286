"""Issue 28's contract over the dealers' own games: every sample definition that hides anything from the
public proves it can redraw it (``check_hidden_facts_resampled``), beside the non-interference check of
``test_engine.py``."""

from __future__ import annotations

import pytest

from games.house.samples import sample_definition, sample_names
from tests.games.contract import check_hidden_facts_resampled
from tests.games.house.scenario import E


@pytest.mark.parametrize("name", sample_names())
def test_a_sample_that_hides_anything_redraws_it(name: str) -> None:
    """ "An engine whose view for a player shows anything the public view does not must implement
    resample_hidden for real ... and checks that resampling does redraw hidden facts in sampled states"."""
    players = sample_definition(name)["players"]
    count = min(max(players["min"], 4), players["max"])
    hiding = 0
    for seed in ("x1", "x2"):
        found, _redrawn = check_hidden_facts_resampled(
            E, seed=seed, options={"definition": sample_definition(name)}, count=count
        )
        hiding += found
    if sample_definition(name).get("secrets") or sample_definition(name)["scores"]["visibility"] == "private":
        assert hiding, f"{name} hides facts, but the contract found none to check"
