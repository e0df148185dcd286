"""Scenario tests: Steal, Force and Priority."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from tests.games.exodia.helpers import ENGINE, c, make, run, texts


def test_steal_takes_the_played_card_and_its_effect_does_not_trigger() -> None:
    """Steal: Choose a player, and choose a card they hold. If they attempt to play that card this turn, you
    take that card, and its effect does not trigger. / If a card is Stolen, its effect does not trigger."""
    state = make({"ann": [c("steal", "ann")], "bob": [c("force", "bob")]})
    after, msgs = run(
        state,
        {
            "ann": {"play": [{"card": "steal/ann", "target": "bob", "target_card": "force/bob"}]},
            "bob": {"play": [{"card": "force/bob", "target": "cat"}]},
        },
    )
    assert "force/bob" in after.hands["ann"] and "force/bob" not in after.pile
    assert after.owed["cat"] == 0
    assert "ann Steals force/bob from bob" in texts(msgs)
    assert any("stole your force/bob" in m.text for m in msgs if m.to == "bob")


def test_steal_of_a_card_not_played_does_nothing() -> None:
    """If they attempt to play that card this turn, you take that card."""
    state = make({"ann": [c("steal", "ann")], "bob": [c("force", "bob"), c("meta", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "steal/ann", "target": "bob", "target_card": "force/bob"}]},
            "bob": {"play": [{"card": "meta/bob"}]},
        },
    )
    assert "force/bob" in after.hands["bob"] and "steal/ann" in after.pile


def test_stolen_meta_earns_nothing() -> None:
    """If a card is Stolen, its effect does not trigger. (Ruling 5: a stolen Meta earns no garnets.)"""
    state = make({"ann": [c("steal", "ann")], "bob": [c("meta", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "steal/ann", "target": "bob", "target_card": "meta/bob"}]},
            "bob": {"play": [{"card": "meta/bob"}]},
        },
    )
    assert after.metas_played["bob"] == 0 and "meta/bob" in after.hands["ann"]


def test_you_may_not_steal_a_steal() -> None:
    """You may not Steal a Steal."""
    state = make()
    with pytest.raises(RuleError, match="Steal a Steal"):
        ENGINE.validate(state, "ann", {"play": [{"card": "steal/ann", "target": "bob", "target_card": "steal/bob"}]})


def test_you_cant_steal_a_bomb() -> None:
    """Amendment: You can't Steal a Bomb."""
    state = make()
    with pytest.raises(RuleError, match="Steal a Bomb"):
        ENGINE.validate(state, "ann", {"play": [{"card": "steal/ann", "target": "bob", "target_card": "bomb/bob"}]})


def test_steal_names_a_card_not_in_your_hand_or_the_pile() -> None:
    """Ruling 4: a Steal names a card not in the stealer's hand and not in the Discard Pile."""
    state = make({"ann": [c("steal", "ann"), c("meta", "cat")]}, pile=[c("meta", "dan")])
    for card in ("meta/cat", "meta/dan"):
        with pytest.raises(RuleError):
            ENGINE.validate(state, "ann", {"play": [{"card": "steal/ann", "target": "bob", "target_card": card}]})


def test_several_steals_of_the_same_played_card_discard_it() -> None:
    """If multiple players Steal the same card (that was indeed played), it is discarded instead."""
    state = make({"ann": [c("steal", "ann")], "cat": [c("steal", "cat")], "bob": [c("priority", "bob")]})
    steal = {"target": "bob", "target_card": "priority/bob"}
    after, msgs = run(
        state,
        {
            "ann": {"play": [{"card": "steal/ann", **steal}]},
            "cat": {"play": [{"card": "steal/cat", **steal}]},
            "bob": {"play": [{"card": "priority/bob"}]},
        },
    )
    assert "priority/bob" in after.pile
    assert "priority/bob" not in after.hands["ann"] + after.hands["cat"]
    assert "it is discarded" in texts(msgs)


def test_force_makes_the_target_discard_a_card_of_their_choice_next_round() -> None:
    """Force: Choose a player. Next round, they will be forced to discard one of their cards (but they may
    choose which one to discard)."""
    state = make({"ann": [c("force", "ann")], "bob": [c("meta", "bob"), c("gift", "bob"), c("immune", "bob")]})
    state, _ = run(
        state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}]}, "bob": {"play": [{"card": "meta/bob"}]}}
    )
    assert state.owed["bob"] == 1
    with pytest.raises(RuleError, match="exactly 1"):
        ENGINE.validate(state, "bob", {"play": [{"card": "immune/bob"}]})
    state, _ = run(state, {"bob": {"discard": ["gift/bob"], "play": [{"card": "immune/bob"}]}})
    assert "gift/bob" in state.pile and state.hands["bob"] == []


def test_several_forces_and_unable_to_discard_enough_discards_all_and_plays_none() -> None:
    """If a player is unable to discard as many cards as they have to because of multiple Forces, they
    discard all of their cards and are unable to play any."""
    state = make(
        {
            "ann": [c("force", "ann")],
            "cat": [c("force", "cat")],
            "dan": [c("force", "dan")],
            "bob": [c("meta", "bob"), c("gift", "bob"), c("immune", "bob")],
        }
    )
    force = {"target": "bob"}
    state, _ = run(
        state,
        {p: {"play": [{"card": f"force/{p}", **force}]} for p in ("ann", "cat", "dan")}
        | {"bob": {"play": [{"card": "meta/bob"}]}},
    )
    assert state.owed["bob"] == 3
    with pytest.raises(RuleError, match="may play no card"):
        ENGINE.validate(state, "bob", {"play": [{"card": "immune/bob"}]})
    state, _ = run(state, {"bob": {}})
    assert state.hands["bob"] == [] and {"gift/bob", "immune/bob"} <= set(state.pile)


def test_two_forces_two_discards() -> None:
    """Next round, they will be forced to discard one of their cards. (one per Force)"""
    state = make(
        {
            "ann": [c("force", "ann")],
            "cat": [c("force", "cat")],
            "bob": [c("meta", "bob"), c("gift", "bob"), c("immune", "bob"), c("meta", "ann")],
        }
    )
    state, _ = run(
        state,
        {
            "ann": {"play": [{"card": "force/ann", "target": "bob"}]},
            "cat": {"play": [{"card": "force/cat", "target": "bob"}]},
            "bob": {"play": [{"card": "meta/bob"}]},
        },
    )
    assert state.owed["bob"] == 2
    move = ENGINE.validate(state, "bob", {"discard": ["gift/bob", "meta/ann"], "play": [{"card": "immune/bob"}]})
    assert move["discard"] == ["gift/bob", "meta/ann"]
