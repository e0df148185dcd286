"""The library: ready dealers' games (``*.yaml`` beside this module, each a ``garnet-house/2`` definition)
that every season offers, so that an episode has a game at every player count from 2 to 16 without the
dealer designing one (issue 44).

A season stores a library game as the choice ``library:<name>``; it resolves to the engine ``house`` with the
game's definition in the match's options (``{"definition": …, "library": name}``), as a dealer's own game
does, so a replay never reads this folder again. A dealer may copy one into the designer and change it.

Pure: reads only this package's files (no Django), so the engine's tests and the seasons' selectors share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games import kit

HERE = Path(__file__).parent
PREFIX = "library:"
LIBRARY_PLAYERS = range(2, 17)
"""The player counts the library promises: at least two Main Matches each, and a Death Match for 2."""


@dataclass(frozen=True)
class LibraryGame:
    """One ready game as a list shows it: its file's name, title, kind and player range."""

    name: str
    title: str
    kind: str
    low: int
    high: int

    @property
    def choice(self) -> str:
        """The value a season stores for it (``library:<name>``)."""
        return f"{PREFIX}{self.name}"

    @property
    def span(self) -> str:
        """The player range in words: ``2–16`` or ``2``."""
        return f"{self.low}" if self.low == self.high else f"{self.low}–{self.high}"

    def fits(self, players: int) -> bool:
        """Whether it takes ``players`` players."""
        return self.low <= players <= self.high


def library_names() -> list[str]:
    """The library's games by file name (without ``.yaml``), sorted."""
    return sorted(p.stem for p in HERE.glob("*.yaml"))


def library_text(name: str) -> str:
    """The YAML text of library game ``name`` (KeyError if there is none): what "Copy to my games" copies."""
    if name not in library_names():
        raise KeyError(name)
    return (HERE / f"{name}.yaml").read_text(encoding="utf-8")


@cache
def _cleaned(name: str) -> dict[str, Any]:
    from games.house.engine.definition import definition_clean, definition_load_text

    return definition_clean(definition_load_text(library_text(name)))


def library_definition(name: str) -> dict[str, Any]:
    """Library game ``name`` cleaned (a fresh copy each call; KeyError if there is none)."""
    return dict(kit.json_copy(_cleaned(name)))


def library_game(name: str) -> LibraryGame:
    """The list entry of library game ``name`` (KeyError if there is none)."""
    clean = _cleaned(name)
    players = clean["players"]
    return LibraryGame(name, clean["title"], clean["kind"], int(players["min"]), int(players["max"]))


def library_games(*, players: int | None = None, kind: str | None = None) -> list[LibraryGame]:
    """The library's games, by title; given ``players`` only those that take that many, given ``kind``
    (``main`` / ``death``) only those of that kind."""
    games = [library_game(n) for n in library_names()]
    fitting = [g for g in games if (players is None or g.fits(players)) and (kind is None or g.kind == kind)]
    return sorted(fitting, key=lambda g: (g.title.lower(), g.name))


def is_library_choice(value: str) -> bool:
    """Whether a stored game choice names a library game that exists (``library:<name>``)."""
    return value.startswith(PREFIX) and value[len(PREFIX) :] in library_names()


def library_choice_name(value: str) -> str:
    """The file name a ``library:<name>`` choice names (KeyError if it names no library game)."""
    if not is_library_choice(value):
        raise KeyError(value)
    return value[len(PREFIX) :]


def library_options(name: str) -> dict[str, Any]:
    """What a match of library game ``name`` keeps in its options (its replay never reads this folder)."""
    return {"definition": library_definition(name), "library": name}
