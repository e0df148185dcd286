"""``garnet-house/2``'s rules one by one (FORMAT.md "garnet-house/2"): each test proves one clause, quoted from
the published format, on a small definition made for it."""

from __future__ import annotations

import pytest

from games.engine import DEALER, RuleError
from games.house.engine.definition import definition_errors
from tests.games.house.scenario import NUMBER, E, quote, raw2, rnd2, start, step

v2 = raw2
rnd = rnd2


def test_a_v1_definition_refuses_the_keys_of_v2_naming_them() -> None:
    quote("a `/2` key or field type in it is an error naming its path")
    errors = definition_errors(
        {
            **v2(holdings=[{"name": "chips"}]),
            "schema": "garnet-house/1",
            "round_plan": [rnd(fields=[{"name": "f", "type": "flag"}])],
        }
    )
    assert any(e.startswith("holdings: is not a known key") for e in errors)
    assert any(e.startswith("round_plan[0].fields[0].type: flag is a field of garnet-house/2") for e in errors)
    assert any(e.startswith("round_plan[0].resolve.by: must be one of: dealer, mechanic") for e in errors)


def test_a_holding_never_goes_past_its_bounds() -> None:
    quote("A holding never goes past its `min` or `max`.")
    definition = v2(
        holdings=[{"name": "chips", "start": 3, "min": 0, "max": 5}],
        round_plan=[rnd(effects=[{"to": "chips", "who": "each", "amount": "n - 4"}])],
    )
    state = start(["ann", "bob"], definition=definition)
    state, _ = step(state, {"ann": {"n": 0}, "bob": {"n": 10}})
    assert state["holdings"] == {"ann": {"chips": 0}, "bob": {"chips": 5}}


def test_a_role_rotates_every_n_rounds_and_a_round_awaits_its_holder_or_the_others() -> None:
    quote("the holder changes every `every` rounds, round the table")
    definition = v2(
        rounds=4,
        roles=[{"name": "x", "order": "seat", "every": 2}],
        plan_repeat="cycle",
        round_plan=[rnd(awaits="role:x"), rnd(awaits="others:x")],
    )
    state = start(["ann", "bob", "cat"], definition=definition)
    seen = []
    while E.outcome(state) is None:
        seen.append(E.awaiting(state))
        state, _ = step(state, {})
    assert seen == [("ann",), ("bob", "cat"), ("bob",), ("ann", "cat")]


def test_a_flags_cost_rises_with_each_use_counted_in_its_counter() -> None:
    quote("`start` the first time, `step` more for each earlier use counted in the holding `counter`")
    flag = {"name": "boost", "type": "flag", "required": False, "cost": {"start": 2, "step": 1, "counter": "uses"}}
    definition = v2(holdings=[{"name": "uses", "visibility": "holder"}], round_plan=[rnd(fields=[dict(NUMBER), flag])])
    state = start(["ann", "bob"], definition=definition, garnets={"ann": 6, "bob": 0})
    costs = []
    for _ in range(2):
        move = E.validate(state, "ann", {"n": 1, "boost": True})
        costs.append(E.garnet_cost(state, "ann", move))
        before = state
        state, _ = step(state, {"ann": {"n": 1, "boost": True}})
        assert E.round_spent(before, {"ann": move}, state) == {"ann": costs[-1]}
    assert costs == [2, 3] and state["holdings"]["ann"]["uses"] == 2
    with pytest.raises(RuleError, match="costs 4 garnets; you have 1"):
        E.validate(state, "ann", {"n": 1, "boost": True})
    with pytest.raises(RuleError, match="costs 2 garnets; you have 0"):
        E.validate(state, "bob", {"n": 1, "boost": True})


