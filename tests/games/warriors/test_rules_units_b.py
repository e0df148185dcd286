"""Warriors' Death units [5]-[10]: one scenario per unit and clarification, docstrings quoting the text."""

from __future__ import annotations

from .helpers import ENGINE, POOL_2, A, B, chocobos, last, new, play, unit

MIX = ["white mage", "blue mage", "dancer", "sage", "paladin", "machinist", "ninja", "warrior", "monk", "summoner"]
WAR = [
    "astrologian",
    "blue mage",
    "bard",
    "sage",
    "samurai",
    "reaper",
    "gunbreaker",
    "warrior",
    "dragoon",
    "black mage",
]


def test_samurai_survives_if_it_wins() -> None:
    """[5] Samurai - Third Eye: If you win, this unit doesn't die."""
    state = play(new("extended"), "samurai", "bard")
    assert unit(state, A, "samurai")["alive"] and "samurai" in ENGINE.playable(state, A)
    state = play(new("extended"), "samurai", "samurai")
    assert not unit(state, A, "samurai")["alive"]


def test_paladin_next_unit_cannot_die() -> None:
    """[5] Paladin - Cover: In the next round, the unit you play cannot die."""
    state = play(new("extended", POOL_2), "paladin", "chocobo")
    state = play(state, {"unit": "white mage", "guess": "monk"}, "summoner")
    assert unit(state, A, "white mage")["alive"] and last(state)["winner"] == B
    state = play(state, {"unit": "white mage", "guess": "monk"}, "chocobo")
    assert not unit(state, A, "white mage")["alive"]


def test_reaper_8_on_death_this_round_if_it_loses() -> None:
    """[6] Reaper - Enshroud: If you lose, this unit's strength is set to 8 on death this round. "On death" abilities have been clarified to be "on death this round," meaning they only trigger if the unit dies this round. Clarification: For Reaper, losing is defined as you not winning, and the opponent winning."""
    state = play(new("extended"), "reaper", "dragoon")
    assert unit(state, A, "reaper")["strength"] == 8
    state = play(new("extended"), "reaper", "reaper")  # a tie is not a loss
    assert unit(state, A, "reaper")["strength"] == 6
    pool = [
        "astrologian",
        "blue mage",
        "bard",
        "sage",
        "paladin",
        "reaper",
        "ninja",
        "dark knight",
        "dragoon",
        "black mage",
    ]
    state = play(new("extended", pool), "paladin", "chocobo")
    state = play(state, "reaper", "black mage")  # covered: it doesn't die, so no Enshroud
    assert unit(state, A, "reaper") == {"strength": 6, "alive": True}


def test_machinist_swaps_strengths() -> None:
    """[6] Machinist - Barrel Stabilizer: Swap strengths with your opponent's unit."""
    state = play(new("extended", POOL_2), "machinist", "summoner")
    assert last(state)["winner"] == A
    assert unit(state, A, "machinist")["strength"] == 10 and unit(state, B, "summoner")["strength"] == 6


def test_two_swaps_leave_both_strengths() -> None:
    """Multiple swaps are allowed to happen in a single round; e.g. if two swaps happen, both units retain their strength."""
    state = play(new("extended", POOL_2), "machinist", "machinist")
    assert unit(state, A, "machinist")["strength"] == 6 and last(state)["winner"] is None


def test_ninja_changes_the_bouts_length_announced() -> None:
    """[7] Ninja - Huton: You may increase or decrease the number of rounds in the bout by one; if you do so, this is announced."""
    state = play(new("extended"), {"unit": "ninja", "rounds": 1}, "chocobo")
    assert last(state)["notes"] == [f"{A}'s Ninja adds a round (Huton)."]
    assert ENGINE.view(state, B)["public"]["rounds_announced"] == 13
    state = chocobos(state, 11)
    assert state["phase"] == "play" and state["round"] == 13
    state = chocobos(state, 1)
    assert state["bouts"][-1]["rounds"] == 13
    state = play(new("extended"), {"unit": "ninja", "rounds": 0}, "chocobo")
    assert last(state)["notes"] == [] and state["length"] == 12


