"""How one round's fight resolves: silences, carried effects, abilities in order, result, deaths.

Pure: works on the engine's private copy of the state. The order follows the text:
"abilities from previous rounds will always resolve first, followed by resolving each
ability from [0] Chocobo to [10] Black Mage/Summoner in that order". Abilities that
change the fight itself (gains, swaps, disguises, selections) resolve in that order
before the strengths are compared; abilities worded on the result ("if you win",
"if you lose", "on death") resolve in the same order right after it (RULES.md ruling 6).
Scholar's Repose "overrides all other abilities", so it is applied before anything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# Abilities that act on the fight before the comparison, and those worded on its result.
PRE = {
    "astrologian",
    "white mage",
    "blue mage",
    "red mage",
    "bard",
    "dancer",
    "paladin",
    "machinist",
    "ninja",
    "dark knight",
    "warrior",
}
POST = {"samurai", "reaper", "gunbreaker", "dragoon", "monk", "black mage", "summoner"}


@dataclass
class Fighter:
    """A unit on the field this round, as its owner's side sees it."""

    owner: str
    name: str
    base: int
    strength: int
    record: dict[str, Any]
    move: dict[str, Any]
    appearance: str
    holmgang: bool = False  # brought out by Holmgang this round (gains 1 strength)
    silenced: bool = False
    immune: bool = False
    veiled: bool = False  # Magick Barrier: looks like a Chocobo, its announcements hidden
    notes: list[tuple[str, Any]] = field(default_factory=list)
    post: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)

    def dies(self) -> bool:
        """Whether the unit dies at the end of this round (as far as resolved so far)."""
        return not self.immune


@dataclass
class Fight:
    """One round's fight between the two sides' fighters."""

    state: dict[str, Any]
    fighters: dict[str, Fighter]
    round: int
    extended: bool
    rescuers: list[str] = field(default_factory=list)
    faker: bool = False  # an unsilenced Aetheric Mimicry fakes the announced winner
    winner: str | None = None

    def opp(self, f: Fighter) -> Fighter:
        """The fighter facing ``f``."""
        return next(g for p, g in self.fighters.items() if p != f.owner)

    def side(self, f: Fighter) -> dict[str, Any]:
        """The state side of ``f``'s owner."""
        side: dict[str, Any] = self.state["sides"][f.owner]
        return side

    def won(self, f: Fighter) -> bool:
        """Whether ``f``'s owner won this round."""
        return self.winner == f.owner

    def lost(self, f: Fighter) -> bool:
        """Losing is not winning while the opponent wins (the Reaper clarification)."""
        return self.winner == self.opp(f).owner


def copyable(fight: Fight, name: str) -> bool:
    """Whether Kardia copies the ability of ``name`` (classic: not Astrologian or Blue Mage)."""
    if name in ("chocobo", "carbuncle", "sage", "scholar"):
        return False
    return fight.extended or name not in ("astrologian", "blue mage")


def _pending(fight: Fight, f: Fighter, kind: str, rounds: tuple[int, ...], unit: str | None = None) -> None:
    for r in rounds:
        fight.side(f)["pending"].append({"round": fight.round + r, "kind": kind, "unit": unit})


def run_pre(fight: Fight, f: Fighter, ability: str, move: Mapping[str, Any], snap: Mapping[str, int]) -> None:
    """Resolve one fight-changing ability of ``f`` (its own, or copied by Kardia with ``move``)."""
    o = fight.opp(f)
    if ability == "astrologian" and move.get("guess") == o.name:
        f.strength += snap[o.owner]  # both Divinations read the strengths before either gains
    elif ability == "white mage" and move.get("guess") == o.name:
        fight.rescuers.append(f.owner)
    elif ability == "blue mage":
        fight.faker = True
        if not f.veiled:  # Magick Barrier's Chocobo look wins over the chosen disguise
            f.appearance = str(move.get("disguise") or f.appearance)
        if fight.extended and move.get("select"):
            f.notes.append(("select", move["select"]))
        if fight.extended and move.get("rounds"):
            f.notes.append(("rounds", move["rounds"]))
    elif ability == "red mage":
        _pending(fight, f, "veil", (1,))
    elif ability == "bard":
        _pending(fight, f, "voice", (1, 2))
    elif ability == "dancer" and move.get("select"):
        _pending(fight, f, "closed", (1,), move["select"])
        f.notes.append(("select", move["select"]))
    elif ability == "paladin":
        _pending(fight, f, "cover", (1,))
    elif ability == "machinist":
        f.strength, o.strength = o.strength, f.strength
    elif ability == "ninja" and move.get("rounds"):
        fight.state["length"] += int(move["rounds"])
        f.notes.append(("rounds", move["rounds"]))
    elif ability == "dark knight":
        f.record["living_dead"] = True
    elif ability == "warrior":
        # "If a unit has not been targeted by this, the unit you played in the previous round is targeted."
        last = fight.side(f).get("last_unit")
        if f.record.get("holmgang") is None and last:
            f.record["holmgang"] = last


