"""Scenario tests for the end of an ABC match: Tokens of Life, the EC, the tie-breaks, garnets.

Scores before round 5 are set with ``before_last_round``; round 5 is then played for real
(eve is the X; with everyone Betraying she gains 2 per pair, 4 in all).
Clauses quote ``games/abc/rules.txt``; rulings quote ``games/abc/RULES.md``.
"""

from __future__ import annotations

from random import Random

import pytest

from games.engine import RuleError

from .helpers import ENGINE, PLAYERS, all_same_round, before_last_round, new, play_round, public_texts, step

TIE_CLAUSE = "If there is a tie for last place, the winner(s) of the Main Match will break the tie"


def _finish(scores: dict[str, int], garnets: dict[str, int] | None = None, action: str = "betray"):
    """Play round 5 (eve is X; everyone plays ``action``) from ``scores``."""
    state = before_last_round(scores, garnets)
    return all_same_round(state, action)


def test_most_points_gets_2_tokens_of_life() -> None:
    """ "After the conclusion of all 5 rounds, whoever has the most points will be given 2 Tokens of Life." """
    state, messages = _finish({"ann": 10, "bob": 5, "cat": 3, "dan": 1, "eve": 0})
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("ann",) and dict(outcome.tokens) == {"ann": 2}
    assert "Winner: ann (2 Tokens of Life)" in public_texts(messages)
    assert ENGINE.view(state, None)["public"]["result"]["tokens"] == {"ann": 2}


def test_two_tied_for_first_get_a_token_each() -> None:
    """ "If there is a tie for first, each player tied for first will get a Token of Life provided there
    are only 2 such tied players." """
    state, _ = _finish({"ann": 10, "bob": 10, "cat": 3, "dan": 1, "eve": 0})
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("ann", "bob") and dict(outcome.tokens) == {"ann": 1, "bob": 1}


def test_three_or_more_tied_for_first_negate_all_tokens() -> None:
    """ "Otherwise, all Tokens of Life are negated." """
    state, messages = _finish({"ann": 10, "bob": 10, "cat": 10, "dan": 1, "eve": 0})
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == () and dict(outcome.tokens) == {}
    assert "no winner, and no Tokens of Life" in public_texts(messages)


def test_the_ec_is_the_player_with_the_least_points() -> None:
    """ "The Elimination Candidate is the player with the least amount of points." """
    state, messages = _finish({"ann": 10, "bob": 5, "cat": 3, "dan": -4, "eve": 0})
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.candidates[:1] == ("dan",)
    assert "The Elimination Candidate is dan: dan has the lowest score." in public_texts(messages)
    assert ENGINE.awaiting(state) == () and ENGINE.turn_label(state) == "Results"


def test_1_garnet_for_every_5_points() -> None:
    """ "Additionally, you get 1 garnet for every 5 points you score." Ruling 9: whole 5s only (floor);
    a score of zero or less earns none; Outcome.garnets is earned minus spent in the match."""
    state = before_last_round({"ann": 12, "bob": 9, "cat": 3, "dan": -7, "eve": 0}, {"bob": 5})
    state, _ = play_round(
        state,
        [["ann", "bob"], ["cat", "dan"]],
        {"ann": "betray", "bob": ("betray", True), "cat": "betray", "dan": "betray"},
    )
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert state.result is not None and state.result["earned"] == {"ann": 2, "bob": 1, "cat": 0, "dan": 0, "eve": 0}
    assert dict(outcome.garnets) == {"ann": 2, "bob": 1 - 2, "cat": 0, "dan": 0, "eve": 0}
    assert ENGINE.view(state, None)["public"]["result"]["final_garnets"]["bob"] == 5 - 2 + 1


