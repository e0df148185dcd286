"""Issue 28's contract over the dealers' own games: every sample definition that hides anything from the
public proves it can redraw it (``check_hidden_facts_resampled``), beside the non-interference check of
``test_engine.py``."""

from __future__ import annotations

import pytest

from games.house.engine.samples import sample_definition, sample_names
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
    definition = sample_definition(name)
    if definition.get("secrets") or definition["scores"]["visibility"] == "private" or _hides_v2(definition):
        assert hiding, f"{name} hides facts, but the contract found none to check"


def _hides_v2(definition: dict) -> bool:
    """A garnet-house/2 definition hides each player's garnets, private holdings and the piles others see."""
    return definition["schema"] == "garnet-house/2"


@pytest.mark.parametrize("name", ["trading", "deck_thief", "indian_poker", "abc"])
def test_every_hidden_kind_of_v2_is_redrawn(name: str) -> None:
    """ "a real resample_hidden for every holding, pile and role a definition declares hidden": a private
    holding (trading), a pile only its holder sees (deck_thief), cards everyone but their holder sees
    (indian_poker), garnets brought in (abc): each found hidden and redrawn along random matches."""
    players = sample_definition(name)["players"]
    count = min(max(players["min"], 4), players["max"])
    found, redrawn = check_hidden_facts_resampled(
        E, seed="v2", options={"definition": sample_definition(name)}, count=count
    )
    assert found and redrawn
