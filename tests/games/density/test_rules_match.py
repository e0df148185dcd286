"""Scenario tests for the clauses of a Density Deck match: the deck, the deal, turns, drawing, discarding."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from games.density.cards import COLOURS, full_deck
from games.engine import RuleError

from .helpers import DEAL, PLAYERS, E, all_cards, pass_turn, play, start, texts, to_round


def test_deck_is_50_cards_20_commons_two_of_each_power() -> None:
    """A single 50 card deck … Common Cards: 20 cards, two copies of each (Power Levels 1 to 10)"""
    deck = Counter(full_deck())
    assert sum(deck.values()) == 50
    assert {f"common {p}": 2 for p in range(1, 11)}.items() <= deck.items()


def test_ten_colours_of_three_cards_with_the_listed_powers() -> None:
    """Yellow: 3 cards (Power Levels 3, 4, 5) / Turquoise: 3, 3, 10 / Red: 3, 5, 10 / Blue: 3, 5, 10 /
    Purple: 3, 5, 10 / Silver: 4, 4, 4 / Gold: 4, 4, 10 / Aquamarine: 5, 5, 5 / White: 6, 6, 6 / Black: 6, 6, 6"""
    listed = {
        "yellow": [3, 4, 5],
        "turquoise": [3, 3, 10],
        "red": [3, 5, 10],
        "blue": [3, 5, 10],
        "purple": [3, 5, 10],
        "silver": [4, 4, 4],
        "gold": [4, 4, 10],
        "aquamarine": [5, 5, 5],
        "white": [6, 6, 6],
        "black": [6, 6, 6],
    }
    assert {c: list(p) for c, p in COLOURS.items()} == listed
    for colour, powers in listed.items():
        assert sorted(int(c.split()[1]) for c in full_deck() if c.startswith(colour + " ")) == powers


def test_shuffled_and_3_dealt_to_each_player_and_3_face_down_to_the_center() -> None:
    """A single 50 card deck is shuffled randomly and 3 cards are dealt to each player, plus 3 face-down
    to the Center Amplification area."""
    state = E.setup(PLAYERS, {}, Random("x"))
    assert all(len(state.hands[p]) == 3 for p in PLAYERS)
    assert len(state.center) == 3 and state.revealed == 0 and len(state.deck) == 35
    assert Counter(all_cards(state)) == Counter(full_deck())
    other = E.setup(PLAYERS, {"dealer": state.dealer}, Random("y"))
    assert other.hands != state.hands
    public = E.view(state, None)["public"]
    assert public["amplification"] == [] and public["amplification_hidden"] == 3 and public["deck_size"] == 35


def test_there_are_4_players_and_each_starts_with_10_lives() -> None:
    """There are 4 players and each player starts with 10 lives."""
    state = start()
    assert state.lives == {p: 10 for p in PLAYERS}
    for roster in (PLAYERS[:3], [*PLAYERS, "eve"], ["ann", "ann", "bob", "cat"]):
        with pytest.raises(RuleError):
            E.setup(roster, {}, Random("x"))


def test_the_dealer_is_chosen_at_random_at_the_start() -> None:
    """The dealer is chosen at random at the start"""
    dealers = {E.setup(PLAYERS, {}, Random(f"s{i}")).dealer for i in range(40)}
    assert dealers == set(PLAYERS)
    assert E.setup(PLAYERS, {"dealer": "cat"}, Random("s")).dealer == "cat"


def test_the_dealer_shifts_clockwise_after_each_hand() -> None:
    """… and shifts clockwise after each hand."""
    state = to_round(start(), 2)
    state, _ = play(state, {"action": "fight"})
    assert state.match == 2 and state.dealer == "ann" and state.round == 1
    assert state.order == ["bob", "cat", "dan", "ann"] and E.awaiting(state) == ("bob",)


def test_each_round_starts_left_of_the_dealer_and_proceeds_clockwise() -> None:
    """Each round starts with the player to the left of the dealer and proceeds clockwise."""
    state = start(dealer="bob")
    seen = []
    for _ in range(8):
        seen.append(E.awaiting(state)[0])
        state = pass_turn(state)
    assert seen == ["cat", "dan", "ann", "bob"] * 2


def test_a_new_center_card_is_flipped_after_every_complete_rotation() -> None:
    """After every complete rotation of players, all players get a turn, a new Center Amplification card is flipped."""
    state = start()
    for _ in range(3):
        state = pass_turn(state)
    assert state.revealed == 0
    state, msgs = play(state, {"action": "draw", "from": "deck", "discard": "drawn"})
    assert state.round == 2 and state.revealed == 1
    assert "Center Amplification card 1 is flipped: red 3" in texts(msgs)
    assert [c["name"] for c in E.view(state, None)["public"]["amplification"]] == ["red 3"]


def test_by_the_beginning_of_round_4_all_3_are_revealed() -> None:
    """By the beginning of Round 4, all 3 center amplification cards are revealed."""
    state = start()
    revealed = {}
    while state.round < 6:
        revealed[state.round] = state.revealed
        state = pass_turn(state)
    assert revealed == {1: 0, 2: 1, 3: 2, 4: 3, 5: 3}


def test_a_rotation_counts_only_the_players_still_in() -> None:
    """Ruling 8: a round is one rotation of the players still in; a surrendered player is skipped."""
    state = start()
    state, _ = play(state, {"action": "surrender"})  # ann
    state = pass_turn(pass_turn(pass_turn(state)))
    assert state.round == 2 and E.awaiting(state) == ("bob",)


def test_the_match_continues_until_a_fight_or_all_opponents_surrender() -> None:
    """The match continues, round by round, until a fight is initiated or when all opponents surrender."""
    state = to_round(start(), 12)
    assert state.match == 1 and E.outcome(state) is None and E.awaiting(state) == ("ann",)


def test_no_fight_before_round_1_is_complete_and_the_first_card_is_flipped() -> None:
    """Fight Phase: Before drawing, a player can initiate a fight, but only after the first round is
    complete and the first Amplification card is flipped."""
    state = start()
    with pytest.raises(RuleError, match="only after Round 1 is complete"):
        E.validate(state, "ann", {"action": "fight"})
    assert E.view(state, "ann")["you"]["may_fight"] is False
    state = pass_turn(pass_turn(pass_turn(state)))
    with pytest.raises(RuleError, match="only after Round 1"):
        E.validate(state, "dan", {"action": "fight"})


def test_a_fight_in_round_2_ends_the_match_at_once() -> None:
    """Fight Phase: Before drawing, a player can initiate a fight … The match continues … until a fight is initiated"""
    state = to_round(start(), 2)
    assert E.view(state, "ann")["you"]["may_fight"] is True
    hand_before = list(state.hands["ann"])
    state, msgs = play(state, {"action": "fight"})
    assert "Match 1 ends in Round 2: ann started a fight" in texts(msgs)
    assert state.last_match is not None and [c["name"] for c in state.last_match["results"][0]["hand"]] == hand_before


def test_draw_from_the_central_pile() -> None:
    """Draw Phase: Draw a card from the central pile or another player's discard pile."""
    state = start()
    state, msgs = play(state, {"action": "draw", "from": "deck", "discard": "common 9"})
    assert state.hands["ann"] == ["red 10", "red 5", "common 4"] and len(state.deck) == 35 - 1
    assert state.discards["ann"] == ["common 9"]
    assert any(m.to == "ann" and "You drew common 4" in m.text for m in msgs)
    assert "common 4" not in texts(msgs)


