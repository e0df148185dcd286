"""Dealers' own games in general words, for the rules panel and the rules page.

A match of a dealer's game shows that game's own rules (the definition's Markdown, wired by the pages);
this is the text of the game app itself: how every dealer's game is played (RULES.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules_text import RulesText

VARIANTS = [""]


def rules(variant: str) -> RulesText:
    """How any dealer's game is played (it has no variants: each definition is its own game)."""
    return RulesText(
        name="Dealer's game",
        variant=variant,
        summary=(
            "A game the dealer designed: its own rules are shown with each match. It is played in rounds; "
            "each round the players it awaits fill in the round's form in secret before the deadline.",
            "A round is resolved by a mechanic (the result is announced at once, or after the dealer reviews it) "
            "or by the dealer, who reads every submission, announces the result, writes private lines and sets "
            "the scores.",
            "Scores are public or private as the game says; submissions stay secret unless the round reveals them. "
            "Secret facts dealt at the start (a role, a card) are yours alone until the match ends.",
            "The match ends after its rounds, when someone reaches the target score, when one player is left, or "
            "when the dealer ends it. The highest score wins (Tokens of Life as the game says); the lowest is the "
            "Elimination Candidate, ties broken by the season's tiebreak order.",
        ),
        default_move="A missing submission takes each field's stated default; a field without one is left out "
        "(you abstain). If the dealer misses a tally, the round publishes no result; a missed review publishes "
        "the mechanic's result as it is.",
    )


def rules_for_options(options: Mapping[str, Any], *, turn_seconds: int | None = None) -> RulesText | None:
    """A match's own rules: those of the definition it plays, its rounds as long as the match's own
    ``turn_seconds`` where it sets one (``games.rules_text.rules_for_match``)."""
    from games.house.play.match_rules import rules_for_options as own  # the pages' wiring (Django's reverse)

    return own(options, turn_seconds=turn_seconds)
