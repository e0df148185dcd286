"""The engine's contract over every library game (issue 44), at its fewest and most players: random legal play
to an outcome, replay from the seed, views that leak nothing, and hidden facts redrawn without touching what
anyone else sees."""

from __future__ import annotations

import pytest

from games.house.library import library_definition, library_game, library_names
from tests.games.contract import check_engine, check_no_leaks_through_match, check_resample_through_match
from tests.games.house.scenario import E

COUNTS = [(name, n) for name in library_names() for n in sorted({library_game(name).low, library_game(name).high})]


@pytest.mark.parametrize(("name", "count"), COUNTS)
def test_a_library_game_keeps_the_contract_at_its_fewest_and_most_players(name: str, count: int) -> None:
    """Every library game ends with an outcome whose winners and candidates are players, and replays exactly."""
    options = {"definition": library_definition(name)}
    check_engine(E, seeds=("lib",), options=options, count=count)
    check_no_leaks_through_match(E, seed="lib-leak", options=options, count=count)
    check_resample_through_match(E, seed="lib-resample", options=options, count=count)
