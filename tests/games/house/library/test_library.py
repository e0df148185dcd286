"""The library as a whole (issue 44): valid ``garnet-house/2`` files, a game at every count, rules to read."""

from __future__ import annotations

import pytest

from games.house.engine.definition import definition_load_text
from games.house.library import (
    LIBRARY_PLAYERS,
    is_library_choice,
    library_definition,
    library_game,
    library_games,
    library_names,
    library_options,
    library_text,
)


@pytest.mark.parametrize("name", library_names())
def test_each_library_game_is_a_garnet_house_2_file_with_rules_players_read(name: str) -> None:
    """Written in the dealer's format as it is today, with its rules text saying what silence becomes, and
    nothing a dealer resolves by hand: a library game runs without the dealer."""
    raw = definition_load_text(library_text(name))
    assert raw["schema"] == "garnet-house/2"
    clean = library_definition(name)
    assert len(clean["rules"]) > 200 and "If you send nothing" in clean["rules"]
    assert "hour" not in clean["rules"] and "second" not in clean["rules"]  # the round length is the season's
    assert all(
        plan["resolve"].get("by") != "dealer" and not plan["resolve"].get("review") for plan in clean["round_plan"]
    )


def test_every_count_from_2_to_16_has_two_main_matches_and_2_has_a_death_match() -> None:
    """The promise the season's game list relies on."""
    for players in LIBRARY_PLAYERS:
        assert len(library_games(players=players, kind="main")) >= 2, players
    assert len(library_games(players=2, kind="death")) >= 1
    assert all(g.low == g.high == 2 for g in library_games(kind="death"))


def test_a_library_choice_brings_its_definition_into_the_match_options() -> None:
    """``library:<name>`` names a game only when the file exists; its options keep the cleaned definition."""
    assert is_library_choice("library:morra") and not is_library_choice("library:nope")
    assert not is_library_choice("house:3") and not is_library_choice("morra")
    options = library_options("morra")
    assert options["library"] == "morra" and options["definition"]["title"] == "Morra"
    assert library_game("morra").span == "2" and library_game("only_one").span == "2–16"
    with pytest.raises(KeyError):
        library_game("../samples/abc")
