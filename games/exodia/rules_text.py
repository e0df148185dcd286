"""Exodia, Obliterate in our words (from RULES.md), for the rules panel and the rules page."""

from __future__ import annotations

from games.exodia.cards import effect_of
from games.rules_text import RulesText

VARIANTS = [""]

EFFECTS = {
    "steal": "Steal (a player, a card): if they play that card this round you take it; it does not trigger.",
    "force": "Force (a player): next round they must discard a card of their choice.",
    "priority": "Priority: you rank first in this round's Retrieval.",
    "gift": "Gift (a player, a card you hold): the card goes to them; backfires if several gift them.",
    "immune": "Immune: Steal, Force and Gift played on you this round do nothing (not Bomb).",
    "meta": "Meta: counts for garnets (played ÷ 2) and breaks end-of-game ties.",
    "bomb": "Bomb (a player or nobody): guess who targets you; right, they get the Bomb; wrong, a Strike.",
}


# What a card in hand shows beneath its name: its effect in a few words.
ON_CARD = {
    "steal": "take a card they play",
    "force": "they discard next round",
    "priority": "first in Retrieval",
    "gift": "give a card away",
    "immune": "blocks Steal, Force, Gift",
    "meta": "garnets, tiebreaks",
    "bomb": "guess who targets you",
}


def _help(card: str) -> str:
    return ON_CARD.get(effect_of(card.lower()), "")


def rules(variant: str) -> RulesText:
    """Exodia's rules text (it has no variants)."""
    return RulesText(
        name="Exodia, Obliterate",
        variant=variant,
        summary=(
            "7 players, 49 cards: 7 effects × 7 initial owners; you start with your own 7 cards.",
            "Goal: hold an Exodia, at least one card of every initial owner. The game ends at the end of the round "
            "in which someone holds one.",
            "Each round everyone at once discards what they owe, plays cards (with targets) and ranks what they "
            "want back. Play at least one card if able; do not play a type you played last round if you can avoid it "
            "(Bombs exempt).",
            "Retrieval: when the Discard Pile held 7 or more older cards, each player takes one by their ranking "
            "(Priority players first, then fewest owners held).",
        ),
        default_move="You get a Strike, owed discards are drawn at random, a random non-Bomb "
        "card of yours goes to the Discard Pile, and you play nothing.",
        abilities=tuple((k.title(), v) for k, v in EFFECTS.items()),
        ability_heading="Card effects",
        card_help=_help,
    )
