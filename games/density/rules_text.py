"""Density Deck in our words (from RULES.md), for the rules panel and the rules page."""

from __future__ import annotations

from games.density.cards import COLOURS
from games.rules_text import RulesText, Table

VARIANTS = ["sum", "sum-or-common"]

DECK = Table(
    caption="The 50 cards",
    head=("colour", "powers"),
    rows=(
        ("common", "1–10, two of each (never combine)"),
        *((c, ", ".join(str(p) for p in ps)) for c, ps in COLOURS.items()),
    ),
)

DAMAGE = Table(
    caption="Damage when the match ends",
    head=("round", "beaten players", "surrendered"),
    rows=(("1", "—", "1"), ("2", "2", "1"), ("3", "3", "2"), ("4+", "4", "3")),
)


def rules(variant: str) -> RulesText:
    """The rules text under the ``sum`` scoring (default) or the ``sum-or-common`` host variant."""
    common = (
        " Under this table's scoring your highest common card scores its power when it beats every colour total."
        if variant == "sum-or-common"
        else ""
    )
    return RulesText(
        name="Density Deck (Center Amplification)",
        variant=variant,
        summary=(
            "4 players, 10 lives each. Each match: 3 cards to each player, 3 face down to the Center Amplification. "
            "After each full rotation one more Amplification card is flipped.",
            "Your turn: draw (from the deck or the top of another player's discard pile), see your card, then discard "
            "one of your 4 cards onto your own pile. You may instead surrender before drawing, surrender after "
            "drawing, or, from Round 2, fight: the match ends at once.",
            "Your score: for each colour in your hand, add every card of that colour in your hand, the revealed "
            "Amplification and the top of the other players' piles; your best colour counts. A hand with no colour "
            "card scores its highest common card." + common,
            "The highest score takes no damage; the others lose lives (see the table). The last player with lives "
            "wins 2 Tokens of Life; the first to run out is the Elimination Candidate.",
        ),
        default_move="You draw from the deck and discard the card you drew (your hand is "
        "unchanged); if you drew but did not discard, you discard the drawn card.",
        tables=(DECK, DAMAGE),
    )