def test_tie_for_last_is_broken_by_the_winner_in_a_final_turn() -> None:
    """ "Clarification: If there is a tie for last place, the winner(s) of the Main Match will break the
    tie and determine the Elimination Candidate." """
    state, messages = _finish({"ann": 10, "bob": 5, "cat": 1, "dan": 1, "eve": -3})  # eve ends on 1 (+4 as X)
    assert ENGINE.outcome(state) is None
    assert ENGINE.awaiting(state) == ("ann",)
    assert ENGINE.turn_label(state) == "Elimination Candidate"
    assert ENGINE.view(state, None)["public"]["ec_tied"] == ["cat", "dan", "eve"]
    assert "ann will choose the Elimination Candidate" in public_texts(messages)
    with pytest.raises(RuleError, match="tied for last"):
        ENGINE.validate(state, "ann", {"ec": "bob"})
    with pytest.raises(RuleError, match="not your turn"):
        ENGINE.validate(state, "cat", {"ec": "dan"})
    state, messages = step(state, {"ann": {"ec": "dan"}})
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.candidates[:1] == ("dan",) and outcome.winners == ("ann",)
    assert "The Elimination Candidate is dan: ann chose dan." in public_texts(messages)


def test_two_winners_who_agree_name_the_ec() -> None:
    """ "the winner(s) of the Main Match will break the tie" — Ruling 5: both tied winners submit; when
    they name the same player, that player is the EC."""
    state, _ = _finish({"ann": 10, "bob": 10, "cat": 1, "dan": 1, "eve": -3})
    assert ENGINE.awaiting(state) == ("ann", "bob")
    state, _ = step(state, {"ann": {"ec": "eve"}, "bob": {"ec": "eve"}})
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.candidates[:1] == ("eve",)


def test_two_winners_who_disagree_leave_it_to_the_fewest_garnets() -> None:
    """Ruling 5: when the two winners name different players, the one of those two with fewer garnets
    is the EC (drawn by lot if they have as many)."""
    garnets = {"cat": 1, "dan": 4, "eve": 4}
    state, _ = _finish({"ann": 10, "bob": 10, "cat": 1, "dan": 1, "eve": -3}, garnets)
    done, messages = step(state, {"ann": {"ec": "dan"}, "bob": {"ec": "cat"}})
    outcome = ENGINE.outcome(done)
    assert outcome is not None and outcome.candidates[:1] == ("cat",)
    assert "the winners named cat and dan; cat has the fewest garnets" in public_texts(messages)
    drawn = set()
    for seed in range(30):
        valid = {"ann": {"ec": "dan"}, "bob": {"ec": "eve"}}
        end, msgs = ENGINE.resolve(state, valid, Random(seed))
        drawn.add(ENGINE.outcome(end).candidates[0])  # type: ignore[union-attr]
        assert "drawn by lot" in public_texts(msgs)
    assert drawn == {"dan", "eve"}


def test_a_missing_ec_choice_names_the_fewest_garnets() -> None:
    """Ruling 6: a winner who does not choose is taken to name the tied player with the fewest garnets
    (the first of them in seat order if several)."""
    state, _ = _finish({"ann": 10, "bob": 5, "cat": 1, "dan": 1, "eve": -3}, {"cat": 3, "dan": 2, "eve": 2})
    assert ENGINE.default_move(state, "ann") == {"ec": "dan"}
    state, _ = ENGINE.resolve(state, {}, Random(1))
    assert ENGINE.outcome(state).candidates[:1] == ("dan",)  # type: ignore[union-attr]


def test_tie_for_last_with_no_winner_goes_to_the_fewest_garnets() -> None:
    """Ruling 11: three or more tied for first means no winner to break a tie for last; the text's own
    fallback applies: the tied player with the lowest garnet count is the EC (by lot if still tied)."""
    state, messages = _finish({"ann": 10, "bob": 10, "cat": 10, "dan": 1, "eve": -3}, {"dan": 6, "eve": 5})
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.candidates[:1] == ("eve",) and outcome.winners == ()
    assert "no winner to choose; eve has the fewest garnets" in public_texts(messages)


