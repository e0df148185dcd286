"""Secret Numbers in our words, for the rules panel."""

from __future__ import annotations

from games.rules_text import RulesText

VARIANTS = [""]


def rules(variant: str) -> RulesText:
    """Secret Numbers' rules text (it has no variants)."""
    return RulesText(
        name="Secret Numbers",
        variant=variant,
        summary=(
            "Each player holds a secret number from 1 to 9.",
            "Each round both guess the other's number; a single right guess wins.",
            "After round 9 the second seat wins.",
        ),
        default_move="You guess 1.",
    )
