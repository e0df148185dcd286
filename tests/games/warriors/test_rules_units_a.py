"""Warriors' Death units [0]-[4]: one scenario per unit and clarification, docstrings quoting the text."""

from __future__ import annotations

from random import Random

import pytest

from games.engine import RuleError

from .helpers import ENGINE, POOL_2, A, B, last, new, play, unit

MIX = ["white mage", "blue mage", "dancer", "sage", "paladin", "machinist", "ninja", "warrior", "monk", "summoner"]


def test_chocobo_does_nothing_infinite_supply() -> None:
    """[0] Chocobo - Does nothing but be cute; you have an infinite supply of Chocobos."""
    state = new("extended")
    for _ in range(4):
        state = play(state, "chocobo", "chocobo")
    assert [f["strength"] for f in state["sides"][A]["fallen"]] == [0, 0, 0, 0]


def test_carbuncle_only_summoned_one_alive_newer_replaces_older() -> None:
    """[0] Carbuncle - Can only be summoned by a Summoner. Is also cute. Only one alive Carbuncle may exist at a time per player, so newer Carbuncles will replace older Carbuncles."""
    state = new("extended", MIX)
    with pytest.raises(RuleError, match="Summoner"):
        ENGINE.validate(state, A, {"unit": "carbuncle"})
    state = play(state, "summoner", "monk")  # the Monk dies: a Carbuncle of 9
    assert state["sides"][A]["carbuncle"] == {"strength": 9}
    state = play(state, "sage", "summoner")  # Kardia copies Summon Carbuncle: the newer one replaces the 9
    assert state["sides"][A]["carbuncle"] == {"strength": 10}
    assert state["sides"][A]["fallen"] == []  # the replaced Carbuncle is not in the underworld


def test_carbuncles_are_played_like_any_unit_and_die() -> None:
    """Carbuncles are treated like any other unit; you may play them in future rounds, and Carbuncles die at the end of a round when they are played. ... Clarification: For Summoner, the Carbuncle is added to your inventory, and you may play it as a unit in future rounds."""
    state = play(new("extended", MIX), "summoner", "warrior")
    state = play(state, "carbuncle", "monk")  # Carbuncle 8 vs Monk 9
    assert last(state)["units"][A] == "carbuncle" and last(state)["winner"] == B
    assert state["sides"][A]["fallen"] == [{"name": "carbuncle", "strength": 8}]
    assert "carbuncle" not in ENGINE.playable(state, A)


def test_astrologian_prediction_not_announced() -> None:
    """[1] Astrologian - Divination: Predict your opponent's unit. If you are correct, gain their strength immediately. It is not explicitly announced what the prediction was or whether it was correct."""
    state = play(new("extended"), {"unit": "astrologian", "guess": "black mage"}, "black mage")
    assert unit(state, A, "astrologian")["strength"] == 11 and last(state)["winner"] == A
    assert last(state)["notes"] == [] and "black mage" not in str(last(state)["units"][A])
    state = play(new("extended"), {"unit": "astrologian", "guess": "dragoon"}, "black mage")
    assert unit(state, A, "astrologian")["strength"] == 1


def test_astrologian_both_read_strengths_before_either_gains() -> None:
    """(ruling) Two Divinations in one round gain from the strengths before either gains."""
    state = play(new("extended"), {"unit": "astrologian", "guess": "astrologian"}, {"unit": "ast", "guess": "ast"})
    assert unit(state, A, "astrologian")["strength"] == unit(state, B, "astrologian")["strength"] == 2


def test_white_mage_correct_wins_unit_survives_and_is_forced_next_round() -> None:
    """[1] White Mage - Rescue: Predict your opponent's unit. If you are correct, you win this round, their unit cannot die this round, and they are forced to play it in the next round (with the same active selection); this overrides Holmgang. It is not explicitly announced what the prediction was or whether it was correct. Clarification: White Mage making a correct prediction means that the opponent loses the round."""
    state = play(new("extended", MIX), {"unit": "white mage", "guess": "dancer"}, {"unit": "dancer", "select": "monk"})
    assert last(state)["winner"] == A and last(state)["notes"] == [f"{B}'s Dancer selects Monk (Closed Position)."]
    assert unit(state, B, "dancer")["alive"] and not unit(state, A, "white mage")["alive"]
    assert ENGINE.view(state, B)["you"]["forced"] == {"unit": "dancer", "select": "monk"}
    assert ENGINE.view(state, A)["you"]["forced"] is None
    with pytest.raises(RuleError, match="Rescue forces"):
        ENGINE.validate(state, B, {"unit": "monk"})
    after, _ = ENGINE.resolve(state, {A: {"unit": "chocobo"}}, Random(0))  # B missing: still the Dancer
    assert last(after)["units"][B] == "dancer" and not unit(after, B, "dancer")["alive"]
    state = play(new("extended", MIX), {"unit": "white mage", "guess": "monk"}, {"unit": "dancer", "select": "ninja"})
    assert last(state)["winner"] == B and ENGINE.view(state, B)["you"]["forced"] is None


