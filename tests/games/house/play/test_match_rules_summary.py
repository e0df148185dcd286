"""The rules panel's summary of a dealer's game says which rounds each round plan entry serves and every
way the match ends (found by issue 25's browser acceptance test: a 2/3-of-the-average game tallied by hand
in round 1 read "Round: …; resolved by the dealer." then "Round: …; resolved by closest to target.", and
the first-to-3 rock-paper-scissors Death Match read "Rounds until the dealer ends the match", its header
"round 1 (until the dealer ends the match)")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.house.engine.definition import definition_clean, definition_load_text
from games.house.play.match_rules import definition_summary
from games.match.services.matches import match_start
from tests.factories import users

SAMPLES = Path(__file__).resolve().parents[4] / "games" / "house" / "engine" / "samples"


def _sample(name: str) -> dict[str, Any]:
    return definition_clean(definition_load_text((SAMPLES / name).read_text()))


def test_round_n_uses_the_entry_min_n_len_and_the_last_entry_repeats() -> None:
    """FORMAT.md: "round n uses round_plan[min(n, len) - 1]: the last entry repeats"."""
    d = _sample("two_thirds.yaml")
    d["round_plan"] = [{**d["round_plan"][0], "resolve": {"by": "dealer"}}, d["round_plan"][0]]
    lines = definition_summary(definition_clean(d))
    assert "Round 1: Your number; the dealer resolves it by hand." in lines
    assert "Round 2–3: Your number; resolved by the mechanic “Closest to a target”." in lines
    d["rounds"] = None
    d["end"] = {"after_rounds": True, "first_to": 3, "last_standing": False}
    assert "Round 2 on: Your number; resolved by the mechanic “Closest to a target”." in definition_summary(
        definition_clean(d)
    )


def test_a_game_of_one_entry_says_each_round() -> None:
    """FORMAT.md: "the turn label is "<label> <n>""; one entry serves every round."""
    assert "Each round: Your number; resolved by the mechanic “Closest to a target”." in definition_summary(
        _sample("two_thirds.yaml")
    )


def test_end_first_to_ends_an_open_ended_match_not_the_dealer() -> None:
    """FORMAT.md `end.first_to`: "a score that ends the match when someone reaches it" (no dealer round:
    nobody but the score ends it)."""
    lines = definition_summary(_sample("rps_best_of_5.yaml"))
    assert "Rounds until a player reaches 3 Wins, each open for 60 seconds." in lines
    assert not any("dealer" in line for line in lines)


def test_the_dealer_ends_an_open_ended_match_of_tallied_or_reviewed_rounds() -> None:
    """FORMAT.md: "`rounds: null` needs a round the dealer resolves or reviews, or `end.first_to` /
    `end.last_standing`, so that something ends the match"."""
    assert "Rounds until the dealer ends the match, each open for 24 hours." in definition_summary(
        _sample("secret_thief.yaml")
    )
    d = _sample("two_thirds.yaml")
    d["end"] = {"after_rounds": True, "first_to": 2, "last_standing": False}
    assert "3 rounds (or until a player reaches 2 Points), each open for 24 hours." in definition_summary(
        definition_clean(d)
    )


@pytest.mark.django_db
def test_the_match_page_says_first_to_3_not_until_the_dealer_ends_it() -> None:
    """FORMAT.md "Views": the public view carries `first_to` (`end.first_to`); the match page's header reads
    "round 1 (first to 3 Wins)" for an open-ended match a score ends."""
    users(["ann", "bob"])
    definition = _sample("rps_best_of_5.yaml")
    match = match_start(game="house", players=["ann", "bob"], options={"definition": definition})
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "round 1 (first to 3 Wins)" in page and "(until the dealer ends the match)" not in page
