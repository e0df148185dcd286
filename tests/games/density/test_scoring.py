"""The score function gives the worked values written in RULES.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.density.scoring import SCORERS, score_sum, scorer
from games.engine import RuleError

RULES = Path(__file__).resolve().parents[3] / "games" / "density" / "RULES.md"


def worked_examples() -> list[tuple[str, str, list[str], list[str], dict[str, str], int, str | None]]:
    """The rows of the "Worked examples" table in RULES.md."""
    text = RULES.read_text(encoding="utf-8")
    table = text.split("### Worked examples", 1)[1].split("Worked out:", 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 8 or not cells[0].isdigit():
            continue
        num, name, hand, amp, tops, _own, points, base = cells
        split = lambda s: [] if s == "-" else [c.strip() for c in s.split(",")]  # noqa: E731
        others = {} if tops == "-" else dict(t.strip().split(": ", 1) for t in tops.split(";"))
        rows.append((num, name, split(hand), split(amp), others, int(points), None if base == "-" else base))
    return rows


def test_rules_md_has_worked_examples() -> None:
    """RULES.md must contain worked scoring examples, for both scorers."""
    rows = worked_examples()
    assert len(rows) >= 8
    assert {r[1] for r in rows} == set(SCORERS)


@pytest.mark.parametrize("row", worked_examples(), ids=lambda r: f"example-{r[0]}")
def test_score_function_gives_the_worked_values_of_rules_md(row: tuple) -> None:
    """A colour's total is the sum of the power levels of every eligible card of that colour
    (hand + revealed Center Amplification + other players' top discards); a hand with no colour
    card scores its highest common card."""
    _num, name, hand, amp, tops, points, base = row
    score = scorer(name)(hand, amp, tops)
    assert (score.points, score.base) == (points, base)
    assert score.lines[-1].startswith(f"score {points}")


def test_score_lines_work_the_sum_out() -> None:
    """The match summary shows each hand's score worked out line by line."""
    score = score_sum(["red 10", "red 5", "common 9"], ["red 3"], {"bob": "red 3"})
    assert score.lines == (
        "red: red 10 (hand) + red 5 (hand) + red 3 (Amplification) + red 3 (bob's discard) = 21",
        "score 21 (Base Colour red)",
    )


def test_unknown_scoring_option_is_refused() -> None:
    """Make the score function one small replaceable piece, selectable by options["scoring"]."""
    with pytest.raises(RuleError, match="scoring"):
        scorer("product")
