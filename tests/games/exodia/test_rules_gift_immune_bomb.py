"""Scenario tests: Priority, Gift, Immune, Meta and Bomb."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from tests.games.exodia.helpers import ENGINE, c, make, run, texts


def test_gift_gives_another_card_you_hold() -> None:
    """Gift: Along with playing this card, you may choose a player to receive another card you hold as a Gift."""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")]})
    after, msgs = run(state, {"ann": {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}]}})
    assert after.hands["bob"] == ["meta/ann"] and after.hands["ann"] == []
    assert "bob receives meta/ann from ann" in texts(msgs)


def test_gift_names_receiver_and_card_or_neither() -> None:
    """Ruling 6: a Gift names both a receiver and a card, or neither; the card is another you hold."""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")]})
    with pytest.raises(RuleError, match="or neither"):
        ENGINE.validate(state, "ann", {"play": [{"card": "gift/ann", "target": "bob"}]})
    with pytest.raises(RuleError, match="another card you hold"):
        ENGINE.validate(state, "ann", {"play": [{"card": "gift/ann", "target": "bob", "gift": "gift/ann"}]})
    with pytest.raises(RuleError, match="both played and given"):
        ENGINE.validate(
            state, "ann", {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}, {"card": "meta/ann"}]}
        )


def test_multiple_players_gifting_the_same_player_discards_all_gifts() -> None:
    """1) If multiple players attempt to Gift the same player, then all gifts are discarded instead of played."""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")], "cat": [c("gift", "cat"), c("meta", "cat")]})
    after, msgs = run(
        state,
        {
            "ann": {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}]},
            "cat": {"play": [{"card": "gift/cat", "target": "bob", "gift": "meta/cat"}]},
        },
    )
    assert after.hands["bob"] == [] and {"meta/ann", "meta/cat", "gift/ann", "gift/cat"} <= set(after.pile)
    assert "every gifted card is discarded" in texts(msgs)


def test_steal_on_the_giver_takes_the_gifted_card_even_if_unsuccessful() -> None:
    """In addition, if a player uses Steal on either you or the Gift target (even if it's unsuccessful), they
    take the gifted card."""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")], "cat": [c("steal", "cat")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}]},
            "cat": {"play": [{"card": "steal/cat", "target": "ann", "target_card": "force/dan"}]},
        },
    )
    assert after.hands["cat"] == ["meta/ann"] and after.hands["bob"] == []


def test_steal_on_the_gift_target_takes_the_gifted_card() -> None:
    """if a player uses Steal on either you or the Gift target (even if it's unsuccessful), they take the gifted card."""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")], "cat": [c("steal", "cat")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}]},
            "cat": {"play": [{"card": "steal/cat", "target": "bob", "target_card": "force/dan"}]},
        },
    )
    assert after.hands["cat"] == ["meta/ann"]


def test_several_stealers_discard_the_gifted_card() -> None:
    """(If multiple players use Steal, the gifted card is discarded instead.)"""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")], "cat": [c("steal", "cat")], "dan": [c("steal", "dan")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}]},
            "cat": {"play": [{"card": "steal/cat", "target": "bob", "target_card": "force/eve"}]},
            "dan": {"play": [{"card": "steal/dan", "target": "ann", "target_card": "force/eve"}]},
        },
    )
    assert "meta/ann" in after.pile and after.hands["bob"] == []


def test_stolen_gift_card_gives_nothing() -> None:
    """If a card is Stolen, its effect does not trigger. (Ruling 5: the gifted card stays with the giver.)"""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")], "cat": [c("steal", "cat")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}]},
            "cat": {"play": [{"card": "steal/cat", "target": "ann", "target_card": "gift/ann"}]},
        },
    )
    assert after.hands["cat"] == ["gift/ann"] and after.hands["ann"] == ["meta/ann"]


def test_immune_discards_steal_force_gift_without_effect() -> None:
    """Immune: Playing this card renders you immune from Steal, Force, or Gift for the next turn. If those cards
    are played on you, they are discarded without effect. (Ruling 1: the round it is played.)"""
    state = make(
        {
            "bob": [c("immune", "bob"), c("meta", "bob")],
            "ann": [c("steal", "ann")],
            "cat": [c("force", "cat")],
            "dan": [c("gift", "dan"), c("meta", "dan")],
        }
    )
    after, msgs = run(
        state,
        {
            "bob": {"play": [{"card": "immune/bob"}, {"card": "meta/bob"}]},
            "ann": {"play": [{"card": "steal/ann", "target": "bob", "target_card": "meta/bob"}]},
            "cat": {"play": [{"card": "force/cat", "target": "bob"}]},
            "dan": {"play": [{"card": "gift/dan", "target": "bob", "gift": "meta/dan"}]},
        },
    )
    assert "meta/bob" in after.pile and after.hands["ann"] == []
    assert after.owed["bob"] == 0 and after.hands["bob"] == [] and after.hands["dan"] == ["meta/dan"]
    assert texts(msgs).count("bob is Immune") == 3


def test_immune_does_not_stop_bomb() -> None:
    """(Note: This card does not render you immune from being targeted with Bomb.)"""
    state = make({"bob": [c("immune", "bob"), c("force", "bob")], "ann": [c("bomb", "ann")]})
    after, _ = run(
        state,
        {
            "bob": {"play": [{"card": "immune/bob"}, {"card": "force/bob", "target": "ann"}]},
            "ann": {"play": [{"card": "bomb/ann", "target": "bob"}]},
        },
    )
    assert after.hands["bob"] == ["bomb/ann"]


