"""Helpers for the library's scenario tests: a library game set up for named players."""

from __future__ import annotations

from typing import Any

from games.house.library import library_definition
from tests.games.house.scenario import start


def table(name: str, players: list[str], **options: Any) -> dict[str, Any]:
    """Library game ``name`` set up for ``players`` (seat order = tiebreak order), with ``options``."""
    return start(players, definition=library_definition(name), **options)
