"""A Warrior's Death (classic): one scenario per clause of the rules text, docstrings quoting it."""

from __future__ import annotations

from random import Random

import pytest

from games.engine import RuleError

from .helpers import ENGINE, A, B, chocobos, last, new, play, play_msgs, true_winner_points, unit


def test_ten_units_0_to_9_one_of_each_except_chocobo() -> None:
    """There are 10 such units, with strengths from 0 to 9; you have one of each unit, except for the Chocobo."""
    state = new()
    names = [c["name"] for c in ENGINE.view(state, A)["you"]["units"]]
    assert names == [
        "chocobo",
        "astrologian",
        "blue mage",
        "bard",
        "sage",
        "samurai",
        "reaper",
        "dark knight",
        "dragoon",
        "black mage",
    ]
    assert [c["strength"] for c in ENGINE.view(state, A)["you"]["units"]] == list(range(10))


def test_chocobo_infinite_supply() -> None:
    """[0] Chocobo - Does nothing but be cute; you have an infinite supply of Chocobos."""
    state = chocobos(new(), 3)
    assert len(state["sides"][A]["fallen"]) == 3
    assert "chocobo" in ENGINE.playable(state, A)


def test_higher_strength_wins_3_points_tie_nobody() -> None:
    """After each round, the unit with a higher strength will win, and the player gets 3 points. If it's a tie, neither player wins."""
    state = play(new(), "samurai", "bard")
    assert last(state)["winner"] == A and true_winner_points(state, A) == 1
    state = play(new(), "chocobo", "chocobo")
    assert last(state)["winner"] is None and true_winner_points(state, A) == true_winner_points(state, B) == 0


def test_missing_or_invalid_submission_sends_out_a_chocobo() -> None:
    """If you don't submit or make an invalid submission, you automatically send out a Chocobo to fight."""
    state = new()
    assert ENGINE.default_move(state, A) == {"unit": "chocobo"}
    after, _ = ENGINE.resolve(state, {A: {"unit": "no such unit"}}, Random(0))
    assert last(after)["units"] == {A: "chocobo", B: "chocobo"}


def test_both_units_revealed_then_die_and_dead_units_cannot_be_played() -> None:
    """After each round, both units are revealed and then die (assuming no special abilities). You cannot play a unit that's dead (with the exception of Dark Knight's ability)."""
    state = play(new(), "bard", "sage")
    assert last(state)["units"] == {A: "bard", B: "sage"}
    assert not unit(state, A, "bard")["alive"] and not unit(state, B, "sage")["alive"]
    with pytest.raises(RuleError, match="dead"):
        ENGINE.validate(state, A, {"unit": "bard"})


def test_only_the_winner_and_the_units_are_revealed() -> None:
    """The player who won the round is also revealed; nothing else is revealed."""
    state = play(new(), {"unit": "astrologian", "guess": "dragoon"}, "dragoon")
    entry = last(state)
    assert entry == {"bout": 1, "round": 1, "units": {A: "astrologian", B: "dragoon"}, "winner": A, "notes": []}
    public = ENGINE.view(state, B)["public"]
    assert "9" not in str(public["log"]) and 'dragoon": 9' not in str(public)
    assert ENGINE.view(state, B)["you"]["units"][1]["strength"] == 1  # B doesn't see A's gain


def test_astrologian_correct_prediction_gains_their_strength() -> None:
    """[1] Astrologian - Divination: Predict your opponent's unit; if you are correct, gain their strength immediately."""
    state = play(new(), {"unit": "astrologian", "guess": "samurai"}, "samurai")
    assert unit(state, A, "astrologian")["strength"] == 6 and last(state)["winner"] == A
    state = play(new(), {"unit": "ast", "guess": "bard"}, "samurai")
    assert unit(state, A, "astrologian")["strength"] == 1 and last(state)["winner"] == B


def test_blue_mage_disguise_and_previous_winner_announced() -> None:
    """[2] Blue Mage - Aetheric Mimicry: Can be disguised as another unit; this unit does not gain the strength nor abilities of the disguised unit. The player who (actually) won the previous round will be announced as the winner of this round (this does not affect the true result); if played in the first round, this will be announced as a tie."""
    state = play(new(), {"unit": "blue mage", "disguise": "black mage"}, {"unit": "ast", "guess": "bard"})
    assert last(state)["units"][A] == "black mage" and last(state)["winner"] is None  # first round: a tie
    assert true_winner_points(state, A) == 1  # 2 beats 1 all the same
    state = play(state, "bard", {"unit": "blue mage", "disguise": "dragoon"})
    assert last(state)["winner"] == A  # A really won round 1 (and round 2: 3 > 2)
    state = play(state, "sage", "samurai")
    state = play(state, "chocobo", "black mage")
    assert last(state)["winner"] == B
    with pytest.raises(RuleError, match="disguise"):
        ENGINE.validate(new(), A, {"unit": "blue mage"})


