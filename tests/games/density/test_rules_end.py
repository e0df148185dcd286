"""Scenario tests for the end of a match, damage, the end of the season, visibility and the move rules."""

from __future__ import annotations

import json
from random import Random

import pytest

from games.engine import RuleError

from .helpers import DEAL, PLAYERS, TIE, E, pass_turn, play, result, start, texts, to_round


def fight_in(round_no: int, deal: dict | None = None, **options: object):
    """ann fights at the start of Round ``round_no`` (earlier turns only draw and discard what they drew)."""
    return play(to_round(start(deal, **options), round_no), {"action": "fight"})


def test_the_match_is_over_and_each_players_score_is_calculated() -> None:
    """The match is over and each player's score is calculated."""
    state, msgs = fight_in(2)
    points = {r["player"]: r["points"] for r in state.last_match["results"]}
    assert points == {"ann": 18, "bob": 15, "cat": 3, "dan": 12}
    assert result(state, "ann")["lines"][0] == "red: red 10 (hand) + red 5 (hand) + red 3 (Amplification) = 18"
    assert "ann: red 10, red 5, common 9; score 18; takes 0 damage" in texts(msgs)


@pytest.mark.parametrize(("round_no", "damage"), [(2, 2), (3, 3), (4, 4), (5, 4), (7, 4)])
def test_damage_by_round(round_no: int, damage: int) -> None:
    """Damage by Round: Round 2: 2 damage / Round 3: 3 damage / Round 4 and above: 4 damage"""
    state, _ = fight_in(round_no)
    assert state.lives == {"ann": 10, "bob": 10 - damage, "cat": 10 - damage, "dan": 10 - damage}


@pytest.mark.parametrize(("round_no", "damage"), [(2, 1), (3, 2), (4, 3), (6, 3)])
def test_surrendering_reduces_damage_by_1(round_no: int, damage: int) -> None:
    """Surrender Penalty: Surrendering reduces damage by 1 but cannot reduce damage below 1."""
    state = to_round(start(), round_no)
    state, _ = play(state, {"action": "surrender"})  # ann, before drawing
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "drawn", "surrender": True})  # bob, after
    state, _ = play(state, {"action": "fight"})  # cat (3 points) against dan (12)
    assert state.last_match["round"] == round_no
    assert result(state, "ann")["damage"] == result(state, "bob")["damage"] == damage
    assert result(state, "cat")["damage"] == min(round_no, 4) and result(state, "dan")["damage"] == 0


def test_surrender_in_round_2_costs_1_and_the_last_player_in_wins() -> None:
    """Surrender Penalty: … cannot reduce damage below 1. (The match ends when all opponents surrender.)"""
    state = to_round(start(), 2)
    state = pass_turn(state)
    for _ in range(3):
        state, msgs = play(state, {"action": "surrender"})
    assert "every opponent of ann surrendered" in texts(msgs)
    assert state.lives == {"ann": 10, "bob": 9, "cat": 9, "dan": 9} and state.last_match["winners"] == ["ann"]


def test_a_match_ended_in_round_1_by_surrenders_deals_1_to_each_surrendered_player() -> None:
    """INDEX.md: Round 1 has no damage table: a match ended in Round 1 by surrenders deals 1 damage to each
    surrendered player."""
    state = start()
    state, _ = play(state, {"action": "surrender"})
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "drawn", "surrender": True})
    state, msgs = play(state, {"action": "surrender"})
    assert "Match 1 ends in Round 1: every opponent of dan surrendered" in texts(msgs)
    assert state.lives == {"ann": 9, "bob": 9, "cat": 9, "dan": 10} and state.match == 2


def test_the_player_with_the_highest_score_wins_the_match() -> None:
    """The player with the highest score wins the match."""
    state, _ = fight_in(3)
    assert state.last_match["winners"] == ["ann"] and result(state, "ann")["damage"] == 0


def test_tied_top_scores_take_no_damage() -> None:
    """In the event of a tie, those players take no damage for that match."""
    state, msgs = fight_in(2, TIE)
    assert state.last_match["winners"] == ["ann", "dan"]
    assert state.lives == {"ann": 10, "bob": 8, "cat": 8, "dan": 10}
    assert "ann and dan tie for the top score and take no damage" in texts(msgs)


def test_a_surrendered_player_cannot_win_the_match() -> None:
    """Ruling 9: a surrendered player always takes the round's damage less 1, even if their hand scores higher."""
    state = to_round(start(TIE), 2)
    state = pass_turn(pass_turn(pass_turn(state)))
    state, _ = play(state, {"action": "surrender"})  # dan, 18 points
    state, _ = play(state, {"action": "fight"})  # ann, Round 3
    assert result(state, "dan")["points"] == 18 and result(state, "dan")["damage"] == 2
    assert state.last_match["winners"] == ["ann"]


