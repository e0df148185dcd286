"""The report's "what dominates" and "what was used" figures (games/match/playtest/usage.py): a seat or a
choice dominates only when its win rate's 95 % interval lies wholly above the rest's."""

from __future__ import annotations

from typing import Any

from games.match.playtest.usage import seat_dominance, usage_summary


def _result(winners: list[int], used: dict[str, list[int]] | None = None) -> dict[str, Any]:
    return {"winners": winners, "used": used or {}}


def test_a_seat_that_wins_far_more_often_dominates_with_its_figures() -> None:
    results = [_result([0]) for _ in range(70)] + [_result([1 + i % 3]) for i in range(30)]
    seats = seat_dominance(results, 4)
    assert [s["dominant"] for s in seats] == [True, False, False, False]
    assert seats[0]["win"]["k"] == 70 and seats[0]["rest"]["k"] == 30 and seats[0]["rest"]["n"] == 300


def test_a_seat_a_little_ahead_by_chance_does_not() -> None:
    results = [_result([i % 4 if i % 5 else 0]) for i in range(30)]  # seat 1: 12 of 30, the others 6 each
    seats = seat_dominance(results, 4)
    assert seats[0]["win"]["k"] == 12 and not any(s["dominant"] for s in seats)


def test_a_choice_whose_choosers_win_far_more_often_dominates() -> None:
    # In every match seat 0 chose "high" and won; the other seats chose "low" and lost.
    results = [_result([0], {"choice:call=high": [1, 0, 0], "choice:call=low": [0, 1, 1]}) for _ in range(40)]
    usage = {u["key"]: u for u in usage_summary(results, 3)}
    assert usage["choice:call=high"]["dominant"] and not usage["choice:call=low"]["dominant"]
    assert usage["choice:call=high"]["times"] == 40 and usage["choice:call=low"]["matches"] == 40


def test_the_lab_report_lists_the_uses_and_every_table_is_in_a_box_a_keyboard_reaches() -> None:
    """The admin's and the command's self-contained report: its tables scroll in labelled focusable boxes
    (axe's scrollable-region-focusable) and it lists what the game's bots used."""
    from games.house.engine.samples import sample_definition
    from games.match.playtest.report import report_html
    from games.match.playtest.runner import Plan, run
    from games.match.playtest.stats import summarise

    plan = Plan(game="house", matches=4, players=2, options={"definition": sample_definition("rps_best_of_5")})
    page = report_html(summarise(plan, run(plan, processes=1)))
    assert page.count("<table>") == page.count('<div class="scroll" tabindex="0" role="region" aria-label=') == 6
    assert "What the bots used, and what dominates" in page and "choice:hand=Rock" in page