def test_a_move_that_gives_what_the_player_does_not_hold_is_refused_naming_the_field() -> None:
    quote("A move that asks more than the player holds is refused when saved, naming the field")
    trade = {"name": "t1", "label": "First trade", "type": "trade", "holdings": ["gold"], "required": False}
    definition = v2(
        holdings=[{"name": "gold", "start": 2, "min": 0}],
        decks=[{"name": "d", "cards": [{"label": "Ace", "copies": 10}]}],
        piles=[{"name": "hand", "deck": "d", "deal": 2}],
        round_plan=[
            rnd(
                fields=[
                    {"name": "gift", "label": "Your gift", "type": "give", "holding": "gold", "required": False},
                    {"name": "card", "label": "Your card", "type": "card", "pile": "hand", "required": False},
                    trade,
                    {**trade, "name": "t2", "label": "Second trade"},
                ]
            )
        ],
    )
    state = start(["ann", "bob", "cat"], definition=definition)
    with pytest.raises(RuleError, match="Your gift: you hold 2, not 3"):
        E.validate(state, "ann", {"gift": {"to": "bob", "amount": 3}})
    bobs = state["piles"]["hand"]["bob"][0]
    with pytest.raises(RuleError, match="Your card: you do not hold that card"):
        E.validate(state, "ann", {"card": bobs})
    offer = {"with": "bob", "give": {"gold": 1}, "get": {}}
    with pytest.raises(RuleError, match="Second trade: one trade per partner a round"):
        E.validate(state, "ann", {"t1": offer, "t2": offer})
    assert E.validate(state, "ann", {"t1": offer, "t2": {**offer, "with": "cat"}})


def test_a_deck_is_dealt_without_replacement_and_copies_may_follow_the_players() -> None:
    quote("copies: a whole number or a formula of players")
    definition = v2(
        decks=[{"name": "roles", "cards": [{"label": "Thief"}, {"label": "Citizen", "copies": "players - 1"}]}],
        piles=[{"name": "role", "deck": "roles", "deal": 1}],
    )
    for count in (2, 4, 6):
        players = ["ann", "bob", "cat", "dan", "eve", "fay"][:count]
        state = start(players, definition=definition, seed=str(count))
        dealt = [i for p in players for i in state["piles"]["role"][p]]
        assert len(set(dealt)) == count and state["deck"]["roles"] == []
        assert sorted(state["cards"][i]["label"] for i in dealt) == ["Citizen"] * (count - 1) + ["Thief"]


def test_a_round_whose_when_is_false_is_skipped() -> None:
    quote("false when the round comes up, the round is skipped")
    definition = v2(rounds=3, round_plan=[rnd(), rnd(label="Bonus", when="round == 3")])
    state = start(["ann", "bob"], definition=definition)
    state, messages = step(state, {})
    assert state["round"] == 3 and state["skipped"] == ["Bonus 2"]
    assert "Bonus 2 is not played: its condition does not hold." in [m.text for m in messages]


def test_a_round_in_a_computed_order_awaits_the_lowest_first() -> None:
    quote("a formula (lowest first)")
    definition = v2(round_plan=[rnd(order="0 - score")], scores={"start": 0})
    state = start(["ann", "bob", "cat"], definition=definition)
    state["scores"] = {"ann": 1, "bob": 5, "cat": 3}
    from games.house.engine import rounds

    rounds.open_round(state, None)
    assert E.awaiting(state) == ("bob",) and state["queue"] == ["cat", "ann"]


def test_the_match_ends_when_someone_is_broke() -> None:
    quote('when: "min(all_chips) <= 0"')
    definition = v2(
        rounds=None,
        holdings=[{"name": "chips", "start": 2, "min": 0}],
        round_plan=[rnd(effects=[{"to": "chips", "who": "each", "amount": "0 - n"}])],
        end={"when": "min(all_chips) <= 0"},
    )
    state = start(["ann", "bob"], definition=definition)
    state, _ = step(state, {"ann": {"n": 1}, "bob": {"n": 1}})
    assert E.outcome(state) is None
    state, _ = step(state, {"ann": {"n": 0}, "bob": {"n": 1}})
    assert E.outcome(state) is not None and state["round"] == 2


