"""Scenario tests: the Retrieval Phase and the missed submission."""

from __future__ import annotations

from random import Random

from games.exodia.cards import EFFECTS
from games.exodia.retrieval import choose, phase_count, pick_order
from tests.games.exodia.helpers import ENGINE, P, c, make, run, texts

SEVEN_METAS = [c("meta", p) for p in P]


def test_retrieval_needs_at_least_seven_cards_in_the_pile() -> None:
    """Every round in which the Discard Pile has at least 7 cards, a Retrieval Phase occurs."""
    state = make({"ann": [c("force", "ann")]}, pile=SEVEN_METAS[:6])
    after, _ = run(state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}]}})
    assert len(after.pile) == 7 and all(len(after.hands[p]) == 0 for p in P)
    state = make({"ann": [c("force", "ann")]}, pile=SEVEN_METAS)
    after, msgs = run(state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}]}})
    assert after.pile == ["force/ann"] and all(len(after.hands[p]) == 1 for p in P)
    assert "Retrieval: 1 phase(s)" in texts(msgs)


def test_retrieval_cannot_collect_cards_played_that_round() -> None:
    """When I said "Retrieval Phase happens before processing cards", this was to clarify that Retrieval cannot
    collect cards that were played in that round."""
    state = make({"ann": [c("force", "ann")]}, pile=SEVEN_METAS)
    want = {"by": "effect", "order": ["force"]}
    after, _ = run(
        state,
        {p: {"ranking": want} for p in P}
        | {"ann": {"play": [{"card": "force/ann", "target": "bob"}], "ranking": want}},
    )
    assert "force/ann" in after.pile


def test_rank_by_effect_or_by_initial_owner_but_only_one() -> None:
    """Players may either rank by Effect or by Initial Owner, but may only do one of these."""
    state = make({"ann": [c("meta", "ann")]})
    move = ENGINE.validate(
        state, "ann", {"play": [{"card": "meta/ann"}], "ranking": {"by": "effect", "order": ["bomb", "meta"]}}
    )
    assert move["ranking"]["order"][:2] == ["bomb", "meta"] and sorted(move["ranking"]["order"]) == sorted(EFFECTS)
    for bad in ({"by": "both"}, {"by": "effect", "order": ["ann"]}, {"by": "owner", "order": ["meta"]}):
        try:
            ENGINE.validate(state, "ann", {"play": [{"card": "meta/ann"}], "ranking": bad})
        except Exception as err:  # noqa: BLE001
            assert type(err).__name__ == "RuleError"
        else:
            raise AssertionError(bad)


def test_order_priority_then_fewest_unique_owners_then_tiebreak() -> None:
    """Players will first be ranked in order of who played the Priority card. Then, players will be ranked in order
    of the number of unique initial owners they hold in their hand, in increasing order (so a player with only 1
    unique initial owner will be ranked in front of someone with 3). Ties will be broken by the Retrieval Tiebreaker."""
    hands = {
        "ann": {"meta/ann", "meta/bob", "meta/cat"},
        "bob": {"meta/dan"},
        "cat": set(),
        "dan": set(),
        "eve": {"meta/eve"},
        "fay": set(),
        "gus": {"force/fay", "force/gus"},
    }
    tiebreak = ["gus", "fay", "eve", "dan", "cat", "bob", "ann"]
    order = pick_order(P, hands, {"ann"}, tiebreak)
    assert order == ["ann", "fay", "dan", "cat", "eve", "bob", "gus"]


def test_each_takes_most_preferred_card_random_among_several() -> None:
    """Each player will take their most preferred card that is still in the Discard Pile at that time. If there are
    multiple cards satisfying their requirement ... then the card received is chosen at random among them."""
    pool = ["meta/ann", "force/ann", "gift/bob"]
    got = {choose({"by": "owner", "order": ["ann", "bob"]}, pool, Random(s)) for s in range(40)}
    assert got == {"meta/ann", "force/ann"}
    assert choose({"by": "effect", "order": ["steal", "gift"]}, pool, Random(1)) == "gift/bob"


def test_multiple_phases_from_round_8_one_per_full_seven() -> None:
    """Initially, only one Retrieval Phase can happen per round. However, starting Round 8, multiple Retrieval
    Phases can happen in the same round. The number of phases is equal to the number of cards in the Discard Pile,
    divided by 7, rounded down. (Each Retrieval Phase is independent.)"""
    assert phase_count(7, 20) == 1 and phase_count(8, 20) == 2 and phase_count(8, 6) == 0 and phase_count(9, 49) == 7
    pile = SEVEN_METAS + [c("gift", p) for p in P] + [c("immune", p) for p in P[:3]]
    state = make({"ann": [c("force", "ann")]}, pile=pile, start_round=8)
    after, msgs = run(state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}]}})
    assert "Retrieval: 2 phase(s); 14 cards" in texts(msgs)
    assert sorted(after.pile) == sorted(
        [c("force", "ann")] + [x for x in pile if x not in sum(after.hands.values(), [])]
    )
    assert all(len(after.hands[p]) == 2 for p in P)
    state = make({"ann": [c("force", "ann")]}, pile=pile, start_round=7)
    after, _ = run(state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}]}})
    assert len(after.pile) == 17 - 7 + 1


def test_it_is_not_announced_which_player_received_which_card() -> None:
    """It is not announced which player received which card."""
    state = make({"ann": [c("force", "ann")]}, pile=SEVEN_METAS)
    after, msgs = run(state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}]}})
    public = texts(msgs)
    for p in P:
        (got,) = after.hands[p]
        assert got not in public
        assert f"you retrieved {got}" in texts(msgs, to=p)
        assert any(got in line for line in ENGINE.view(after, p)["you"]["log"])


def test_no_submission_is_a_strike_and_a_random_non_bomb_card_announced() -> None:
    """Clarification/Amendment: If you do not submit, you will receive a Strike, and a random card that isn't a Bomb
    in your hand will be moved to the Discard Pile. (This will be announced.)"""
    state = make({"ann": [c("bomb", "ann"), c("meta", "ann"), c("gift", "ann")]})
    assert ENGINE.default_move(state, "ann") == {"no_submission": True}
    for seed in ("a", "b", "c"):
        after, msgs = run(state, {"ann": None}, seed=seed)
        assert "bomb/ann" in after.hands["ann"] and len(after.hands["ann"]) == 2
        (lost,) = after.pile
        assert lost in ("meta/ann", "gift/ann")
        # The missed Strike, and (Ruling 16) the Strike for holding a Bomb and playing none.
        assert after.strikes["ann"] == 2
        assert f"ann did not submit: a Strike, and {lost} is moved to the Discard Pile" in texts(msgs)
