"""The toy's rules panel (every game package has one: ``games.rules_text``)."""

from __future__ import annotations

from games.rules_text import RulesText

VARIANTS = [""]


def rules(variant: str) -> RulesText:
    """The toy in a few words."""
    return RulesText(
        name="Dealer's toy",
        variant=variant,
        summary=("Each round every player names a number; the dealer announces what came of it.",),
        default_move="You name 0.",
    )