def test_ninja_ending_the_bout_in_the_past_still_ends_it() -> None:
    """Note that if this causes the bout to end in the past, the bout will still end, and the current round (and all rounds before it) will still be resolved; i.e. a round result cannot be retroactively erased."""
    state = chocobos(new("extended"), 11)
    state = play(state, {"unit": "ninja", "rounds": -1}, "chocobo")  # round 12 of 11: the bout ends now
    assert state["bouts"][-1]["rounds"] == 12 and state["bouts"][-1]["points"][A] == 3 + 7
    state = chocobos(new("extended"), 11)
    state = play(state, {"unit": "ninja", "rounds": 1}, "chocobo")
    assert state["phase"] == "play" and state["round"] == 13


def test_gunbreaker_loss_ends_the_bout_next_round_overridable() -> None:
    """[7] Gunbreaker - Hypervelocity: If you lose, the bout ends next round; this can be overridden by another Hypervelocity use."""
    state = play(new("extended", POOL_2), "gunbreaker", "warrior")
    assert state["length"] == 2 and ENGINE.view(state, A)["public"]["rounds_announced"] == 12  # not announced
    state = play(state, "chocobo", "chocobo")
    assert state["bouts"][-1]["rounds"] == 2
    state = play(new("extended", POOL_2), "gunbreaker", "warrior")
    state = play(state, "monk", "gunbreaker")  # B's Hypervelocity overrides: ends round 3
    assert state["length"] == 3 and state["phase"] == "play"
    state = play(state, "chocobo", "chocobo")
    assert state["bouts"][-1]["rounds"] == 3
    state = play(new("extended", POOL_2), "gunbreaker", "paladin")  # it won: nothing happens
    assert state["length"] == 12


def test_dark_knight_replayed_next_round_revived_then_loses_ability() -> None:
    """[8] Dark Knight - Living Dead: You can play this unit again the very next round after it dies; if you do so, it gets revived, then loses this ability."""
    state = play(new("extended"), "dark knight", "black mage")
    state = play(state, "dark knight", "chocobo")
    assert last(state)["units"][A] == "dark knight" and last(state)["winner"] == A
    assert not unit(state, A, "dark knight")["alive"] and "dark knight" not in ENGINE.playable(state, A)
    assert state["bouts"] == [] and unit(state, A, "dark knight")["strength"] == 8


def test_warrior_targets_your_previous_unit_and_is_auto_played() -> None:
    """[8] Warrior - Holmgang: If a unit has not been targeted by this, the unit you played in the previous round is targeted. In future rounds, whenever your opponent plays a unit with the appearance of the targeted unit, this unit is revived (if dead), gains 1 strength, and is automatically played against it (without a unit selection). Clarification: For Warrior, in the phrase "this unit is revived (if dead)," the term "this unit" refers to the unit with Holmgang as its ability. Clarification: The term target, used in Warrior, does not allow the player to make an active decision."""
    state = play(new("extended", WAR), "samurai", "chocobo")
    state = play(state, "warrior", "black mage")  # Holmgang targets the Samurai; the Warrior dies
    assert unit(state, A, "warrior") == {"strength": 8, "alive": False, "holmgang": "samurai", "revive": None}
    state = play(state, "bard", "samurai")  # A's Warrior answers B's Samurai
    assert last(state)["units"][A] == "warrior" and last(state)["winner"] == A
    assert unit(state, A, "warrior")["strength"] == 9 and unit(state, A, "bard")["alive"]
    state = play(new("extended", WAR), "warrior", "samurai")  # first round: nothing to target
    assert unit(state, A, "warrior").get("holmgang") is None


def test_warrior_answers_the_appearance_disguise_included() -> None:
    """The appearance of a unit is itself unless it is disguised."""
    state = play(new("extended", WAR), "samurai", "chocobo")
    state = play(state, "warrior", "chocobo")
    state = play(state, "bard", {"unit": "blue mage", "disguise": "samurai"})
    assert last(state)["units"] == {A: "warrior", B: "samurai"}


