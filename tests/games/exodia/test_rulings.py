"""One scenario per ruling of RULES.md not already covered by the clause tests."""

from __future__ import annotations

from random import Random

from tests.games.exodia.helpers import ENGINE, P, c, make, run, texts


def test_ruling_1_a_landed_force_is_not_undone_by_a_later_immune() -> None:
    """Ruling 1: Immune protects you in the round you play it; a Force that already landed is not undone."""
    state = make({"ann": [c("force", "ann")], "bob": [c("meta", "bob"), c("immune", "bob"), c("gift", "bob")]})
    state, _ = run(
        state, {"ann": {"play": [{"card": "force/ann", "target": "bob"}]}, "bob": {"play": [{"card": "meta/bob"}]}}
    )
    state, _ = run(state, {"bob": {"discard": ["gift/bob"], "play": [{"card": "immune/bob"}]}})
    assert "gift/bob" in state.pile


def test_ruling_2_a_play_on_an_immune_player_still_targets_them_for_bomb() -> None:
    """Ruling 2: any Steal, Force or Gift naming you targets you, even when Immune makes it fail."""
    state = make({"ann": [c("immune", "ann"), c("bomb", "ann")], "bob": [c("force", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "immune/ann"}, {"card": "bomb/ann", "target": "bob"}]},
            "bob": {"play": [{"card": "force/bob", "target": "ann"}]},
        },
    )
    assert after.hands["bob"] == ["bomb/ann"] and after.owed["ann"] == 0


def test_ruling_3_a_steal_cannot_take_the_immune_card_itself() -> None:
    """Ruling 3: a Steal on a player who plays Immune cannot take anything, not even the Immune card."""
    state = make({"ann": [c("steal", "ann")], "bob": [c("immune", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "steal/ann", "target": "bob", "target_card": "immune/bob"}]},
            "bob": {"play": [{"card": "immune/bob"}]},
        },
    )
    assert after.hands["ann"] == [] and "immune/bob" in after.pile


def test_ruling_7_one_givers_two_gifts_to_one_player_both_go_through() -> None:
    """Ruling 7: "several players Gift the same player" counts distinct givers."""
    state = make({"ann": [c("gift", "ann"), c("gift", "cat"), c("meta", "ann"), c("meta", "cat")]})
    after, _ = run(
        state,
        {
            "ann": {
                "play": [
                    {"card": "gift/ann", "target": "bob", "gift": "meta/ann"},
                    {"card": "gift/cat", "target": "bob", "gift": "meta/cat"},
                ]
            }
        },
    )
    assert after.hands["bob"] == ["meta/ann", "meta/cat"]


def test_ruling_9_the_receivers_own_steal_captures_nothing() -> None:
    """Ruling 9: the giver's and the receiver's own Steals capture nothing."""
    state = make({"ann": [c("gift", "ann"), c("meta", "ann")], "bob": [c("steal", "bob")]})
    after, _ = run(
        state,
        {
            "ann": {"play": [{"card": "gift/ann", "target": "bob", "gift": "meta/ann"}]},
            "bob": {"play": [{"card": "steal/bob", "target": "ann", "target_card": "force/cat"}]},
        },
    )
    assert after.hands["bob"] == ["meta/ann"]


def test_ruling_10_no_bomb_strike_when_forced_to_discard_the_bomb() -> None:
    """Ruling 10: holding a Bomb is judged after the owed discards."""
    state = make({"ann": [c("bomb", "ann")]})
    state.owed["ann"] = 1
    after, _ = run(state, {"ann": {}})
    assert after.strikes["ann"] == 0 and after.pile == ["bomb/ann"]


def test_ruling_11_a_stolen_play_still_counts_for_two_rounds_running() -> None:
    """Ruling 11: the two-rounds-running rule counts every card you attempted to play, stolen or not."""
    state = make({"ann": [c("steal", "ann")], "bob": [c("meta", "bob"), c("meta", "cat"), c("immune", "bob")]})
    state, _ = run(
        state,
        {
            "ann": {"play": [{"card": "steal/ann", "target": "bob", "target_card": "meta/bob"}]},
            "bob": {"play": [{"card": "meta/bob"}]},
        },
    )
    assert ENGINE.view(state, "bob")["you"]["restricted"] == ["meta"]


def test_ruling_12_owed_discards_are_retrievable_the_same_round() -> None:
    """Ruling 12: cards discarded at the start of a round are in the pile for that round's Retrieval."""
    pile = [c("meta", p) for p in P[:6]]
    state = make({"ann": [c("immune", "ann"), c("gift", "ann")]}, pile=pile)
    state.owed["ann"] = 1
    after, msgs = run(state, {"ann": {"discard": ["gift/ann"], "play": [{"card": "immune/ann"}]}})
    assert "Retrieval: 1 phase(s)" in texts(msgs) and after.pile == ["immune/ann"]


def test_ruling_13_priority_counts_for_every_phase_of_the_round() -> None:
    """Ruling 13: Priority played in a round counts for every Retrieval Phase of that round."""
    others = [c(e, p) for p in ("cat", "dan", "eve", "fay") for e in ("meta", "force", "gift")][:11]
    pile = [c("meta", "gus"), c("force", "gus"), c("gift", "gus"), *others]
    state = make({"gus": [c("priority", "gus")]}, pile=pile, start_round=8)
    rest = {"by": "owner", "order": ["cat", "dan", "eve", "fay"]}
    gus_first = {"by": "owner", "order": ["gus"]}
    moves = {p: {"ranking": rest} for p in P} | {"ann": {"ranking": gus_first}}
    # Phase 1: gus (Priority) then ann take a gus card each; phase 2: gus again before ann takes the last.
    after, _ = run(state, moves | {"gus": {"play": [{"card": "priority/gus"}], "ranking": gus_first}})
    assert len([x for x in after.hands["gus"] if x.endswith("/gus")]) == 2
    # Without Priority, gus is last on the tiebreak in both phases: ann takes two, gus the one left in phase 1.
    state = make({"gus": [c("meta", "bob")]}, pile=pile, start_round=8)
    after, _ = run(state, moves | {"gus": {"play": [{"card": "meta/bob"}], "ranking": gus_first}})
    assert len([x for x in after.hands["gus"] if x.endswith("/gus")]) == 1


def test_ruling_17_missing_twist_answers() -> None:
    """Ruling 17: a missing answer votes 0, requires nothing; a missing DM Winner list is drawn at random."""
    state = ENGINE.setup(P, {"gamewide_order": P, "mm_winners": ["ann"], "dm_winner": "bob"}, Random("t"))
    assert ENGINE.default_move(state, "bob") == {"twist_vote": 0, "dm_twist": None}
    after, msgs = ENGINE.resolve(state, {}, Random("x"))
    assert after.group_twist == 0 and after.requirement == {} and sorted(after.tiebreak) == sorted(P)
    assert "drawn at random" in texts(msgs)


def test_ruling_22_an_exodia_completed_by_retrieval_ends_the_round() -> None:
    """Ruling 22: the Exodia is checked at the end of each round, after the Retrieval Phase(s)."""
    hand = [c("force", p) for p in P[:6]] + [c("immune", "ann")]
    pile = [c("meta", p) for p in P]
    state = make({"ann": hand}, pile=pile)
    want = {"by": "owner", "order": ["gus"]}
    after, _ = run(state, {"ann": {"play": [{"card": "immune/ann"}], "ranking": want}})
    assert "meta/gus" in after.hands["ann"] and after.winners == ["ann"]
