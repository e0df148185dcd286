"""Design: "Dependencies point one way: seasons uses games ...; games knows nothing of seasons"."""

from __future__ import annotations

import re
from pathlib import Path

from games.match import hooks
from seasons.receivers import on_move_saved

ROOT = Path(__file__).resolve().parents[2]


def test_games_never_imports_seasons() -> None:
    """No module of the framework or a game app imports the seasons app."""
    pattern = re.compile(r"^\s*(from|import)\s+seasons\b", re.MULTILINE)
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "games").rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []


def test_nothing_below_reach_imports_it() -> None:
    """Layering: reach → seasons → games. Neither the framework, a game nor seasons imports reach."""
    pattern = re.compile(r"^\s*(from|import)\s+reach\b", re.MULTILINE)
    offenders = [
        str(p.relative_to(ROOT))
        for app in ("games", "seasons")
        for p in (ROOT / app).rglob("*.py")
        if pattern.search(p.read_text())
    ]
    assert offenders == []


def test_reach_listens_through_the_hooks() -> None:
    """Reach hooks in through the framework's signals and the season's archive sections."""
    from reach.archive import archive_section
    from seasons.archive import ARCHIVE_SECTIONS

    assert archive_section in ARCHIVE_SECTIONS
    assert any("reach" in str(r[0]) for r in hooks.turn_opened.receivers)


def test_seasons_listen_through_the_hooks() -> None:
    """Seasons hook in through match_finished, turn_opened, turn_closed and MOVE_SAVED."""
    assert on_move_saved in hooks.MOVE_SAVED and hooks.turn_closed.has_listeners()
    assert hooks.match_finished.has_listeners() and hooks.turn_opened.has_listeners()
