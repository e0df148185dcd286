"""house-40: a formula that cannot be computed during a match does nothing, and the public log names only its
path: why it failed can quote values the viewers may not see, so the reason is the dealer's alone."""

from __future__ import annotations

from random import Random
from typing import Any

from games.engine import DEALER
from games.house.engine import HouseEngine
from tests.games.house.engine.test_sections_holdings import rnd, v2

ENGINE = HouseEngine()
PLAYERS = ("ann", "bob")


def _fails_on_a_secret() -> dict[str, Any]:
    """A holding only its holder sees, 73 each, and an effect that fails with the secret in its reason
    ("gives a list ([73]), not a whole number")."""
    secret = {"name": "secret", "start": 73, "visibility": "holder"}
    effect = {"to": "score", "amount": "[secret]"}
    return v2(holdings=[secret], rounds=2, round_plan=[rnd(effects=[effect])])


def test_a_formula_that_fails_names_only_its_path_in_public() -> None:
    """house-40: "an effect that cannot be computed does nothing and the log names its path"; the public line
    quotes no value, spectators never read 73, the dealer reads why."""
    state = ENGINE.setup(PLAYERS, {"definition": _fails_on_a_secret()}, Random(1))
    state, messages = ENGINE.resolve(state, {}, Random(2))
    public = [m.text for m in messages if m.to is None]
    assert any(
        "a formula could not be computed, so it did nothing (round_plan[0].effects[0].amount)" in t for t in public
    )
    assert "73" not in " ".join(m.text for m in messages)
    assert "73" not in str(ENGINE.view(state, None))  # a spectator (each player sees only their own 73)
    faults = ENGINE.view(state, DEALER)["dealer"]["faults"]  # the dealer's view of the round says why
    assert "[73]" in str(faults)
