"""Ruling 20: a player's hidden facts (their true units behind what was shown) are redrawn for real."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from games.warriors.resample import legal_moves
from tests.games.contract import check_hidden_facts_resampled, check_resample_through_match
from tests.games.warriors.helpers import ENGINE, POOL_1, POOL_2, A, B, new, play, unit


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _seen(state: dict[str, Any], viewer: str | None) -> str:
    secrets = ENGINE.secrets(state, viewer) if viewer else {}
    return _canon([ENGINE.view(state, viewer), secrets])


def _disguised_round() -> dict[str, Any]:
    """Bob's Black Mage beats Ann's Chocobo; then Ann's Blue Mage, disguised as the Astrologian, meets Bob's
    Dragoon: Bob is announced the winner (the previous round's), as a true Astrologian guessing wrong would lose."""
    state = play(new(), "chocobo", "black mage")
    return play(state, {"unit": "blue mage", "disguise": "astrologian"}, "dragoon")


def test_ruling_20_a_disguised_round_is_redrawn_unseen_by_the_opponent_and_the_public() -> None:
    """Ruling 20: "a player's true moves of the bout are redrawn: another history in which, after every round,
    the public log and the opponent's whole side are exactly what they were"."""
    state = _disguised_round()
    assert state["log"][-1]["units"][A] == "astrologian" and state["log"][-1]["winner"] == B
    before = json.dumps(state, sort_keys=True)
    redrawn = [ENGINE.resample_hidden(state, A, Random(seed)) for seed in range(8)]
    assert json.dumps(state, sort_keys=True) == before, "resample_hidden never mutates its input"
    for other in redrawn:
        assert _seen(other, None) == _seen(state, None)
        assert _seen(other, B) == _seen(state, B)
    swapped = [s for s in redrawn if _seen(s, A) != _seen(state, A)]
    assert swapped, "the Blue Mage behind the Astrologian's look is redrawn in some draws"
    for other in swapped:
        # The true Astrologian (a wrong guess) fell instead; the Blue Mage is still in Ann's hand.
        assert not unit(other, A, "astrologian")["alive"] and unit(other, A, "blue mage")["alive"]
        assert other["played"][1][A]["unit"] == "astrologian" and other["played"][1][A]["guess"] != "dragoon"
        assert ENGINE.secrets(other, A)["secret_points"] == 1  # 2 for the fallen Blue Mage in the truth


def test_ruling_20_what_the_public_pins_is_not_redrawn() -> None:
    """Ruling 20: "where no other history fits, the state is returned unchanged" — a Chocobo beaten in the
    first round was a Chocobo: a Blue Mage in its look would have had the round announced as a tie."""
    state = play(new(), "chocobo", "black mage")
    for seed in range(5):
        assert ENGINE.resample_hidden(state, A, Random(seed)) is state


def test_ruling_20_a_veiled_unit_is_redrawn() -> None:
    """Ruling 20 (extended): a unit behind Magick Barrier's Chocobo look is one of the player's hidden facts."""
    state = new("extended", POOL_2)
    state = play(state, "red mage", "chocobo")
    state = play(state, "paladin", "chocobo")  # looks like a Chocobo: the veil
    assert state["log"][-1]["units"][A] == "chocobo"
    redrawn = [ENGINE.resample_hidden(state, A, Random(seed)) for seed in range(8)]
    for other in redrawn:
        assert _seen(other, None) == _seen(state, None) and _seen(other, B) == _seen(state, B)
    assert any(_seen(other, A) != _seen(state, A) for other in redrawn)


def test_ruling_20_the_record_must_reproduce_the_state() -> None:
    """Ruling 20: a bout whose moves were not recorded (begun before the record existed) is not redrawn."""
    state = _disguised_round()
    del state["played"]
    assert ENGINE.resample_hidden(state, A, Random(0)) is state


@pytest.mark.parametrize("variant,pool", [("classic", None), ("extended", POOL_1), ("extended", POOL_2)])
def test_every_enumerated_move_is_valid(variant: str, pool: list[str] | None) -> None:
    """The redraw only ever tries moves ``validate`` accepts, normalised as it returns them."""
    state = new(variant, pool)
    state = play(state, "chocobo", "chocobo")
    for p in (A, B):
        for move in legal_moves(state, p):
            assert ENGINE.validate(state, p, move) == move


@pytest.mark.parametrize("pool", [POOL_1, POOL_2])
def test_the_contract_redraws_hidden_facts_in_the_extended_version(pool: list[str]) -> None:
    """Issue 28's contract over the extended units (tests/games/test_contract.py runs the classic version):
    redraws change nothing another viewer sees, and some redraw."""
    options = {"variant": "extended", "pool": pool}
    check_resample_through_match(ENGINE, seed="warriors-resample", options=options)
    hiding, redrawn = check_hidden_facts_resampled(ENGINE, seed="warriors-hidden", options=options)
    assert hiding and redrawn
