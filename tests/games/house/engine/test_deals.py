"""``deals.py``: deals that are not a plain shuffle (FORMAT.md "Deals, the candidate order and lines in /2";
RULES.md house-70, house-71, house-79): distinct labels per hand, cards marked as a player's and a starting
hand of them."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine import effects
from games.house.engine.definition import definition_errors
from games.house.engine.formula import FormulaError, formula_compile, formula_int
from tests.games.house.engine.test_sections_holdings import v2
from tests.games.house.scenario import E, quote, start

POOL = [{"label": c, "copies": 6} for c in ("Red", "Blue", "Yellow", "Green", "White", "Black")]
NINE = [f"p{i}" for i in range(1, 10)]


def _cubes(deal: int = 4, **pile: Any) -> dict[str, Any]:
    return v2(
        players={"min": 2, "max": 9},
        decks=[{"name": "pool", "cards": POOL}],
        piles=[{"name": "cubes", "deck": "pool", "deal": deal, "distinct": True, **pile}],
    )


def _hands(state: dict[str, Any], pile: str = "cubes") -> dict[str, list[str]]:
    return {p: [state["cards"][i]["label"] for i in ids] for p, ids in state["piles"][pile].items()}


def test_a_distinct_deal_gives_each_hand_different_labels() -> None:
    """FORMAT.md: "a pile with `distinct: true` deals each hand cards of different labels"; nine players take the
    whole pool of 36, four different colours each, whatever the shuffle (house-70)."""
    quote("a pile with `distinct: true` deals each hand cards of different labels")
    for seed in range(60):
        hands = _hands(start(NINE, seed=str(seed), definition=_cubes()))
        assert all(len(h) == 4 and len(set(h)) == 4 for h in hands.values()), (seed, hands)
        assert Counter(c for h in hands.values() for c in h) == Counter({c["label"]: 6 for c in POOL})


def test_a_distinct_deal_is_still_random_and_replayable() -> None:
    """The deal follows the seeded shuffle: the same seed deals the same hands, other seeds other hands."""
    first = _hands(start(NINE, seed="a", definition=_cubes()))
    assert first == _hands(start(NINE, seed="a", definition=_cubes()))
    assert len({str(_hands(start(NINE, seed=str(n), definition=_cubes()))) for n in range(10)}) == 10


def test_a_distinct_hand_stays_short_only_when_no_new_label_is_left() -> None:
    """house-70: asked for more labels than the deck has, a hand takes each label once and stays short."""
    hands = _hands(start(["ann", "bob"], definition=_cubes(deal=8)))
    assert all(sorted(h) == sorted(c["label"] for c in POOL) for h in hands.values())


def test_a_redraw_keeps_a_distinct_hand_distinct() -> None:
    """house-71: ``resample_hidden`` redraws a player's hidden cards with different labels too."""
    state = start(["ann", "bob", "cat"], definition=_cubes())
    for n in range(30):
        redrawn = E.resample_hidden(state, "ann", Random(n))
        assert len(set(_hands(redrawn)["ann"])) == 4
        assert _hands(redrawn)["bob"] == _hands(state)["bob"]


def _marked(**pile: Any) -> dict[str, Any]:
    cards = [{"label": name, "owner": "each"} for name in ("Steal", "Gift", "Bomb")]
    return v2(decks=[{"name": "cards", "cards": cards}], piles=[{"name": "hand", "deck": "cards", **pile}])


def test_each_player_starts_with_one_of_each_card_marked_as_theirs() -> None:
    """FORMAT.md: "a card with `owner: each` (its `copies` left out, or `players`) is one copy per player, marked with that player";
    "a pile with `own: true` starts each player's pile with every card of its deck marked as theirs, in the
    deck's order" (house-79)."""
    quote("a card with `owner: each` (its `copies` left out, or `players`) is one copy per player")
    state = start(["ann", "bob", "cat"], definition=_marked(own=True))
    for p in ("ann", "bob", "cat"):
        cards = [state["cards"][i] for i in state["piles"]["hand"][p]]
        assert [(c["label"], c["owner"]) for c in cards] == [("Steal", p), ("Gift", p), ("Bomb", p)]
    assert state["deck"]["cards"] == []
    mine = E.view(state, "ann")["you"]["piles"]
    assert list(mine) == ["ann"] and [c["owner"] for c in mine["ann"]["hand"]] == ["ann"] * 3
    assert [c["owner"] for c in E.view(state, DEALER)["dealer"]["piles"]["cat"]["hand"]] == ["cat"] * 3


def test_a_formula_reads_whose_cards_a_pile_holds() -> None:
    """FORMAT.md: "a per-player formula reads each pile's `<pile>_owners`, the initial owner of each of its cards"
    (`''` for an unmarked card), and `distinct(list)` is "the list without repeats" (house-121)."""
    quote("a per-player formula reads each pile's `<pile>_owners`, the initial owner of each")
    quote("the list without repeats, each item where it first comes")
    definition = _marked(own=True)
    definition["decks"][0]["cards"].append({"label": "Plain", "copies": 3})
    state = start(["ann", "bob", "cat"], definition=definition)
    state["piles"]["hand"]["ann"] += state["piles"]["hand"]["bob"][:1] + state["deck"]["cards"][:1]
    env = effects.player_env(state, "ann", effects.match_env(state), {}, ())
    assert env["hand_owners"] == ["ann", "ann", "ann", "bob", ""]
    rule = formula_compile("len(distinct(hand_owners))", path="x", names=["hand_owners"])
    assert formula_int(rule, env) == 3
    assert formula_compile("distinct(x)", path="x", names=["x"]).evaluate({"x": [2, "2", 2, True, 1]}) == [
        2,
        "2",
        True,
        1,
    ]
    with pytest.raises(FormulaError, match="distinct\\(\\) needs a list"):
        formula_int(formula_compile("len(distinct(3))", path="x", names=[]), {})


def test_marked_cards_and_a_starting_hand_are_checked_when_saved() -> None:
    """An owner other than each, an owner beside copies, and `own` over a deck with no marked card: each an
    error naming its path."""
    bad = _marked(own=True)
    bad["decks"][0]["cards"][0]["owner"] = "ann"
    bad["decks"][0]["cards"][1]["copies"] = 2
    errors = definition_errors(bad)
    assert any(e.startswith("decks[0].cards[0].owner: must be each") for e in errors)
    assert any(e.startswith("decks[0].cards[1].owner: must be each") for e in errors)
    errors = definition_errors(_cubes(own=True))
    assert any(e.startswith("piles[0].own: its deck has no card marked with an owner") for e in errors)
    assert any(e.startswith("piles[0].distinct: must be true or false") for e in definition_errors(_cubes(distinct=3)))
