"""The framework's services return values and draw nothing: no module of ``games.match.services`` imports a
template, a page or the live renderer (import-linter holds the same line for ``games.web.live``)."""

from __future__ import annotations

import ast
from pathlib import Path

import games.match.services

DRAWING = ("django.template", "django.shortcuts", "games.web.live", "games.web.views", "games.templatetags")


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def test_no_service_imports_templates_or_the_live_renderer() -> None:
    """A service returns what happened; the edges (views, tasks, the API, Discord) draw pages from it."""
    folder = Path(games.match.services.__file__).parent
    bad = {
        f"{path.name}: {name}"
        for path in sorted(folder.glob("*.py"))
        for name in _imports(path)
        if name.startswith(DRAWING)
    }
    assert not bad, sorted(bad)


def test_the_live_renderer_keeps_no_state_between_calls() -> None:
    """The pages of a close are drawn from its value: no context variable carries a page to the submit."""
    import games.web.live

    source = Path(games.web.live.__file__).read_text()
    assert "ContextVar" not in source and "pages_kept" not in source
