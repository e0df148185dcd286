"""The Exodus Game in our words (from RULES.md), for the rules panel and the rules page."""

from __future__ import annotations

from games.exodus.tables import GARNET_EVERY, HAND, MAX_TRADES, NAMES, ROUNDS
from games.rules_text import RulesText

VARIANTS = ["cubes", "gems"]

GEMS = {
    "ruby": "Ruby: Favor to the giver, more when traded for a Sapphire.",
    "sapphire": "Sapphire: cuts the recipient's Favor from this trade (not below 0).",
    "emerald": "Emerald: the recipient's Favor from this trade plus k, unless traded for an Emerald or Topaz.",
    "topaz": "Topaz: a shared pool split between every Topaz traded that year.",
    "diamond": "Diamond: Favor and a yearly effect (information, a lock, end-of-game bonuses, garnets in Year 7).",
    "onyx": "Onyx: the recipient loses Favor; most Onyx among non-winners is the EC.",
}


def rules(variant: str) -> RulesText:
    """The rules text of the ``cubes`` or ``gems`` ("Elephantine") version."""
    cubes = variant == "cubes"
    item, rnd, score = ("cube", "round", "points") if cubes else ("gem", "year", "Favor")
    worst = "Black cubes" if cubes else "Onyx"
    return RulesText(
        name=NAMES[variant],
        variant=variant,
        summary=(
            f"You are dealt {HAND[variant]} {item}s. {ROUNDS} {rnd}s; each {rnd} you secretly name up to "
            f"{MAX_TRADES[variant]} players and the {item} you will give each.",
            "A trade happens when both name each other: each gives the item they named. What you receive arrives "
            f"after the {rnd}. Each {rnd} has its own scoring table (shown with the trade form).",
            f"Nobody else learns your {score}, inventory or partners; everyone learns how many trades went through.",
            f"The most {score} wins 2 Tokens of Life (2–3 tied: 1 each). The Elimination Candidate is the non-winner "
            f"with the most {worst}, then the fewest {score}. 1 garnet per {GARNET_EVERY[variant]} {score}.",
        ),
        default_move="You offer no trades this " + rnd + '; a winner\'s missing EC pick is "no preference".',
        abilities=() if cubes else tuple((k.title(), v) for k, v in GEMS.items()),
        ability_heading="Gems",
        card_help=(lambda card: "") if cubes else (lambda card: GEMS.get(card.lower(), "")),
    )
