"""The sample definitions shipped with the house game (``*.yaml`` beside this module): what a new dealer
starts from, what the contract tests play, and the game a match without a definition plays.

Pure: reads only this package's files.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from games import kit

HERE = Path(__file__).parent
DEFAULT = "two_thirds"
"""The definition a match without one plays: "Two-thirds of the average", for 2 to 16 players."""


def sample_names() -> list[str]:
    """The sample files' names (without ``.yaml``), sorted."""
    return sorted(p.stem for p in HERE.glob("*.yaml"))


def sample_text(name: str) -> str:
    """The YAML text of sample ``name`` (KeyError if there is none)."""
    if name not in sample_names():
        raise KeyError(name)
    return (HERE / f"{name}.yaml").read_text(encoding="utf-8")


@cache
def _cleaned(name: str) -> dict[str, Any]:
    from games.house.engine.definition import definition_clean, definition_load_text

    return definition_clean(definition_load_text(sample_text(name)))


def sample_definition(name: str) -> dict[str, Any]:
    """Sample ``name`` cleaned (a fresh copy each call)."""
    return dict(kit.json_copy(_cleaned(name)))


def sample_definitions() -> dict[str, dict[str, Any]]:
    """Every sample, cleaned, by name."""
    return {name: sample_definition(name) for name in sample_names()}


def default_definition() -> dict[str, Any]:
    """The definition a match without one plays (:data:`DEFAULT`)."""
    return sample_definition(DEFAULT)
