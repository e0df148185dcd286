"""The differential harness catches what it claims to compare: a view fact that differs, a legal move the
definition refuses, and an outcome that differs are each reported under their aspect, at the turn they appear."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.games.house.seeds.harness import play
from tests.games.house.seeds.test_abc_seed import ABC_SEED, _house_facts


def test_a_view_fact_that_differs_is_reported_at_its_turn() -> None:
    """A house view that shows one point more for ann from the first scored turn on is a ``view:scores`` mismatch
    naming the viewer, both values and the turn."""

    def lying(view: Any, viewer: str | None) -> dict[str, Any]:
        facts = _house_facts(view, viewer)
        if any(facts["scores"].values()):
            facts["scores"] = {**facts["scores"], "ann": facts["scores"]["ann"] + 1}
        return facts

    report = play(replace(ABC_SEED, house_facts=lying), 0)
    assert "view:scores" in report.mismatches and "turn" in report.mismatches["view:scores"]
    assert "view:x" not in report.mismatches


def test_a_legal_move_the_definition_refuses_is_reported() -> None:
    """A coded move written wrongly for the definition (an unknown choice) is refused there: a ``refusals``
    mismatch, and the match goes on with the move left out on both sides."""

    def wrong(state: Any, house: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
        return {"action": "befriend", "double": False} if "action" in move else move

    report = play(replace(ABC_SEED, to_house=wrong), 1)
    assert "the house refused" in report.mismatches["refusals"]
    assert "awaited" not in report.mismatches
    assert report.coded_outcome is not None and report.house_outcome is not None