def run_post(fight: Fight, f: Fighter, ability: str) -> None:
    """Resolve one result-worded ability of ``f``."""
    o = fight.opp(f)
    if ability == "samurai" and fight.won(f):
        f.immune = True
    elif ability == "reaper" and fight.lost(f) and f.dies():
        f.strength = 8
    elif ability == "gunbreaker" and fight.lost(f):
        fight.state["length"] = fight.round + 1
    elif (
        ability == "dragoon"
        and f.dies()
        and f.strength - o.strength >= 6
        or ability == "monk"
        and f.dies()
        and fight.round % 3 == 0
    ):
        f.strength += 3
    elif ability == "black mage" and fight.won(f) and f.dies() and o.dies():
        f.strength = o.strength
    elif ability == "summoner":
        # A newer Carbuncle replaces an older one that is still alive (ruling 13).
        fight.side(f)["carbuncle"] = {"strength": o.strength if o.dies() else 0}


def _carried(fight: Fight, f: Fighter) -> None:
    """Effects from previous rounds: Battle Voice, Closed Position, Cover, Magick Barrier, Holmgang."""
    if f.holmgang and not f.silenced:
        f.strength += 1
    for eff in fight.side(f)["pending"]:
        if eff["round"] != fight.round or f.silenced:
            continue
        if eff["kind"] == "voice":
            f.strength += 1
        elif eff["kind"] == "closed" and eff["unit"] == f.name:
            f.strength += 3
        elif eff["kind"] == "cover":
            f.immune = True


def resolve_fight(fight: Fight) -> None:
    """Resolve the fight: sets ``fight.winner``, strengths, immunities, effects for later rounds."""
    order = list(fight.fighters.values())
    for f in order:  # Repose first: it overrides every other ability
        if fight.opp(f).name == "scholar":
            f.silenced = True
            f.strength = min(f.strength, f.base)  # debuffs stay, buffs go
            f.veiled = False
            f.appearance = f.name
    for f in order:
        _carried(fight, f)
    for slot in range(11):
        snap = {f.owner: f.strength for f in order}
        for f in order:
            if f.silenced or f.base != slot:
                continue
            ability, move = f.name, f.move
            if f.name == "sage":
                o = fight.opp(f)
                if not copyable(fight, o.name):
                    continue
                ability, move = o.name, dict(o.move)
            if ability in PRE:
                run_pre(fight, f, ability, move, snap)
            if ability in POST:
                f.post.append((slot, ability, move))
    if len(fight.rescuers) == 1:  # two correct Rescues cancel out (ruling 10)
        fight.winner = fight.rescuers[0]
        fight.opp(fight.fighters[fight.winner]).immune = True
    else:
        a, b = order
        fight.winner = a.owner if a.strength > b.strength else b.owner if b.strength > a.strength else None
    for slot in range(11):
        for f in order:
            for s, ability, _move in f.post:
                if s == slot:
                    run_post(fight, f, ability)


def announced_winner(fight: Fight, first_round: bool, last_winner: str | None) -> str | None:
    """Who the host announces as the round's winner: Aetheric Mimicry repeats the last real result."""
    if not fight.faker:
        return fight.winner
    if first_round:
        return "both" if fight.extended else None
    return last_winner
