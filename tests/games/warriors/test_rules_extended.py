"""Warriors' Death (extended): the general rules, one scenario per clause, docstrings quoting it."""

from __future__ import annotations

from random import Random

import pytest

from games.engine import RuleError

from .helpers import ENGINE, POOL_1, POOL_2, A, B, chocobos, last, new, play, unit


def test_pool_one_unit_per_strength_announced_and_3_minutes_to_look() -> None:
    """At the beginning of the DM, one unit of each strength will be randomly selected to be part of the pool of units. This list will be announced to both players, and all bouts will use that generated pool of 10 units, plus the Chocobo. Players will have 3 minutes to analyze the pool of units."""
    pools = set()
    for seed in range(20):
        state = ENGINE.setup([A, B], {"variant": "extended"}, Random(seed))
        pool = state["pool"]
        assert len(pool) == 10 and [ENGINE_UNITS[n] for n in pool] == list(range(1, 11))
        pools.add(tuple(pool))
        assert ENGINE.view(state, None)["public"]["pool"] == pool
        assert ENGINE.awaiting(state) == () and ENGINE.turn_seconds(state) == 180
    assert len(pools) > 1
    fixed = ENGINE.setup([A, B], {"variant": "extended", "pool": POOL_2}, Random(0))
    assert fixed["pool"] == POOL_2
    state, _ = ENGINE.resolve(fixed, {}, Random(1))
    names = [c["name"] for c in ENGINE.view(state, A)["you"]["units"]]
    assert names == ["chocobo", *POOL_2]
    with pytest.raises(RuleError):
        ENGINE.setup([A, B], {"variant": "extended", "pool": ["monk"] * 10}, Random(0))


from games.warriors.units import table  # noqa: E402

ENGINE_UNITS = {n: u.base for n, u in table("extended").items()}


def test_three_bouts_of_12_rounds_more_bouts_won_wins() -> None:
    """This game will be played as a series of 3 independent bouts. The player who has won more bouts wins the DM. ... Each bout consists of 12 rounds."""
    state = new("extended")
    for n in range(3):
        state = play(state, "dragoon", "chocobo")
        state = chocobos(state, 10)
        assert state["phase"] == "play" and state["round"] == 12
        state = chocobos(state, 1)
        assert state["bouts"][-1]["rounds"] == 12
        if n < 2:
            state, _ = ENGINE.resolve(state, {}, Random(n))
    assert ENGINE.outcome(state).winners == (A,) and state["bout_wins"] == {A: 3, B: 0}


def test_tie_plays_an_additional_bout_then_the_advantage_wins() -> None:
    """In the case of a tie, an additional bout is played. If this bout also ends in a tie, the player with the advantage wins."""
    state = new("extended", advantage=A)
    for n in range(4):
        state = chocobos(state, 12)
        if n < 3:
            assert ENGINE.outcome(state) is None
            state, _ = ENGINE.resolve(state, {}, Random(n))
            if n == 2:
                assert ENGINE.turn_label(state) == "Bout 4 (extra) · Round 1"
    assert ENGINE.outcome(state).winners == (A,) and ENGINE.outcome(state).candidates == (B,)


def test_one_unit_of_each_strength_plus_infinite_chocobos() -> None:
    """In each bout, players will get one unit of each strength (plus infinite Chocobos). ... Players cannot play a unit that's dead."""
    state = chocobos(new("extended"), 3)
    state = play(state, "reaper", "chocobo")
    assert len(state["sides"][A]["fallen"]) == 3 and "chocobo" in ENGINE.playable(state, A)
    with pytest.raises(RuleError, match="dead"):
        ENGINE.validate(state, A, {"unit": "reaper"})


def test_missing_or_invalid_submission_sends_out_a_chocobo() -> None:
    """If a player doesn't submit or makes an invalid submission, they automatically send out a Chocobo to fight."""
    state = new("extended", POOL_2)
    after, _ = ENGINE.resolve(state, {A: {"unit": "carbuncle"}, B: {"unit": "summoner"}}, Random(0))
    assert last(after)["units"] == {A: "chocobo", B: "summoner"}


