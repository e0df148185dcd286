"""Odds and Evens in our words, for the rules panel and the rules page."""

from __future__ import annotations

from games.rules_text import RulesText

VARIANTS = [""]


def rules(variant: str) -> RulesText:
    """Odds and Evens' rules text (it has no variants)."""
    return RulesText(
        name="Odds and Evens",
        variant=variant,
        summary=(
            "Each round both players secretly show one or two fingers.",
            "An even total scores a point for the first seat (Evens), an odd total for the second (Odds).",
            "The first to the target (3 unless the host says otherwise) wins.",
        ),
        default_move="One finger is shown for you.",
    )
