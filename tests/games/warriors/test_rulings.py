"""One scenario per numbered ruling of games/warriors/RULES.md (the text is silent or ambiguous there)."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RuleError

from .helpers import ENGINE, POOL_2, A, B, chocobos, last, new, play, unit

MIX = ["white mage", "blue mage", "dancer", "sage", "paladin", "machinist", "ninja", "warrior", "monk", "summoner"]
REDBLUE = [
    "astrologian",
    "blue mage",
    "bard",
    "sage",
    "samurai",
    "reaper",
    "gunbreaker",
    "dark knight",
    "dragoon",
    "black mage",
]


def test_ruling_01_default_is_a_chocobo_or_the_forced_unit() -> None:
    """1. Default move: a missing or invalid submission is a Chocobo in both versions."""
    state = new("extended", MIX)
    assert ENGINE.default_move(state, A) == {"unit": "chocobo"}
    state = play(state, {"unit": "white mage", "guess": "monk"}, "monk")
    assert ENGINE.default_move(state, B) == {"unit": "monk"}


def test_ruling_02_advantage_defaults_to_the_second_player() -> None:
    """2. Advantage: options["advantage"], default the second listed player."""
    assert new()["advantage"] == B and new(advantage=A)["advantage"] == A
    with pytest.raises(RuleError):
        new(advantage="nobody")


def test_ruling_03_zero_is_the_chocobo_guess_names_the_true_unit() -> None:
    """3. Naming: strength 0 always means the Chocobo; a guess is right when it names the opponent's true unit."""
    state = new("extended", POOL_2)
    assert ENGINE.validate(state, A, {"unit": 0}) == {"unit": "chocobo"}
    state = play(
        new("extended"), {"unit": "astrologian", "guess": "samurai"}, {"unit": "blue mage", "disguise": "samurai"}
    )
    assert unit(state, A, "astrologian")["strength"] == 1
    with pytest.raises(RuleError):
        ENGINE.validate(new("extended", POOL_2), A, {"unit": "white mage", "guess": "samurai"})


def test_ruling_04_all_bouts_are_played() -> None:
    """4. All bouts are played (5 or 3), even when the DM is already decided."""
    state = new("extended")
    for n in range(2):
        state = play(state, "dragoon", "chocobo")
        state = chocobos(state, 11)
        state, _ = ENGINE.resolve(state, {}, Random(n))
    assert ENGINE.outcome(state) is None and state["bout"] == 3


def test_ruling_05_classic_bard_is_the_next_two_rounds_and_lapses_with_the_bout() -> None:
    """5. Classic Bard "your next two units" is the units of the next two rounds. Carried effects lapse at the end of the bout."""
    state = chocobos(new(), 9)
    state = play(state, "bard", "chocobo")
    state, _ = ENGINE.resolve(state, {}, Random(0))
    state = play(state, "chocobo", "chocobo")
    assert last(state)["winner"] is None


def test_ruling_06_fight_abilities_before_the_comparison_result_ones_after() -> None:
    """6. Abilities that change the fight resolve before the comparison; those worded on the result right after it."""
    state = play(new("extended", MIX), "machinist", "summoner")  # the swap decides who wins
    assert last(state)["winner"] == A
    state = play(new("extended"), "black mage", "reaper")  # Enshroud (6) precedes Paradox (10)
    assert unit(state, A, "black mage")["strength"] == 8


def test_ruling_07_same_slot_divinations_read_earlier_strengths() -> None:
    """7. Two Divinations read the strengths from before either gains; swaps apply one after the other."""
    state = play(new(), {"unit": "ast", "guess": "ast"}, {"unit": "ast", "guess": "ast"})
    assert unit(state, A, "astrologian")["strength"] == 2 == unit(state, B, "astrologian")["strength"]


def test_ruling_08_blue_mage_per_bout_and_fake_huton_changes_only_the_announced_length() -> None:
    """8. "the previous round" and "the first round" are within the current bout. A faked Huton changes the announced length only."""
    state = chocobos(new(), 9)
    state = play(state, "samurai", "chocobo")  # A wins the last round of bout 1
    state, _ = ENGINE.resolve(state, {}, Random(0))
    state = play(state, {"unit": "blue mage", "disguise": "bard"}, "chocobo")
    assert last(state)["winner"] is None  # a first round again: announced as a tie
    state = play(new("extended", MIX), {"unit": "blue mage", "disguise": "ninja", "rounds": 1}, "chocobo")
    assert state["length"] == 12 and ENGINE.view(state, A)["public"]["rounds_announced"] == 13
    with pytest.raises(RuleError):
        ENGINE.validate(new(), A, {"unit": "blue mage", "disguise": "bard", "select": "bard"})