def test_winner_announced_units_revealed_nothing_else() -> None:
    """At the end of each round, the unit with higher strength will win, and that player will earn 3 points. The unit who won the round is announced. Both units are then revealed, then die. ... This means that players do not know the strengths of the units, certain non-announced abilities, or whether a unit died."""
    state = play(new("extended"), {"unit": "astrologian", "guess": "reaper"}, "reaper")
    assert last(state) == {"bout": 1, "round": 1, "units": {A: "astrologian", B: "reaper"}, "winner": A, "notes": []}
    bob = ENGINE.view(state, B)
    assert "strength" not in str(bob["public"]) and "alive" not in str(bob["public"])
    assert state["sides"][A]["wins"] == 1


def test_dead_units_strengths_as_they_died_alive_units_score_nothing() -> None:
    """Any units that die will go to the underworld. At the end of the bout, each player gains points equal to the sum of their dead units' strengths. Note that when a unit has its strength altered in any way, it will maintain that altered strength in death. Players do not gain points from their units that are alive."""
    state = play(new("extended"), "reaper", "dark knight")  # Reaper loses: 8 on death
    state = play(state, "samurai", "sage")  # the Samurai wins and stays alive
    state = chocobos(state, 10)
    assert state["bouts"][-1]["points"] == {A: 8 + 3, B: 8 + 3 + 4}


def test_bout_end_reveals_points_more_points_wins_tie_is_a_tie() -> None:
    """When the final round ends, the bout ends; both players' points are revealed, and the player with more points wins the bout. In the case of a tie, the bout is tied."""
    state = chocobos(new("extended"), 12)
    assert state["bouts"][-1] == {"bout": 1, "rounds": 12, "points": {A: 0, B: 0}, "winner": None}
    assert state["bout_wins"] == {A: 0, B: 0}


def test_abilities_resolve_previous_rounds_first_then_0_to_10() -> None:
    """The order of ability resolution is that abilities from previous rounds will always resolve first, followed by resolving each ability from [0] Chocobo to [10] Black Mage/Summoner in that order."""
    state = play(new("extended", POOL_2), {"unit": "dancer", "select": "machinist"}, "chocobo")
    # Closed Position (previous round) makes the Machinist 9 before Barrel Stabilizer swaps it away.
    state = play(state, "machinist", "summoner")
    assert last(state)["winner"] == A and unit(state, A, "machinist")["strength"] == 10
    assert state["sides"][B]["carbuncle"] == {"strength": 10}  # Summon (10) reads the swapped strength


def test_submit_by_strength_name_or_abbreviation() -> None:
    """You may submit for a round using either the original strength of the unit, the unit's name, or some abbreviation of the unit's name."""
    state = new("extended", POOL_2)
    assert ENGINE.validate(state, A, {"unit": 10}) == {"unit": "summoner"}
    assert ENGINE.validate(state, A, {"unit": "GNB"}) == {"unit": "gunbreaker"}
    assert ENGINE.validate(state, A, {"unit": "war"}) == {"unit": "warrior"}
    assert ENGINE.validate(state, A, {"unit": "white mage", "guess": "SMN"}) == {
        "unit": "white mage",
        "guess": "summoner",
    }
    assert ENGINE.validate(state, A, {"unit": "0"}) == {"unit": "chocobo"}
    with pytest.raises(RuleError, match="not a unit of this DM"):
        ENGINE.validate(state, A, {"unit": "samurai"})


def test_one_minute_turns_and_breaks() -> None:
    """Each player will get one minute per turn, with no reserve time. There will be a break between bouts."""
    state = new("extended", POOL_1)
    assert ENGINE.turn_seconds(state) == 60
    state = chocobos(state, 12)
    assert state["phase"] == "break" and ENGINE.awaiting(state) == ()
    state, _ = ENGINE.resolve(state, {A: {"unit": "samurai"}}, Random(0))
    assert ENGINE.turn_label(state) == "Bout 2 · Round 1" and unit(state, A, "samurai")["alive"]