def test_blue_mage_gains_nothing_from_its_disguise() -> None:
    """this unit does not gain the strength nor abilities of the disguised unit."""
    state = play(new(), {"unit": "blue mage", "disguise": "black mage"}, "bard")
    assert last(state)["units"][A] == "black mage"
    assert state["sides"][B]["wins"] == 1 and unit(state, A, "blue mage")["strength"] == 2


def test_bard_next_two_units_gain_1() -> None:
    """[3] Bard - Battle Voice: Your next two units gain 1 strength."""
    state = play(new(), "bard", "chocobo")
    state = play(state, "sage", "samurai")  # 5 vs 5: a tie
    assert state["sides"][A]["wins"] == 1 and unit(state, A, "sage")["strength"] == 5
    state = play(state, "chocobo", "chocobo")
    assert state["sides"][A]["fallen"][-1]["strength"] == 1 and state["sides"][A]["wins"] == 2
    state = play(state, {"unit": "ast", "guess": "bard"}, "chocobo")
    assert unit(state, A, "astrologian")["strength"] == 1  # the third unit gains nothing


def test_sage_copies_ability_but_not_astrologian_or_blue_mage() -> None:
    """[4] Sage - Kardia: Copy your opponent's ability for this round; this unit does not copy Astrologian or Blue Mage."""
    state = play(new(), "sage", "reaper")  # Sage loses and copies Enshroud
    assert unit(state, A, "sage")["strength"] == 8
    state = play(new(), "sage", {"unit": "astrologian", "guess": "sage"})
    assert unit(state, A, "sage")["strength"] == 4 and unit(state, B, "astrologian")["strength"] == 5
    state = play(new(), "sage", {"unit": "blue mage", "disguise": "samurai"})
    assert last(state)["units"][A] == "sage" and last(state)["winner"] is None


def test_samurai_survives_a_win() -> None:
    """[5] Samurai - Third Eye: If you win, this unit doesn't die."""
    state = play(new(), "samurai", "sage")
    assert unit(state, A, "samurai")["alive"]
    state = play(state, "samurai", "reaper")
    assert not unit(state, A, "samurai")["alive"]


def test_reaper_set_to_8_when_it_loses() -> None:
    """[6] Reaper - Enshroud: If you lose, this unit's strength is set to 8 on death."""
    state = play(new(), "reaper", "dark knight")
    assert unit(state, A, "reaper")["strength"] == 8
    state = play(new(), "reaper", "bard")
    assert unit(state, A, "reaper")["strength"] == 6


def test_dark_knight_replayed_the_very_next_round_then_loses_the_ability() -> None:
    """[7] Dark Knight - Living Dead: You can play this unit again the very next round after it dies; if you do so, it gets revived for that round, then loses this ability on death."""
    state = play(new(), "dark knight", "chocobo")
    assert "dark knight" in ENGINE.playable(state, A)
    state = play(state, "dark knight", "chocobo")
    assert last(state)["units"][A] == "dark knight" and not unit(state, A, "dark knight")["alive"]
    assert "dark knight" not in ENGINE.playable(state, A)
    state = play(new(), "dark knight", "chocobo")
    state = play(state, "chocobo", "chocobo")
    assert "dark knight" not in ENGINE.playable(state, A)  # only the very next round


def test_dragoon_gains_3_if_6_or_more_stronger() -> None:
    """[8] Dragoon - Dragon Sight: Gain 3 strength on death if you have 6 or more strength than your opponent."""
    state = play(new(), "dragoon", {"unit": "blu", "disguise": "bard"})
    assert unit(state, A, "dragoon")["strength"] == 11
    state = play(new(), "dragoon", "bard")
    assert unit(state, A, "dragoon")["strength"] == 8


def test_black_mage_paradox_takes_the_opponents_strength_on_death() -> None:
    """[9] Black Mage - Paradox: If you win, set this unit's strength equal to your opponent's on death."""
    state = play(new(), "black mage", "reaper")
    assert unit(state, A, "black mage")["strength"] == 8  # Enshroud (6) resolves before Paradox (9)
    state = play(new(), "black mage", "black mage")
    assert unit(state, A, "black mage")["strength"] == 9


def test_resolution_previous_rounds_first_then_0_to_9() -> None:
    """The order of ability resolution is that abilities from previous rounds will always resolve first, followed by resolving each ability from [0] Chocobo to [9] Black Mage in that order."""
    state = play(new(), "bard", "chocobo")
    # Battle Voice (previous round) makes the Astrologian 2 before Divination reads it; Paradox reads the result.
    state = play(state, "black mage", {"unit": "astrologian", "guess": "black mage"})
    assert unit(state, B, "astrologian")["strength"] == 11 and last(state)["winner"] == B
    state = play(new(), "dragoon", "reaper")  # Enshroud's 8 precedes Dragon Sight's test
    assert unit(state, A, "dragoon")["strength"] == 8 and unit(state, B, "reaper")["strength"] == 8