def test_a_formula_error_names_its_path_when_the_definition_is_saved() -> None:
    quote("a name it does not offer is refused when the definition is saved")
    errors = definition_errors(v2(round_plan=[rnd(effects=[{"to": "score", "amount": "pott * 2"}])]))
    assert errors and errors[0].startswith("round_plan[0].effects[0].amount: unknown name 'pott'")


def test_a_vote_out_game_need_not_make_every_survivor_a_winner() -> None:
    quote("winners: top                  # top | none | a formula true for each winner")
    definition = v2(rounds=1, outcome={"winners": "not is_out and score >= 5"})
    state = start(["ann", "bob", "cat"], definition=definition)
    state, _ = step(state, {})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ()
    scored = v2(rounds=1, outcome={"winners": "score >= 5"}, round_plan=[rnd(effects=[{"to": "score", "amount": "n"}])])
    state = start(["ann", "bob", "cat"], definition=scored)
    state, _ = step(state, {"ann": {"n": 7}, "bob": {"n": 5}, "cat": {"n": 1}})
    assert E.outcome(state).winners == ("ann", "bob")  # type: ignore[union-attr]


def test_bounded_sizes_and_one_line_texts() -> None:
    quote("at most 4 decks, 500 cards in all")
    errors = definition_errors(
        v2(decks=[{"name": "d", "cards": [{"label": "x", "copies": 400}, {"label": "y", "copies": 200}]}])
    )
    assert any(e.startswith("decks: may hold at most 500 cards") for e in errors)
    errors = definition_errors(v2(title="Bad\x00title", holdings=[{"name": "a", "label": "two\nlines"}]))
    assert "title: must not hold control characters (it holds U+0000)" in errors
    assert "holdings[0].label: must be one line (it holds a line break)" in errors


def test_garnets_paid_count_at_once_and_are_never_taken() -> None:
    quote("`garnets`: paid to the player, never taken")
    definition = v2(rounds=1, round_plan=[rnd(effects=[{"to": "garnets", "amount": "n - 5"}])])
    state = start(["ann", "bob"], definition=definition, garnets={"ann": 1, "bob": 1})
    state, _ = step(state, {"ann": {"n": 9}, "bob": {"n": 0}})
    assert state["garnets"]["ann"]["paid"] == 4 and state["garnets"]["bob"]["paid"] == 0
    assert dict(E.outcome(state).garnets) == {"ann": 4, "bob": 0}  # type: ignore[union-attr]


def test_an_effect_whose_formula_cannot_be_computed_does_nothing_and_says_so() -> None:
    """A formula that fails while the match plays (a division by zero) never stops the match (RULES.md house-40)."""
    definition = v2(rounds=1, round_plan=[rnd(effects=[{"to": "score", "amount": "10 / n"}])])
    state = start(["ann", "bob"], definition=definition)
    state, messages = step(state, {"ann": {"n": 0}, "bob": {"n": 5}})
    assert state["scores"] == {"ann": 0, "bob": 0}
    assert any("so it did nothing (round_plan[0].effects[0].amount)" in m.text for m in messages)
    assert "division by zero" in str(E.view(state, DEALER)["dealer"]["faults"])  # the why: the dealer's
    assert E.outcome(state) is not None


def test_a_round_in_turn_order_names_the_mover_in_its_turn_label() -> None:
    """ "A round in turn order awaits one mover at a time, each a turn of its own" (RULES.md house-38)."""
    state = start(["ann", "bob"], definition=v2(round_plan=[rnd(order="seat")]))
    assert E.turn_label(state) == "Round 1 · ann's turn"
    state, _ = step(state, {"ann": {"n": 3}})
    assert E.turn_label(state) == "Round 1 · bob's turn" and E.awaiting(state) == ("bob",)