def test_white_mage_rescue_overrides_holmgang() -> None:
    """they are forced to play it in the next round (with the same active selection); this overrides Holmgang."""
    state = play(new("extended", MIX), "paladin", "chocobo")
    state = play(state, "warrior", "chocobo")  # Holmgang targets the Paladin
    state = play(state, "monk", {"unit": "white mage", "guess": "monk"})  # A's Monk is rescued, forced
    state = play(state, "monk", "paladin")  # A's Warrior would answer the Paladin: Rescue overrides it
    assert last(state)["units"][A] == "monk"


def test_blue_mage_disguise_fake_active_and_last_real_winner() -> None:
    """[2] Blue Mage - Aetheric Mimicry: Can be disguised as another unit; this unit does not gain the strength nor abilities of the disguised unit. If the unit has an active, you may fake it. The player who actually won the previous round will be announced as the winner of this round. Note that this does not influence the actual result of the round."""
    state = play(new("extended", MIX), "monk", "chocobo")
    state = play(state, {"unit": "blue mage", "disguise": "dancer", "select": "monk"}, "summoner")
    entry = last(state)
    assert entry["units"][A] == "dancer" and entry["winner"] == A  # A really won round 1
    assert entry["notes"] == [f"{A}'s Dancer selects Monk (Closed Position)."]
    assert state["sides"][B]["wins"] == 1 and state["sides"][A]["pending"] == []  # no real selection
    state = play(new("extended", MIX), {"unit": "blue mage", "disguise": "ninja", "rounds": -1}, "chocobo")
    assert state["length"] == 12 and ENGINE.view(state, B)["public"]["rounds_announced"] == 11


def test_blue_mage_first_round_announced_as_both_winning() -> None:
    """If this unit is played in the first round, the round result will be announced as both units winning."""
    state = play(new("extended"), {"unit": "blue mage", "disguise": "samurai"}, "chocobo")
    assert last(state)["winner"] == "both" and state["sides"][A]["wins"] == 1


def test_red_mage_next_unit_looks_like_a_chocobo_announcements_hidden() -> None:
    """[2] Red Mage - Magick Barrier: In the next round, the unit you play will be disguised as a Chocobo, and any announcements from them are hidden."""
    pool = [
        "astrologian",
        "red mage",
        "dancer",
        "sage",
        "samurai",
        "reaper",
        "ninja",
        "dark knight",
        "dragoon",
        "black mage",
    ]
    state = play(new("extended", pool), "red mage", "chocobo")
    state = play(state, {"unit": "ninja", "rounds": 1}, "samurai")
    assert last(state)["units"][A] == "chocobo" and last(state)["notes"] == []
    assert state["length"] == 13 and ENGINE.view(state, B)["public"]["rounds_announced"] == 12
    assert last(state)["winner"] == A  # the Ninja's 7 still beats 5


def test_bard_units_gain_1_in_the_next_two_rounds() -> None:
    """[3] Bard - Battle Voice: In the next two rounds, your units gain 1 strength."""
    state = play(new("extended"), "bard", "chocobo")
    state = play(state, "sage", "samurai")
    assert unit(state, A, "sage")["strength"] == 5 and last(state)["winner"] is None
    state = play(state, "chocobo", "chocobo")
    state = play(state, "chocobo", "chocobo")
    assert [f["strength"] for f in state["sides"][A]["fallen"]] == [1, 0]


def test_dancer_selection_announced_plus_3_only_next_round() -> None:
    """[3] Dancer - Closed Position: Select a unit; it will be announced to your opponent. If you play that unit in the next round, it gains 3 strength."""
    state = play(new("extended", MIX), {"unit": "dancer", "select": "paladin"}, "chocobo")
    assert last(state)["notes"] == [f"{A}'s Dancer selects Paladin (Closed Position)."]
    state = play(state, "paladin", "monk")  # 5 + 3 = 8 < 9
    assert unit(state, A, "paladin")["strength"] == 8
    state = play(new("extended", MIX), {"unit": "dancer", "select": "paladin"}, "chocobo")
    state = play(state, "chocobo", "chocobo")
    state = play(state, "paladin", "chocobo")
    assert unit(state, A, "paladin")["strength"] == 5


