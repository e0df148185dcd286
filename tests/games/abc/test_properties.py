"""Property tests: invariants of every random ABC match (hypothesis picks seeds and garnets)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.abc.engine import AbcEngine
from games.abc.rules import double_cost, garnets_for_points
from tests.games.contract import play_random, players_for

ENGINE = AbcEngine()
PLAYERS = players_for(ENGINE)


@settings(max_examples=60, deadline=None)
@given(seed=st.text(max_size=8), purse=st.lists(st.integers(0, 25), min_size=5, max_size=5))
def test_random_matches_keep_the_books(seed: str, purse: list[int]) -> None:
    """Every player is X once; totals are the sum of payoffs; doubles cost 2, 3, 4...; no balance
    goes below zero; exactly one EC; tokens follow the leaders; garnets are earned minus spent."""
    garnets = dict(zip(PLAYERS, purse, strict=True))
    final, _, _ = play_random(ENGINE, PLAYERS, seed, {"garnets": garnets})
    history = final.history
    assert sorted(entry["x"] for entry in history) == sorted(PLAYERS)
    for p in PLAYERS:
        assert final.scores[p] == sum(entry["payoffs"][p] for entry in history)
        costs = [entry["doubled"][p] for entry in history if p in entry["doubled"]]
        assert costs == [double_cost(i) for i in range(len(costs))]
        assert sum(costs) == final.spent[p] <= garnets[p]
    for entry in history:
        assert sum(1 for a, b in entry["pairs"] for _ in (a, b)) == 4 and entry["x"] not in sum(entry["pairs"], [])
    outcome = ENGINE.outcome(final)
    assert outcome is not None and sorted(outcome.candidates) == sorted(p for p in PLAYERS if p not in outcome.winners)
    top = max(final.scores.values())
    leaders = [p for p in PLAYERS if final.scores[p] == top]
    assert sum(outcome.tokens.values()) == (2 if len(leaders) <= 2 else 0)
    low = min(final.scores.values())
    assert final.scores[outcome.candidates[0]] == low
    for p in PLAYERS:
        assert outcome.garnets[p] == garnets_for_points(final.scores[p]) - final.spent[p]
