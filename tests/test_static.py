"""The browser code's shape: one socket helper for every page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HELPER = ROOT / "static" / "garnet_socket.js"


def _scripts() -> list[Path]:
    """The project's own JavaScript: every app's static files, without vendored libraries."""
    found = [p for p in ROOT.glob("**/static/**/*.js") if "vendor" not in p.parts and "node_modules" not in p.parts]
    return sorted(p for p in found if ".venv" not in p.parts and "staticfiles" not in p.parts)


def test_only_the_socket_helper_opens_a_websocket() -> None:
    """Every page listens through garnet_socket.js: one reconnect loop, not one per page."""
    scripts = _scripts()
    assert HELPER in scripts and len(scripts) > 5
    opening = [p.relative_to(ROOT).as_posix() for p in scripts if re.search(r"new\s+WebSocket\b", p.read_text())]
    assert opening == ["static/garnet_socket.js"]


def test_the_socket_helper_is_loaded_on_every_page_before_its_users() -> None:
    base = (ROOT / "templates" / "base.html").read_text()
    assert base.index("garnet_socket.js") < base.index("garnet.js'")
    users = [p for p in _scripts() if "garnetSocket(" in p.read_text() and p != HELPER]
    assert {p.name for p in users} >= {"garnet.js", "duel.js", "seasons.js", "story.js", "reach.js"}