def test_draw_from_the_top_of_another_players_discard_pile() -> None:
    """Draw Phase: Draw a card from the central pile or another player's discard pile."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "common 9"})
    state, _ = play(state, {"action": "draw", "from": "ann", "discard": "common 8"})
    assert state.hands["bob"] == ["blue 10", "blue 5", "common 9"]
    assert state.discards == {"ann": [], "bob": ["common 8"], "cat": [], "dan": []}


def test_no_draw_from_your_own_or_an_empty_pile() -> None:
    """Draw Phase: … another player's discard pile."""
    state = start()
    with pytest.raises(RuleError, match="you may draw from: deck"):
        E.validate(state, "ann", {"action": "draw", "from": "bob", "discard": "drawn"})
    state = pass_turn(state)
    with pytest.raises(RuleError, match="not your own"):
        E.validate(state, "bob", {"action": "draw", "from": "bob", "discard": "drawn"})
    assert E.view(state, "bob")["you"]["draw_from"] == ["deck", "ann"]


def test_you_must_discard_so_you_hold_only_3_cards() -> None:
    """You must have only 3 cards in your hand after this phase, so if you draw, you must discard."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck"})
    assert len(state.hands["ann"]) == 4 and E.awaiting(state) == ("ann",)  # the turn is not over
    with pytest.raises(RuleError, match='needs "discard"'):
        E.validate(state, "ann", {"surrender": False})
    state, _ = play(state, {"discard": "drawn"})
    assert len(state.hands["ann"]) == 3 and E.awaiting(state) == ("bob",)
    for _ in range(9):
        state = pass_turn(state)
        assert all(len(h) == 3 for h in state.hands.values())


def test_discard_one_card_into_your_personal_discard_pile() -> None:
    """Discard Phase: Discard one card into your personal discard pile, ensuring your hand is back to 3 cards."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "drawn"})
    assert state.hands["ann"] == DEAL["hands"]["ann"] and state.discards["ann"] == ["common 4"]
    with pytest.raises(RuleError, match="discard a card of your hand"):
        E.validate(state, "bob", {"action": "draw", "from": "deck", "discard": "red 10"})
    # Drawing from a pile, naming its top card discards the card just drawn (ruling 5).
    move = E.validate(state, "bob", {"action": "draw", "from": "ann", "discard": "Common  4"})
    assert move == {"action": "draw", "from": "ann", "discard": "drawn", "surrender": False}