def test_altered_strength_kept_in_death_and_counted() -> None:
    """Any units you have that die will go to the underworld. Note that when a unit has its strength altered in any way, it will maintain that altered strength in death. At the end of the 10 rounds, you gain points equal to the sum of their strengths."""
    state = play(new(), "reaper", "dark knight")  # the Reaper loses and dies at 8
    state = chocobos(state, 9)
    bout = state["bouts"][-1]
    assert bout["points"] == {A: 8, B: 3 + 7} and bout["winner"] == B


def test_bout_of_10_rounds_points_revealed_more_points_wins() -> None:
    """There will be 10 rounds per bout. ... At the end of the 10 rounds, the bout ends; both players' points are revealed, and the player with more points wins the bout. In the case of a tie, the bout is tied."""
    state = chocobos(new(), 9)
    assert state["phase"] == "play" and state["round"] == 10
    assert "points" not in str(ENGINE.view(state, A)["public"])  # not before the end
    state, texts = play_msgs(state, "chocobo", "chocobo")
    assert state["bouts"] == [{"bout": 1, "rounds": 10, "points": {A: 0, B: 0}, "winner": None}]
    assert any("0 points" in t for t in texts)


def test_five_bouts_more_bout_wins_wins_the_dm() -> None:
    """There will be 5 bouts played; the player with more bout wins will win the DM."""
    state = new()
    for n in range(5):
        state = play(state, "samurai" if n < 3 else "chocobo", "chocobo" if n < 3 else "bard")
        state = chocobos(state, 9)
        if n < 4:
            assert state["phase"] == "break"
            state, _ = ENGINE.resolve(state, {}, Random(n))
    assert state["bout_wins"] == {A: 3, B: 2}
    outcome = ENGINE.outcome(state)
    assert outcome and outcome.winners == (A,) and outcome.candidates == (B,)


def test_tied_bouts_play_an_extra_bout_then_the_dmo_wins() -> None:
    """In the case of a tie, an additional bout will be played. If that bout is a tie, the DMO wins."""
    state = new()
    for n in range(6):
        state = chocobos(state, 10)
        if n < 5:
            assert ENGINE.outcome(state) is None
            state, _ = ENGINE.resolve(state, {}, Random(n))
    assert ENGINE.turn_label(state) == "Over" and len(state["bouts"]) == 6
    assert ENGINE.outcome(state).winners == (B,)  # by default the second listed player is the DMO
    state = new(advantage=A)
    for n in range(6):
        state = chocobos(state, 10)
        if n < 5:
            state, _ = ENGINE.resolve(state, {}, Random(n))
    assert ENGINE.outcome(state).winners == (A,)


def test_bouts_are_independent() -> None:
    """Note that bouts are independent; unit strength is not carried over between rounds."""
    state = play(new(), "reaper", "samurai")
    state = chocobos(state, 9)
    state, _ = ENGINE.resolve(state, {}, Random(0))
    assert unit(state, A, "reaper") == {"strength": 6, "alive": True}
    assert unit(state, B, "samurai")["alive"] and state["round"] == 1


def test_submit_by_strength_name_or_abbreviation() -> None:
    """You may submit for a round using either the original strength of the unit, the unit's name, or some abbreviation of the unit's name. For [1] Astrologian and [2] Blue Mage, submit the name of another unit as part of your submission."""
    state = new()
    assert ENGINE.validate(state, A, {"unit": 5}) == {"unit": "samurai"}
    assert ENGINE.validate(state, A, {"unit": "5"}) == {"unit": "samurai"}
    assert ENGINE.validate(state, A, {"unit": "DRK"}) == {"unit": "dark knight"}
    assert ENGINE.validate(state, A, {"unit": "blackmage"}) == {"unit": "black mage"}
    assert ENGINE.validate(state, A, {"unit": "drag"}) == {"unit": "dragoon"}
    assert ENGINE.validate(state, A, {"unit": 1, "guess": 9}) == {"unit": "astrologian", "guess": "black mage"}
    with pytest.raises(RuleError, match="guess"):
        ENGINE.validate(state, A, {"unit": "astrologian"})
    with pytest.raises(RuleError, match="could be"):
        ENGINE.validate(state, A, {"unit": "bl"})


def test_one_minute_turns_and_a_break_between_bouts() -> None:
    """Each player will get one minute per turn, with no reserve time. There will be a break between bouts."""
    state = new()
    assert ENGINE.turn_seconds(state) == 60 and ENGINE.awaiting(state) == (A, B)
    state = chocobos(state, 10)
    assert ENGINE.awaiting(state) == () and state["phase"] == "break"
    with pytest.raises(RuleError):
        ENGINE.validate(state, A, {"unit": "chocobo"})
