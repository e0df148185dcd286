"""The browser code's shape: one socket helper for every page, and no game data in the form helpers."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from games.warriors.units import CLASSIC, EXTENDED

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


def test_the_socket_helper_backs_off_resyncs_and_minds_the_page_being_seen() -> None:
    """tests/js/garnet_socket_test.js drives the helper on a fake clock: shared sockets, backoff, pings, visibility."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    harness = ROOT / "tests" / "js" / "garnet_socket_test.js"
    out = subprocess.run([node, str(harness), str(HELPER)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]


def test_the_socket_helper_is_loaded_on_every_page_before_its_users() -> None:
    base = (ROOT / "templates" / "base.html").read_text()
    assert base.index("garnet_socket.js") < base.index("garnet.js'")
    users = [p for p in _scripts() if "garnetSocket(" in p.read_text() and p != HELPER]
    assert {p.name for p in users} >= {"garnet.js", "duel.js", "seasons.js", "story.js", "reach.js"}


def test_the_form_helpers_hold_no_warriors_unit_names() -> None:
    """The Warriors unit table comes from the server-rendered form (data-active), never from forms.js."""
    code = re.sub(r"//[^\n]*", "", (ROOT / "static" / "forms.js").read_text()).lower()  # comments may name them
    names = {u.name for u in (*CLASSIC, *EXTENDED)} | {u.abbr for u in (*CLASSIC, *EXTENDED)}
    assert not [n for n in sorted(names) if re.search(rf"\b{re.escape(n)}\b", code)]
