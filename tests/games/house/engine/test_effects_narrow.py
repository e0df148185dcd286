"""``effects._narrow_env``: an effect whose formulas read only the move, the player's own holdings and each
player's list is evaluated with those names alone (a close's cost), and they hold exactly what ``player_env``
gives them, in every sample, round after round."""

from __future__ import annotations

from random import Random

import pytest

from games.house.engine import HouseEngine
from games.house.engine import effects as fx
from games.house.engine.samples import sample_definition, sample_names
from games.house.engine.sections_formulas import player_names
from games.house.engine.state import plan_for

ENGINE = HouseEngine()


@pytest.mark.parametrize("name", sample_names())
def test_a_narrow_env_holds_what_the_full_one_holds(name: str) -> None:
    definition = sample_definition(name)
    low, high = definition["players"]["min"], definition["players"]["max"]
    players = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"][: min(max(low, 3), high)]
    state = ENGINE.setup(players, {"definition": definition}, Random(1))
    rng, compared = Random(2), 0
    for _ in range(12):
        if ENGINE.outcome(state) is not None or state["phase"] != "play":
            break
        moves = {p: ENGINE.validate(state, p, ENGINE.random_move(state, p, rng)) for p in ENGINE.awaiting(state)}
        plan = plan_for(state, state["round"])
        names = player_names(state["definition"], plan["fields"])
        base = fx.match_env(state)
        for effect in plan.get("effects", []):
            if effect["who"] == "match":
                continue
            if effect.get("per") == "trade" or effect["to"] in ("private", "public"):
                continue  # a per-trade effect reads its trade's names, a line has no amount: never narrow
            read = fx._compiled(state, effect["amount"], "amount", names).names
            if effect["when"]:
                read |= fx._compiled(state, effect["when"], "when", names).names
            narrow = fx._narrow(state, read, plan["fields"])
            if narrow is None:
                continue
            for p in state["awaits"]:
                full = fx.player_env(state, p, base, moves, plan["fields"])
                small = fx._narrow_env(state, p, narrow, moves, plan["fields"], fx.sent_of(moves, plan["fields"]))
                assert {n: small[n] for n in read} == {n: full[n] for n in read}, (name, effect)
                compared += 1
        state, _ = ENGINE.resolve(state, moves, rng)
    if name == "warriors_classic":
        assert compared > 100
