"""Warriors' Death in our words (from RULES.md), for the rules panel and the rules page."""

from __future__ import annotations

from games.rules_text import RulesText
from games.warriors.units import NAMES, table

VARIANTS = ["classic", "extended"]

_SHAPE = {
    "classic": (NAMES["classic"], "units of strength 0–9", "5 bouts of 10 rounds"),
    "extended": (
        NAMES["extended"],
        "a pool of one unit per strength 1–10 (drawn from 20) plus the Chocobo",
        "3 bouts of 12 rounds",
    ),
}


def _help(variant: str):  # noqa: ANN202 - a card -> text function
    units = table(variant)

    def help_for(card: str) -> str:
        unit = units.get(card.lower())
        return unit.ability if unit else ""

    return help_for


def rules(variant: str) -> RulesText:
    """The rules text of the ``classic`` or ``extended`` version."""
    name, units, bouts = _SHAPE[variant]
    return RulesText(
        name=name,
        variant=variant,
        summary=(
            f"A 2-player Death Match: {bouts}. Each bout you have one unit of each strength ({units}) "
            "and infinite Chocobos.",
            "Each round both players secretly send out one unit. The stronger wins the round (3 points); "
            "equal strengths tie. Both units then die unless an ability says otherwise; a dead unit cannot be played.",
            "At the bout's end each player scores 3 per round won plus the strengths of their dead units. "
            "More bouts won wins the Death Match; a tie plays one more bout, then the advantage decides.",
            "After each round only the winner and both units' appearances are announced.",
        ),
        default_move="You send out a Chocobo (an invalid move does the same); "
        "a unit forced by Rescue is played instead.",
        abilities=tuple((u.name.title(), f"[{u.base}] {u.ability}") for u in table(variant).values()),
        ability_heading="Units and abilities",
        card_help=_help(variant),
    )