def test_the_next_match_begins_at_round_1_while_two_players_have_lives() -> None:
    """If two or more players have more than 0 life left, the next match begins again at round 1"""
    state, msgs = fight_in(2)
    assert state.match == 2 and state.round == 1 and state.revealed == 0 and state.surrendered == []
    assert all(len(state.hands[p]) == 3 for p in PLAYERS) and state.discards == {p: [] for p in state.order}
    assert "Match 2: ann deals. Round 1 begins with bob." in texts(msgs)


def test_players_with_no_lives_sit_out_and_the_deal_skips_them() -> None:
    """The dealer … shifts clockwise after each hand. (Ruling 2/3: only players with lives are dealt in.)"""
    state = to_round(start(lives=2, dealer="ann"), 2)  # order bob, cat, dan, ann
    state = pass_turn(state)
    state, _ = play(state, {"action": "surrender"})
    state, _ = play(state, {"action": "surrender"})
    state, _ = play(state, {"action": "fight"})
    assert state.lives == {"ann": 2, "bob": 0, "cat": 1, "dan": 1}
    assert state.dealer == "cat" and state.order == ["dan", "ann", "cat"] and "bob" not in state.hands


def test_the_last_player_standing_wins_the_game() -> None:
    """… until only 1 player remains with at least 1 life left. The last player standing with at least
    1 life remaining wins the game. (2 Tokens of Life; no garnets unless the host grants them.)"""
    state, msgs = fight_in(4, lives=4)
    state, _ = play(state, {"ec": "bob"})
    out = E.outcome(state)
    assert out is not None and out.winners == ("ann",) and out.tokens == {"ann": 2} and out.garnets == {}
    assert "ann is the last player with lives and wins 2 Tokens of Life" in texts(msgs)
    assert E.awaiting(state) == () and E.turn_label(state) == "Season over"
    state, _ = fight_in(4, lives=4, garnets=7)
    state, _ = play(state, {"ec": "bob"})
    assert E.outcome(state).garnets == {"ann": 7}


def test_the_ec_is_the_first_player_to_run_out_of_lives() -> None:
    """The EC is the first player to run out of lives; several at once: the lowest life total."""
    hands2 = {"ann": DEAL["hands"]["ann"], "dan": DEAL["hands"]["cat"]}
    match2 = {"hands": hands2, "center": ["red 3", "blue 3", "gold 4"]}
    state = to_round(start(TIE, lives=2, deals=[TIE, match2]), 2)
    state = pass_turn(pass_turn(state))
    state, _ = play(state, {"action": "surrender"})  # cat: will take 2 in Round 3
    state = pass_turn(state)
    state, _ = play(state, {"action": "fight"})  # ann, Round 3: bob 3 damage, dan ties ann
    assert state.lives == {"ann": 2, "bob": -1, "cat": 0, "dan": 2}
    assert state.out == [["bob", "cat"]] and state.ec == "bob" and E.outcome(state) is None
    assert state.order == ["dan", "ann"]
    state = to_round(state, 2)
    state, _ = play(state, {"action": "fight"})  # dan (3 points) against ann (18)
    assert E.outcome(state).candidates[:1] == ("bob",) and E.outcome(state).winners == ("ann",)


def test_tied_ecs_are_picked_by_the_winner_in_a_final_turn() -> None:
    """The EC, several at once at the same life total: the winner's choice in a final turn."""
    state, msgs = fight_in(2, lives=2)
    assert state.lives == {"ann": 2, "bob": 0, "cat": 0, "dan": 0}
    assert E.outcome(state) is None and E.awaiting(state) == ("ann",) and E.turn_label(state) == "EC choice"
    assert "ann picks the EC" in texts(msgs)
    with pytest.raises(RuleError, match="the EC must be one of"):
        E.validate(state, "ann", {"ec": "ann"})
    with pytest.raises(RuleError, match="the turn awaits ann"):
        E.validate(state, "bob", {"ec": "cat"})
    picked, _ = play(state, {"ec": "Cat"})
    assert E.outcome(picked).candidates[:1] == ("cat",)
    defaulted, _ = E.resolve(state, {}, Random("t"))
    assert E.outcome(defaulted).candidates[:1] == ("bob",)


def test_what_each_player_sees_during_a_match() -> None:
    """Every player sees their own hand, every discard pile's top card, the revealed Amplification cards,
    everyone's lives and the deck's size; nobody sees another hand until a match ends."""
    state = to_round(start(), 2)
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "common 9"})
    seen = E.view(state, "bob")
    pub = seen["public"]
    assert seen["you"]["hand"] == DEAL["hands"]["bob"] and seen["score"] == 10
    assert pub["discards"]["ann"]["name"] == "common 9" and pub["discard_sizes"]["ann"] == 2
    assert [c["name"] for c in pub["amplification"]] == ["red 3"] and pub["amplification_hidden"] == 2
    assert pub["lives"] == {p: 10 for p in PLAYERS} and pub["deck_size"] == len(state.deck)
    text = json.dumps(seen)
    assert "red 10" not in text and "white 6" not in text and "blue 3" not in text
    assert "hand" not in json.dumps(E.view(state, None))