def test_priority_ranks_you_above_all_who_did_not_play_it() -> None:
    """Priority: If you play this card, you will have priority in the next Retrieval Phase, ranking you above all
    players who didn't play Priority. / Clarification: Playing multiple Priority cards does not give you super priority."""
    pile = [c("meta", p) for p in ("ann", "bob", "cat", "dan", "eve", "fay", "gus")]
    state = make(
        {
            "gus": [c("priority", "gus"), c("priority", "fay")],
            "fay": [c("priority", "ann")],
            "ann": [c("force", "eve")],
        },
        pile=pile,
    )
    want = {"by": "owner", "order": ["ann"]}
    after, _ = run(
        state,
        {
            "gus": {"play": [{"card": "priority/gus"}, {"card": "priority/fay"}], "ranking": want},
            "fay": {"play": [{"card": "priority/ann"}], "ranking": want},
            "ann": {"play": [{"card": "force/eve", "target": "bob"}], "ranking": want},
        },
    )
    # fay and gus both have priority; fay is ahead of gus on the tiebreak (seat order), so fay takes meta/ann.
    assert "meta/ann" in after.hands["fay"] and "meta/ann" not in after.hands["gus"]


def test_priority_must_be_played_the_round_of_the_retrieval() -> None:
    """you must use a Priority Card the round that the Retrieval Phase happens in order to get the effect (you
    cannot bank it for the future)."""
    state = make({"gus": [c("priority", "gus"), c("meta", "gus")]})
    state, _ = run(state, {"gus": {"play": [{"card": "priority/gus"}]}})
    state.pile.extend(c("steal", p) for p in ("ann", "bob", "cat", "dan", "eve", "fay"))
    want = {"by": "owner", "order": ["ann"]}
    after, _ = run(state, {"gus": {"play": [{"card": "meta/gus"}], "ranking": want}, "ann": {"ranking": want}})
    assert "steal/ann" in after.hands["ann"]


def test_meta_moves_to_the_pile_and_earns_garnets() -> None:
    """Meta: Playing this card moves it to the Discard Pile, but also helps you earn Garnets at the end of the game."""
    state = make({"ann": [c("meta", "ann")]})
    after, _ = run(state, {"ann": {"play": [{"card": "meta/ann"}]}})
    assert after.metas_played["ann"] == 1 and "meta/ann" in after.pile


def test_bomb_right_guess_gives_the_bomb_to_the_targeter() -> None:
    """Bomb: ... If you choose someone that you think will target you and are right, they receive this Bomb."""
    state = make({"ann": [c("bomb", "ann")], "bob": [c("force", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "bomb/ann", "target": "bob"}]},
            "bob": {"play": [{"card": "force/bob", "target": "ann"}]},
        },
    )
    assert after.hands["bob"] == ["bomb/ann"] and after.strikes["ann"] == 0


def test_bomb_wrong_guess_is_a_strike_and_you_keep_it() -> None:
    """However, if they do not target you, you receive a Strike and keep your Bomb."""
    state = make({"ann": [c("bomb", "ann")], "bob": [c("force", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "bomb/ann", "target": "bob"}]},
            "bob": {"play": [{"card": "force/bob", "target": "cat"}]},
        },
    )
    assert after.hands["ann"] == ["bomb/ann"] and after.strikes["ann"] == 1


def test_bomb_nobody_correct_loses_a_strike_negative_allowed_and_discards() -> None:
    """If you decided nobody would target you, and are incorrect, you receive a Strike; if you are correct, you
    lose a Strike instead. (You can go into negative Strikes.) / Clarification: If you play Bomb while claiming
    nobody will target you and are correct, the Bomb is discarded."""
    state = make({"ann": [c("bomb", "ann")]})
    after, _ = run(state, {"ann": {"play": [{"card": "bomb/ann", "target": None}]}})
    assert after.strikes["ann"] == -1 and "bomb/ann" in after.pile


def test_bomb_nobody_incorrect_is_a_strike_and_you_keep_it() -> None:
    """If you decided nobody would target you, and are incorrect, you receive a Strike ... If you are incorrect,
    you keep the card."""
    state = make({"ann": [c("bomb", "ann")], "bob": [c("steal", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "bomb/ann", "target": None}]},
            "bob": {"play": [{"card": "steal/bob", "target": "ann", "target_card": "meta/cat"}]},
        },
    )
    assert after.strikes["ann"] == 1 and after.hands["ann"] == ["bomb/ann"]


def test_multiple_bombs_multiple_strikes() -> None:
    """You may play multiple Bombs in one turn, and it is possible to receive multiple strikes in one turn for it."""
    state = make({"ann": [c("bomb", "ann"), c("bomb", "bob")], "cat": [c("meta", "cat")]})
    after, msgs = run(
        state, {"ann": {"play": [{"card": "bomb/ann", "target": "bob"}, {"card": "bomb/bob", "target": "cat"}]}}
    )
    assert after.strikes["ann"] == 2 and after.hands["ann"] == ["bomb/ann", "bomb/bob"]
    assert texts(msgs).count("guessed wrong") == 2


def test_holding_a_bomb_and_playing_none_is_a_strike() -> None:
    """If you do not play any Bomb, while you hold at least one, you receive a Strike."""
    state = make({"ann": [c("bomb", "ann"), c("meta", "ann")]})
    after, msgs = run(state, {"ann": {"play": [{"card": "meta/ann"}]}})
    assert after.strikes["ann"] == 1 and "held a Bomb and played none" in texts(msgs)