def test_higher_base_strength_has_holmgang_priority() -> None:
    """If you have multiple units with the same Holmgang target, the unit with higher base strength will have priority in being played."""
    state = play(new("extended", WAR), "chocobo", "chocobo")
    state = play(state, "warrior", "chocobo")  # the Warrior targets the Chocobo
    state = play(state, "chocobo", "samurai")  # a Samurai: no Holmgang
    state = play(state, "sage", "warrior")  # the Sage copies Holmgang: it targets A's Chocobo too
    assert unit(state, A, "sage")["holmgang"] == "chocobo" and unit(state, A, "warrior")["holmgang"] == "chocobo"
    state = play(state, "bard", "chocobo")
    assert last(state)["units"][A] == "warrior"


def test_both_warriors_override_both_units() -> None:
    """Clarification: Warriors are automatically played from Holmgang, even if it may cause the unit that was targeted by Holmgang to no longer be played. For instance, if both players' Warriors are brought out from Holmgang on the same round, then both original units are overriden."""
    state = play(new("extended", WAR), "samurai", "bard")
    state = play(state, "warrior", "warrior")  # A targets the Samurai, B the Bard
    state = play(state, "bard", "samurai")
    assert last(state)["units"] == {A: "warrior", B: "warrior"}
    assert unit(state, A, "bard")["alive"] and unit(state, B, "samurai")["alive"]


def test_dragoon_3_on_death_this_round_if_6_stronger() -> None:
    """[9] Dragoon - Dragon Sight: Gain 3 strength on death this round if you have 6 or more strength than your opponent."""
    state = play(new("extended"), "dragoon", "bard")
    assert unit(state, A, "dragoon")["strength"] == 12
    state = play(new("extended"), "dragoon", "sage")
    assert unit(state, A, "dragoon")["strength"] == 9


def test_monk_3_on_death_on_rounds_multiple_of_3() -> None:
    """[9] Monk - Meditation: Gain 3 strength on death this round if played on a round that is a multiple of 3. Rounds are numbered starting at 1 for the first round."""
    state = chocobos(new("extended", POOL_2), 2)
    state = play(state, "monk", "chocobo")
    assert unit(state, A, "monk")["strength"] == 12
    state = play(new("extended", POOL_2), "monk", "chocobo")
    assert unit(state, A, "monk")["strength"] == 9


def test_black_mage_paradox_only_if_the_opponents_unit_dies() -> None:
    """[10] Black Mage - Paradox: If you win, set this unit's strength equal to your opponent's strength; This unit will instead have its strength be set equal to your opponent's strength on death if your opponent's unit dies. Clarification / Amendment: Black Mage's effect should say "This unit will instead have its strength be set equal to your opponent's strength on death if your opponent's unit dies.\""""
    state = play(new("extended"), "black mage", "reaper")
    assert unit(state, A, "black mage")["strength"] == 8
    pool = [
        "astrologian",
        "blue mage",
        "bard",
        "sage",
        "paladin",
        "reaper",
        "ninja",
        "dark knight",
        "dragoon",
        "black mage",
    ]
    state = play(new("extended", pool), "chocobo", "paladin")
    state = play(state, "black mage", "reaper")  # the covered Reaper doesn't die
    assert unit(state, A, "black mage")["strength"] == 10


def test_summoner_carbuncle_takes_strength_if_opponent_dies() -> None:
    """[10] Summoner - Summon Carbuncle: Summon a Carbuncle of strength 0, who has no ability and gains strength equal to your opponent's strength; the Carbuncle will instead gain your opponent's strength on their death if your opponent dies."""
    state = play(new("extended", POOL_2), "summoner", "monk")
    assert state["sides"][A]["carbuncle"] == {"strength": 9} and not unit(state, A, "summoner")["alive"]
    state = play(new("extended", POOL_2), "chocobo", "paladin")
    state = play(state, "summoner", "monk")
    assert state["sides"][A]["carbuncle"] == {"strength": 0}