def test_ruling_09_red_mage_look_beats_a_disguise_winner_still_faked() -> None:
    """9. Red Mage's Chocobo look wins over a Blue Mage disguise; it does not hide the (faked) winner announcement."""
    pool = [
        "astrologian",
        "red mage",
        "bard",
        "sage",
        "samurai",
        "reaper",
        "ninja",
        "dark knight",
        "dragoon",
        "black mage",
    ]
    state = play(new("extended", pool), "red mage", "chocobo")  # A wins round 1
    state = play(state, "samurai", {"unit": "red mage"})
    state = play(state, "bard", "chocobo")
    assert last(state)["units"][B] == "chocobo"


def test_ruling_09_veiled_blue_mage_looks_like_a_chocobo() -> None:
    """9. Red Mage's Chocobo look wins over a Blue Mage disguise."""
    pool = [
        "astrologian",
        "red mage",
        "bard",
        "sage",
        "samurai",
        "reaper",
        "ninja",
        "dark knight",
        "dragoon",
        "black mage",
    ]
    state = play(new("extended", pool), "red mage", "samurai")  # B wins round 1
    state = play(state, {"unit": "sage"}, "chocobo")  # A's Sage is veiled
    assert last(state)["units"][A] == "chocobo" and last(state)["winner"] == A


def test_ruling_10_two_rescues_cancel_and_last_round_rescue_forces_nothing() -> None:
    """10. Two correct Rescues in one round cancel out and strength decides. A Rescue in the bout's last round forces nothing."""
    state = play(new("extended", MIX), {"unit": "whm", "guess": "whm"}, {"unit": "whm", "guess": "whm"})
    assert last(state)["winner"] is None and not unit(state, A, "white mage")["alive"]
    state = chocobos(new("extended", MIX), 11)
    state = play(state, {"unit": "white mage", "guess": "monk"}, "monk")
    state, _ = ENGINE.resolve(state, {}, Random(0))
    assert ENGINE.view(state, B)["you"]["forced"] is None and ENGINE.awaiting(state) == (A, B)


def test_ruling_10_the_opponents_warrior_may_answer_a_forced_unit() -> None:
    """10. Rescue's forced play overrides the forced player's own Holmgang; the opponent's Warrior may still answer the forced unit."""
    pool = ["white mage", "red mage", "dancer", "sage", "paladin", "machinist", "ninja", "warrior", "monk", "summoner"]
    state = play(new("extended", pool), "monk", "chocobo")
    state = play(state, "warrior", "red mage")  # A's Warrior targets (the look of) a Monk
    state = play(state, {"unit": "white mage", "guess": "monk"}, "monk")  # B's veiled Monk is rescued
    assert last(state)["units"] == {A: "white mage", B: "chocobo"}
    state = play(state, "paladin", "monk")  # forced Monk; A's Warrior answers it
    assert last(state)["units"] == {A: "warrior", B: "monk"}


def test_ruling_11_sage_copies_blue_mage_and_holmgang_and_living_dead() -> None:
    """11. Sage (extended) copies every ability but Sage's and Scholar's, including Blue Mage, Holmgang and Living Dead."""
    state = play(new("extended", MIX), "chocobo", "monk")
    state = play(state, "sage", {"unit": "blue mage", "disguise": "summoner"})
    assert last(state)["units"] == {A: "summoner", B: "summoner"} and last(state)["winner"] == B
    state = play(new("extended"), "sage", "dark knight")
    assert "sage" in ENGINE.playable(state, A)
    state = play(state, "sage", "chocobo")
    assert "sage" not in ENGINE.playable(state, A)


def test_ruling_12_scholar_does_not_stop_holmgang_or_living_dead() -> None:
    """12. Holmgang's automatic play and a Living Dead revival still happen under Scholar; Holmgang's +1 does not."""
    pool = [
        "astrologian",
        "blue mage",
        "bard",
        "scholar",
        "samurai",
        "reaper",
        "ninja",
        "warrior",
        "dragoon",
        "black mage",
    ]
    state = play(new("extended", pool), "scholar", "chocobo")
    state = play(state, "warrior", "chocobo")  # Holmgang targets A's Scholar
    state = play(state, "bard", "scholar")  # B's Scholar brings out A's Warrior, silenced: no +1
    assert last(state)["units"][A] == "warrior" and unit(state, A, "warrior")["strength"] == 8
    pool[7] = "dark knight"
    state = play(new("extended", pool), "dark knight", "chocobo")
    state = play(state, "dark knight", "scholar")  # revived all the same
    assert last(state)["units"][A] == "dark knight" and last(state)["winner"] == A


def test_ruling_13_surviving_chocobo_keeps_nothing_carbuncle_zero_if_opponent_survives() -> None:
    """13. A Chocobo that survives a round rejoins the flock and keeps nothing. A Carbuncle has strength 0 if the opponent's unit survives."""
    state = play(new("extended", MIX), "paladin", "chocobo")
    state = play(state, "chocobo", "monk")
    assert state["sides"][A]["fallen"] == [] and unit(state, A, "paladin")["strength"] == 5