def test_surrender_before_drawing() -> None:
    """Surrender Option: Players may surrender before or after their Draw Phase."""
    state = start()
    state, msgs = play(state, {"action": "surrender"})
    assert state.surrendered == ["ann"] and state.hands["ann"] == DEAL["hands"]["ann"] and state.discards["ann"] == []
    assert "ann surrenders" in texts(msgs) and E.awaiting(state) == ("bob",)


def test_surrender_after_drawing_and_take_no_more_turns() -> None:
    """Surrender Option: Players may surrender before or after their Draw Phase. (A surrendered player
    takes no more turns that match.)"""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "common 9", "surrender": True})
    assert state.surrendered == ["ann"] and state.discards["ann"] == ["common 9"]
    for _ in range(7):
        assert E.awaiting(state) != ("ann",)
        state = pass_turn(state)
    with pytest.raises(RuleError, match="not your turn"):
        E.validate(state, "ann", {"action": "surrender"})


def test_a_surrendered_players_pile_may_still_be_drawn_from() -> None:
    """Ruling 6: you may draw from any other player's non-empty discard pile, a surrendered player's included."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "common 9", "surrender": True})
    assert "ann" in E.view(state, "bob")["you"]["draw_from"]


def test_when_the_deck_runs_out_the_piles_but_their_tops_are_reshuffled() -> None:
    """Ruling 13: when the deck runs out, every discard pile but its top card is shuffled into a new deck."""
    state = start()
    while len(state.deck) > 1:
        state = pass_turn(state)
    drawer, last = E.awaiting(state)[0], state.deck[0]
    tops = {p: pile[-1] for p, pile in state.discards.items()} | {drawer: last}
    state, msgs = play(state, {"action": "draw", "from": "deck", "discard": "drawn"})
    assert "The deck ran out" in texts(msgs)
    assert state.discards == {p: [tops[p]] for p in tops}
    assert len(state.deck) == 35 - 4 and Counter(all_cards(state)) == Counter(full_deck())
    state = to_round(state, state.round + 3)
    assert Counter(all_cards(state)) == Counter(full_deck())