def test_sage_copies_with_the_same_active_choice() -> None:
    """[4] Sage - Kardia: Copy your opponent's ability for this round; if a unit with an active is copied, it is treated as if you picked the same option as your opponent. Sage now also copies the opponent's active selection."""
    state = play(new("extended", MIX), "sage", {"unit": "dancer", "select": "monk"})
    assert last(state)["notes"] == [
        f"{A}'s Sage selects Monk (Closed Position).",
        f"{B}'s Dancer selects Monk (Closed Position).",
    ]
    state = play(state, "monk", "monk")
    assert unit(state, A, "monk")["strength"] == unit(state, B, "monk")["strength"] == 12
    state = play(new("extended"), "sage", {"unit": "astrologian", "guess": "astrologian"})
    assert unit(state, A, "sage")["strength"] == 5  # copied guess "astrologian" is right for the Sage


def test_sage_copied_ability_resolves_when_copied() -> None:
    """The copied ability is resolved at the same time as it is copied. ... Multiple swaps are allowed to happen in a single round; e.g. if two swaps happen, both units retain their strength."""
    state = play(new("extended", MIX), "sage", "machinist")
    assert unit(state, A, "sage")["strength"] == 4 and unit(state, B, "machinist")["strength"] == 6
    assert last(state)["winner"] == B


def test_scholar_silences_abilities_buffs_and_disguises() -> None:
    """[4] Scholar - Repose: Silence abilities, buffs, and disguises from your opponent's unit this round; this overrides all other abilities. Effectively, your opponent's unit will just have their base value strength (or lower, if they are debuffed), even if they would otherwise be buffed during this round."""
    pool = [
        "astrologian",
        "blue mage",
        "bard",
        "scholar",
        "paladin",
        "machinist",
        "ninja",
        "warrior",
        "dragoon",
        "summoner",
    ]
    state = play(new("extended", pool), "bard", "chocobo")
    state = play(state, {"unit": "astrologian", "guess": "scholar"}, "scholar")
    assert unit(state, A, "astrologian")["strength"] == 1 and last(state)["winner"] == B
    state = play(new("extended", pool), {"unit": "blue mage", "disguise": "summoner"}, "scholar")
    assert last(state)["units"][A] == "blue mage" and last(state)["winner"] == B  # no fake "both" either
    state = play(new("extended", pool), "summoner", "scholar")
    assert state["sides"][A]["carbuncle"] is None


def test_scholar_does_not_silence_debuffs() -> None:
    """Scholar does not silence debuffs, so a unit with lower strength than their base strength would stay at that strength."""
    pool = [
        "astrologian",
        "blue mage",
        "bard",
        "scholar",
        "paladin",
        "machinist",
        "ninja",
        "warrior",
        "dragoon",
        "summoner",
    ]
    state = play(new("extended", pool), "paladin", "chocobo")
    state = play(state, "summoner", "machinist")  # swapped down to 6 but covered: survives at 6
    assert unit(state, A, "summoner") == {"strength": 6, "alive": True}
    state = play(state, "summoner", "scholar")
    assert unit(state, A, "summoner")["strength"] == 6 and not unit(state, A, "summoner")["alive"]


def test_scholar_removes_death_immunity() -> None:
    """Death immunity is considered a buff, and would be removed by Scholar."""
    state = play(new("extended", POOL_2), "paladin", "chocobo")
    state = play(state, "monk", "scholar")  # covered by the Paladin, but silenced
    assert not unit(state, A, "monk")["alive"]


def test_scholar_active_not_announced() -> None:
    """Clarification: Scholar silences will prevent the opponent's unit from having an active. This means that whatever active your opponent chose is not announced."""
    pool = [
        "astrologian",
        "blue mage",
        "dancer",
        "scholar",
        "paladin",
        "machinist",
        "ninja",
        "warrior",
        "dragoon",
        "summoner",
    ]
    state = play(new("extended", pool), {"unit": "dancer", "select": "dragoon"}, "scholar")
    assert last(state)["notes"] == [] and state["sides"][A]["pending"] == []
    state = play(new("extended", pool), {"unit": "ninja", "rounds": 1}, "scholar")
    assert last(state)["notes"] == [] and state["length"] == 12
