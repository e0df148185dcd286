"""What a closed turn of a dealer's game used, as the balance report counts it (games/house/RULES.md d-16)."""

from __future__ import annotations

from random import Random

from games.house.engine import HouseEngine
from games.house.engine.samples import sample_definition
from games.house.engine.usage import turn_usage

ENGINE = HouseEngine()


def _close(name: str, moves: dict[str, dict[str, object]]) -> list[tuple[str, str]]:
    state = ENGINE.setup(list(moves), {"definition": sample_definition(name)}, Random(1))
    clean = {p: ENGINE.validate(state, p, m) for p, m in moves.items()}
    after, _ = ENGINE.resolve(state, clean, Random(2))
    return turn_usage(state, clean, after)


def test_a_matched_trade_counts_as_done_for_both_sides() -> None:
    used = _close(
        "trading",
        {
            "p1": {"offer": {"with": "p2", "give": {"red": 1}, "get": {"blue": 1}}},
            "p2": {"offer": {"with": "p1", "give": {"blue": 1}, "get": {"red": 1}}},
            "p3": {},
        },
    )
    assert ("p1", "trade:offer") in used and ("p2", "trade:offer") in used
    assert ("p1", "field:offer") in used and not any(p == "p3" for p, _ in used)


def test_an_unmatched_offer_is_an_offer_not_a_trade() -> None:
    used = _close(
        "trading",
        {
            "p1": {"offer": {"with": "p2", "give": {"red": 1}, "get": {"blue": 1}}},
            "p2": {"offer": {"with": "p1", "give": {"red": 1}, "get": {"blue": 1}}},
        },
    )
    assert ("p1", "field:offer") in used and not any(k.startswith("trade:") for _, k in used)


def test_choices_are_counted_by_value_and_an_empty_bid_is_not_a_bid() -> None:
    used = _close("rps_best_of_5", {"p1": {"hand": "rock"}, "p2": {"hand": "Paper"}})
    assert ("p1", "choice:hand=Rock") in used and ("p2", "choice:hand=Paper") in used
    used = _close("pot_auction", {"p1": {"bid": 0}, "p2": {"bid": 3}})
    assert used == [("p2", "field:bid")]