def test_a_round_the_dealer_opens_is_dealt_and_may_be_skipped_like_any_other() -> None:
    """A named round of /2 gets its cards when the dealer names its players (RULES.md house-37)."""
    from games.engine import DEALER

    definition = v2(
        decks=[{"name": "d", "cards": [{"label": "Ace", "copies": 10}]}],
        piles=[{"name": "hand", "deck": "d", "deal": 0}],
        round_plan=[rnd(awaits="named", deal=[{"pile": "hand", "count": 2}])],
    )
    state = start(["ann", "bob", "cat"], definition=definition)
    assert E.awaiting(state) == (DEALER,)
    state, _ = step(state, {DEALER: {"next_awaits": ["ann", "cat"]}})
    assert E.awaiting(state) == ("ann", "cat")
    assert [len(state["piles"]["hand"][p]) for p in ("ann", "bob", "cat")] == [2, 2, 2]


def test_a_role_changes_what_its_holders_form_asks() -> None:
    """ "a role that rotates ... and changes what its holder's form asks": a field ``for: role:x`` is asked of
    the holder only, ``for: others:x`` of everyone else, in the same round."""
    definition = v2(
        roles=[{"name": "x", "order": "seat"}],
        round_plan=[
            rnd(
                fields=[
                    {"name": "secret", "label": "Your secret number", "type": "number", "for": "role:x"},
                    {"name": "guess", "label": "Your guess", "type": "number", "for": "others:x", "default": 0},
                ],
                effects=[{"to": "score", "who": "each", "amount": "1 if guess == sum(sent['secret']) else 0"}],
            )
        ],
    )
    state = start(["ann", "bob", "cat"], definition=definition)
    assert E.default_move(state, "ann") == {"secret": None} and E.default_move(state, "bob") == {"guess": 0}
    with pytest.raises(RuleError, match='This round has no field "guess"'):
        E.validate(state, "ann", {"secret": 4, "guess": 4})
    state, _ = step(state, {"ann": {"secret": 4}, "bob": {"guess": 4}, "cat": {"guess": 5}})
    assert state["scores"] == {"ann": 0, "bob": 1, "cat": 0}
    assert E.default_move(state, "bob") == {"secret": None}  # round 2: bob holds the role
    errors = definition_errors(
        {**v2(), "schema": "garnet-house/1", "round_plan": [rnd(fields=[{**NUMBER, "for": "role:x"}])]}
    )
    assert "round_plan[0].fields[0].for: is a key of garnet-house/2" in errors


def test_a_gift_may_be_an_item_one_card_of_the_givers_pile() -> None:
    quote('`give` | `{"to": a player, "amount": n}`')
    definition = v2(
        decks=[{"name": "d", "cards": [{"label": "Ace", "copies": 4}, {"label": "King", "copies": 4}]}],
        piles=[{"name": "hand", "deck": "d", "deal": 2}],
        round_plan=[
            rnd(fields=[{"name": "gift", "label": "A card to give", "type": "give", "pile": "hand", "required": False}])
        ],
    )
    state = start(["ann", "bob"], definition=definition)
    card, bobs = state["piles"]["hand"]["ann"][0], state["piles"]["hand"]["bob"][0]
    with pytest.raises(RuleError, match="A card to give: you do not hold that card"):
        E.validate(state, "ann", {"gift": {"to": "bob", "card": bobs}})
    state, messages = step(state, {"ann": {"gift": {"to": "bob", "card": card}}})
    assert card in state["piles"]["hand"]["bob"] and card not in state["piles"]["hand"]["ann"]
    assert [m.text for m in messages if m.to == "bob"] == [f"ann gave you {state['cards'][card]['label']}."]


def test_a_secret_flag_may_not_count_its_uses_in_a_public_holding() -> None:
    """A public counter would show who set a flag of a round whose moves stay secret (RULES.md house-29)."""
    flag = {"name": "boost", "type": "flag", "required": False, "cost": {"start": 1, "counter": "uses"}}
    errors = definition_errors(v2(holdings=[{"name": "uses"}], round_plan=[rnd(fields=[dict(NUMBER), flag])]))
    assert 'round_plan[0].fields[1].cost.counter: "uses" is public: it would show who set this secret flag' in errors
    shown = v2(holdings=[{"name": "uses"}], round_plan=[rnd(fields=[dict(NUMBER), flag], reveal="all")])
    assert definition_errors(shown) == []