def test_ruling_14_hypervelocity_can_lengthen_a_bout() -> None:
    """14. "The bout ends next round" makes the next round the bout's last, even if the bout would have ended this round."""
    state = chocobos(new("extended", REDBLUE), 11)
    state = play(state, "gunbreaker", "black mage")
    assert state["phase"] == "play" and state["round"] == 13
    state = play(state, "chocobo", "chocobo")
    assert state["bouts"][-1]["rounds"] == 13


def test_ruling_15_huton_below_the_current_round_ends_the_bout_now() -> None:
    """15. A change to a length shorter than the current round ends the bout after this round."""
    state = chocobos(new("extended"), 11)
    state = play(state, "chocobo", {"unit": "ninja", "rounds": -1})
    assert state["phase"] == "break" and state["bouts"][-1]["rounds"] == 12


def test_ruling_16_warrior_in_the_first_round_targets_nothing() -> None:
    """16. A Warrior played in a bout's first round (or silenced) targets nothing; the submitted unit stays alive."""
    state = play(new("extended", MIX), "warrior", "chocobo")
    assert unit(state, A, "warrior").get("holmgang") is None


def test_ruling_17_silenced_dark_knight_cannot_be_revived() -> None:
    """17. A Dark Knight silenced in the round it died cannot be revived; a revived unit keeps its death strength."""
    pool = [
        "astrologian",
        "blue mage",
        "bard",
        "scholar",
        "samurai",
        "reaper",
        "ninja",
        "dark knight",
        "dragoon",
        "black mage",
    ]
    state = play(new("extended", pool), "dark knight", "scholar")
    assert "dark knight" not in ENGINE.playable(state, A)
    state = play(new("extended", pool), "bard", "chocobo")
    state = play(state, "dark knight", "chocobo")  # dies at 9
    state = play(state, "dark knight", "black mage")
    assert unit(state, A, "dark knight")["strength"] == 10  # 9 kept from its death, + Battle Voice
    assert last(state)["winner"] is None


def test_ruling_18_paradox_needs_both_deaths_meditation_counts_in_the_bout() -> None:
    """18. Paradox needs the Black Mage to win and both units to die; Meditation counts rounds within the bout."""
    state = chocobos(new("extended", POOL_2), 11)
    state = play(state, "monk", "chocobo")
    assert unit(state, A, "monk")["strength"] == 12


def test_ruling_19_own_units_visible_own_points_not() -> None:
    """19. A player sees their own units, fallen Chocobos, coming effects and forced unit; not their round wins or points."""
    state = play(new("extended", MIX), {"unit": "dancer", "select": "monk"}, "chocobo")
    you = ENGINE.view(state, A)["you"]
    assert you["effects"] == [{"round": 2, "kind": "closed", "unit": "monk"}]
    assert any(c["name"] == "dancer" and not c["alive"] for c in you["units"])
    assert "wins" not in str(you) and "points" not in str(you) and ENGINE.view(state, A)["score"] == 0


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda kids: (
            st.lists(kids, max_size=3)
            | st.dictionaries(st.sampled_from(["unit", "guess", "disguise", "select", "rounds", "x"]), kids, max_size=4)
        ),
        max_leaves=8,
    )
)
def test_validate_turns_any_json_into_a_move_or_a_rule_error(move: object) -> None:
    state = new("extended", MIX)
    try:
        ENGINE.validate(state, A, move)  # type: ignore[arg-type]
    except RuleError as err:
        assert str(err)


def test_ruling_10_the_rescued_player_is_told_privately() -> None:
    """10. The forced player is still awaited, is told privately, and may only submit the forced unit."""
    state = new("extended", MIX)
    moves = {A: ENGINE.validate(state, A, {"unit": "white mage", "guess": "monk"}), B: {"unit": "monk"}}
    state, msgs = ENGINE.resolve(state, moves, Random(0))
    private = [m for m in msgs if m.to is not None]
    assert [(m.to, m.text) for m in private] == [(B, "Rescue: you must play your Monk next round.")]
    assert all("Rescue" not in m.text for m in msgs if m.to is None)
    assert ENGINE.awaiting(state) == (A, B)


def test_setup_refuses_bad_options_with_a_rule_error() -> None:
    """Options: variant, pool, advantage and the timings are checked when the DM is set up."""
    for bad in (
        {"variant": "mega"},
        {"variant": "extended", "pool": ["monk"]},
        {"turn_seconds": 0},
        {"advantage": "zed"},
    ):
        with pytest.raises(RuleError):
            ENGINE.setup([A, B], bad, Random(0))
