"""The unit table of A Warrior's Death (classic) and Warriors' Death (extended), and unit naming.

Pure: no Django, no clock, no randomness. A unit is named in a submission by its
name ("blue mage", "bluemage"), its base strength (``2`` or ``"2"``, when only one
unit of the pool has it; ``0`` is always the Chocobo), its abbreviation (the
Final Fantasy XIV job code, see ``ABBREVIATIONS``) or any prefix of its name of
at least two letters that fits only one unit of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import RuleError

# Each version's one published name: every page (console, match, season, rules, timeline) uses it.
NAMES = {"classic": "A Warrior's Death", "extended": "Warriors' Death"}


@dataclass(frozen=True)
class Unit:
    """One kind of unit: its name, base strength, abbreviation and active choice (if any)."""

    name: str
    base: int
    abbr: str
    active: str | None = None  # "guess" | "disguise" | "select" | "rounds"
    ability: str = ""


CLASSIC: tuple[Unit, ...] = (
    Unit("chocobo", 0, "cho", None, "Does nothing but be cute; infinite supply."),
    Unit("astrologian", 1, "ast", "guess", "Divination: predict the opponent's unit; if right, gain its strength."),
    Unit("blue mage", 2, "blu", "disguise", "Aetheric Mimicry: disguised; the previous round's winner is announced."),
    Unit("bard", 3, "brd", None, "Battle Voice: your next two units gain 1 strength."),
    Unit("sage", 4, "sge", None, "Kardia: copy the opponent's ability (not Astrologian or Blue Mage)."),
    Unit("samurai", 5, "sam", None, "Third Eye: if you win, this unit doesn't die."),
    Unit("reaper", 6, "rpr", None, "Enshroud: if you lose, strength set to 8 on death."),
    Unit("dark knight", 7, "drk", None, "Living Dead: may be played again the very next round after it dies."),
    Unit("dragoon", 8, "drg", None, "Dragon Sight: +3 on death if 6 or more stronger than the opponent."),
    Unit("black mage", 9, "blm", None, "Paradox: if you win, strength set to the opponent's on death."),
)

EXTENDED: tuple[Unit, ...] = (
    Unit("chocobo", 0, "cho", None, "Does nothing but be cute; infinite supply."),
    Unit("carbuncle", 0, "carb", None, "Only summoned by a Summoner; one alive at a time."),
    Unit("astrologian", 1, "ast", "guess", "Divination: predict the opponent's unit; if right, gain its strength."),
    Unit(
        "white mage", 1, "whm", "guess", "Rescue: predict the opponent's unit; if right, win and force it next round."
    ),
    Unit("blue mage", 2, "blu", "disguise", "Aetheric Mimicry: disguised, may fake an active; last winner announced."),
    Unit("red mage", 2, "rdm", None, "Magick Barrier: next round's unit looks like a Chocobo, announcements hidden."),
    Unit("bard", 3, "brd", None, "Battle Voice: in the next two rounds your units gain 1 strength."),
    Unit("dancer", 3, "dnc", "select", "Closed Position: select a unit (announced); +3 if played next round."),
    Unit("sage", 4, "sge", None, "Kardia: copy the opponent's ability, with the same active choice."),
    Unit("scholar", 4, "sch", None, "Repose: silence the opponent's abilities, buffs and disguises."),
    Unit("samurai", 5, "sam", None, "Third Eye: if you win, this unit doesn't die."),
    Unit("paladin", 5, "pld", None, "Cover: next round, the unit you play cannot die."),
    Unit("reaper", 6, "rpr", None, "Enshroud: if you lose, strength set to 8 on death this round."),
    Unit("machinist", 6, "mch", None, "Barrel Stabilizer: swap strengths with the opponent's unit."),
    Unit("ninja", 7, "nin", "rounds", "Huton: change the bout's length by one round (announced)."),
    Unit("gunbreaker", 7, "gnb", None, "Hypervelocity: if you lose, the bout ends next round."),
    Unit("dark knight", 8, "drk", None, "Living Dead: may be played again the very next round after it dies."),
    Unit("warrior", 8, "war", None, "Holmgang: auto-played against the appearance of your previous unit."),
    Unit("dragoon", 9, "drg", None, "Dragon Sight: +3 on death this round if 6 or more stronger."),
    Unit("monk", 9, "mnk", None, "Meditation: +3 on death this round on rounds that are multiples of 3."),
    Unit("black mage", 10, "blm", None, "Paradox: if you win, strength set to the opponent's on death."),
    Unit("summoner", 10, "smn", None, "Summon Carbuncle: gain a Carbuncle with the opponent's strength."),
)

ABBREVIATIONS: dict[str, str] = {u.abbr: u.name for u in EXTENDED}
ABBREVIATIONS.update({"choco": "chocobo", "cb": "carbuncle"})

ACTIVES: tuple[str, ...] = ("guess", "disguise", "select", "rounds")


def table(variant: str) -> dict[str, Unit]:
    """Every unit of ``variant`` by name."""
    return {u.name: u for u in (CLASSIC if variant == "classic" else EXTENDED)}


def unit(variant: str, name: str) -> Unit:
    """The unit called ``name`` in ``variant`` (KeyError if none)."""
    return table(variant)[name]


def draw_pool(rng: Any) -> list[str]:
    """One extended unit of each strength 1-10, drawn with ``rng`` (ascending strength)."""
    pool = []
    for strength in range(1, 11):
        pair = [u.name for u in EXTENDED if u.base == strength]
        pool.append(pair[rng.randrange(2)])
    return pool


def check_pool(names: Any) -> list[str]:
    """``names`` as a valid extended pool (one unit per strength 1-10, ascending), else ValueError."""
    if not isinstance(names, list | tuple) or len(names) != 10:
        raise ValueError("the pool lists exactly ten units, one per strength 1-10")
    known = table("extended")
    chosen: dict[int, str] = {}
    for raw in names:
        if not isinstance(raw, str):
            raise ValueError("the pool lists unit names")
        name = ABBREVIATIONS.get(raw.strip().lower(), raw.strip().lower())
        if name not in known or known[name].base == 0:
            raise ValueError(f"{raw!r} is not a unit of strength 1-10")
        if known[name].base in chosen:
            raise ValueError(f"the pool has two units of strength {known[name].base}")
        chosen[known[name].base] = name
    return [chosen[s] for s in range(1, 11)]


def roster(variant: str, pool: Sequence[str]) -> list[str]:
    """The unit names a player can ever name in this DM: Chocobo (and Carbuncle), then the pool."""
    extra = ["chocobo", "carbuncle"] if variant == "extended" else ["chocobo"]
    return extra + list(pool)


def parse_unit(value: Any, names: Sequence[str], variant: str, what: str = "the unit") -> str:
    """The unit among ``names`` that ``value`` designates, or a RuleError naming the naming rule."""
    units = table(variant)
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RuleError(f"{what} must be named by name, strength or abbreviation")
    text = str(value).strip().lower()
    if text.lstrip("+-").isdigit():
        strength = int(text)
        if strength == 0:
            return "chocobo"
        hits = [n for n in names if units[n].base == strength]
        if len(hits) != 1:
            raise RuleError(f"{what}: no single unit of strength {strength} in this DM")
        return hits[0]
    squashed = text.replace(" ", "").replace("-", "").replace("_", "")
    for name in names:
        if squashed == name.replace(" ", "") or ABBREVIATIONS.get(squashed) == name:
            return name
    hits = [n for n in names if len(squashed) >= 2 and n.replace(" ", "").startswith(squashed)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise RuleError(f"{what}: {value!r} could be {' or '.join(hits)}")
    raise RuleError(f"{what}: {value!r} is not a unit of this DM ({', '.join(names)})")


def parse_rounds(value: Any) -> int:
    """A Huton change: -1, 0 or +1 (int or numeric string), else a RuleError."""
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value not in (-1, 0, 1):
        raise RuleError("Huton changes the number of rounds by one: rounds must be -1, 0 or 1")
    return value