def test_all_hands_are_shown_with_their_scores_when_a_match_ends() -> None:
    """Nobody sees another hand until a match ends, when all hands are shown with their scores."""
    state, msgs = fight_in(2)
    rows = E.view(state, None)["public"]["last_match"]["results"]
    assert {r["player"]: [c["name"] for c in r["hand"]] for r in rows} == DEAL["hands"]
    assert all(r["lines"][-1].startswith(f"score {r['points']}") for r in rows)
    assert "dan: white 6, white 6, common 7; score 12" in texts(msgs)


def test_default_move_draws_from_the_deck_and_discards_the_drawn_card() -> None:
    """Ruling 16: a missing or invalid submission draws from the deck and discards the drawn card."""
    state = start()
    assert E.default_move(state, "ann") == {"action": "draw", "from": "deck", "discard": "drawn", "surrender": False}
    after, _ = E.resolve(state, {}, Random("t"))
    bad, _ = E.resolve(state, {"ann": {"action": "fight"}}, Random("t"))
    assert after.hands == bad.hands == state.hands and after.discards["ann"] == ["common 4"] == bad.discards["ann"]


@pytest.mark.parametrize(
    ("move", "error"),
    [
        ("fight", "must be an object"),
        ({}, 'needs "action"'),
        ({"action": "pass"}, "the action must be one of"),
        ({"action": "draw", "from": "ghost", "discard": "drawn"}, "you may draw from"),
        ({"action": "draw", "from": "deck", "discard": 3}, "card name"),
        ({"action": "draw", "from": "deck", "discard": "pink 7"}, "not a card"),
        ({"action": "draw", "from": "deck", "discard": "drawn", "surrender": "no"}, "true or false"),
    ],
)
def test_validate_names_the_rule_broken(move: object, error: str) -> None:
    """validate turns any JSON into a RuleError whose message names the rule broken."""
    with pytest.raises(RuleError, match=error):
        E.validate(start(), "ann", move)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="not your turn: the turn awaits ann"):
        E.validate(start(), "bob", {"action": "surrender"})


def test_resolve_never_mutates_its_input_and_turn_length_is_the_hosts() -> None:
    """Each turn awaits exactly one player; the turn length is the host's choice."""
    state = start(turn_seconds=90)
    before = json.dumps(E.dump(state), sort_keys=True)
    play(state, {"action": "surrender"})
    assert json.dumps(E.dump(state), sort_keys=True) == before
    assert E.turn_seconds(state) == 90 and E.turn_seconds(start()) == 3600
    assert E.turn_label(state) == "Match 1 · Round 1" and len(E.awaiting(state)) == 1


@pytest.mark.parametrize(
    "options",
    [
        {"deal": {"hands": {"ann": ["red 10", "red 10", "red 5"]}}},
        {"deal": {"center": ["red 3"]}},
        {"dealer": "ghost"},
        {"scoring": "product"},
        {"turn_seconds": 0},
        {"deals": "x"},
    ],
)
def test_bad_host_options_are_refused(options: dict) -> None:
    """Every random deal in setup can be fixed through options; impossible deals are refused."""
    with pytest.raises(RuleError):
        E.setup(PLAYERS, options, Random("x"))


def test_later_elimination_candidates_by_the_match_they_ran_out_in_then_lives_then_the_gamewide_order() -> None:
    """Ruling 22: "the EC first, then the other non-winners by the match in which they ran out of lives (the
    earliest first), then the lowest life total, then the season's gamewide tiebreak order"."""
    state, _ = fight_in(2, lives=2, gamewide_order=["dan", "ann", "bob", "cat"])
    picked, _ = play(state, {"ec": "cat"})
    assert E.outcome(picked).candidates == ("cat", "dan", "bob")
    unordered, _ = play(fight_in(2, lives=2)[0], {"ec": "cat"})
    assert E.outcome(unordered).candidates == ("cat", "bob", "dan")  # outside a season: seat order
    hands2 = {"ann": DEAL["hands"]["ann"], "dan": DEAL["hands"]["cat"]}
    state = to_round(start(TIE, lives=2, deals=[TIE, {"hands": hands2, "center": ["red 3", "blue 3", "gold 4"]}]), 2)
    state = pass_turn(pass_turn(state))
    state, _ = play(state, {"action": "surrender"})
    state = pass_turn(state)
    state, _ = play(state, {"action": "fight"})
    state, _ = play(to_round(state, 2), {"action": "fight"})
    assert state.out[0] == ["bob", "cat"] and E.outcome(state).candidates == ("bob", "cat", "dan")