def test_everyone_tied_for_last_the_lowest_garnet_count_is_ec() -> None:
    """ "If everyone is tied for last place, the lowest garnet count is the Elimination Candidate."
    Ruling 9: the count is the balance brought in, minus garnets spent, plus garnets earned."""
    state = new({"ann": 5, "bob": 3, "cat": 4, "dan": 2, "eve": 6})
    # every round everyone Betrays: each pair 0, the X +2 per pair, so everyone ends on 4 points
    state, _ = play_round(
        state,
        [["bob", "cat"], ["dan", "eve"]],
        {"bob": ("betray", True), "cat": "betray", "dan": "betray", "eve": "betray"},
    )
    for _ in range(4):
        state, messages = all_same_round(state, "betray")
    assert set(state.scores.values()) == {4}
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.candidates[:1] == ("bob",)  # 3 - 2 spent = 1 garnet, below dan's 2
    assert "bob has the fewest garnets" in public_texts(messages)


def test_everyone_tied_means_no_winner_and_highest_garnets_wins_nothing() -> None:
    """ "Clarification: The highest garnet count is not the winner if everyone ties. There are no
    winners, just a loser." """
    state = new({"ann": 50, "bob": 3, "cat": 3, "dan": 3, "eve": 1})
    for _ in range(5):
        state, _ = all_same_round(state, "betray")
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == () and dict(outcome.tokens) == {} and outcome.candidates[:1] == ("eve",)


def test_everyone_tied_on_points_and_garnets_is_drawn_by_lot() -> None:
    """Ruling 11: when the lowest garnet count is itself tied, the EC is drawn by lot (the framework's
    seeded rng, so the draw replays)."""
    state = new()
    for _ in range(4):
        state, _ = all_same_round(state, "betray")
    state, _ = step(state, {"eve": {"pairs": [["ann", "bob"], ["cat", "dan"]]}})
    picks = set()
    for seed in range(30):
        moves = {p: {"action": "betray", "double": False} for p in ("ann", "bob", "cat", "dan")}
        end, messages = ENGINE.resolve(state, moves, Random(seed))
        picks.add(ENGINE.outcome(end).candidates[0])  # type: ignore[union-attr]
        assert "drawn by lot" in public_texts(messages)
    assert picks == set(PLAYERS)


def test_after_the_match_everything_is_public() -> None:
    """Ruling 12: garnet balances are private while the match runs and public once it is over."""
    state = new({"ann": 4})
    assert ENGINE.secrets(state, "ann") == {"garnets": 4}
    for _ in range(5):
        state, _ = all_same_round(state, "ally")
    assert ENGINE.secrets(state, "ann") == {}
    assert ENGINE.view(state, None)["public"]["result"]["final_garnets"]["ann"] == 4 + 2


def test_later_elimination_candidates_by_points_then_garnets_then_the_gamewide_order() -> None:
    """Ruling 15: "the EC ... first, then the other non-winners by fewest points, then the lowest garnet
    count (the text's own tie-breaker), then the season's gamewide tiebreak order"."""
    state, _ = _finish({"ann": 10, "bob": 5, "cat": 3, "dan": 1, "eve": 0})
    assert state.result is not None and state.result["winners"] == ["ann"]
    state.result["ec"], state.result["earned"] = "dan", {p: 0 for p in PLAYERS}
    state.scores = {"ann": 14, "bob": 6, "cat": 6, "dan": 2, "eve": 6}
    state.garnets_start, state.spent = {"ann": 0, "bob": 3, "cat": 1, "dan": 0, "eve": 1}, {p: 0 for p in PLAYERS}
    state.gamewide = ["eve", "ann", "bob", "cat", "dan"]
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.candidates == ("dan", "eve", "cat", "bob")
    again = ENGINE.setup(list(PLAYERS), {"gamewide_order": ["eve", "dan"]}, Random(0))
    assert again.gamewide == ["eve", "dan"] and ENGINE.load(ENGINE.dump(again)).gamewide == ["eve", "dan"]
