"""``docs/internals.md`` lists the Django internals Garnet relies on, each with the test that catches its drift:
every module and test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "internals.md"


def test_every_test_the_internals_list_names_exists() -> None:
    text = DOC.read_text()
    named = re.findall(r"`(tests/[\w/]+\.py)::(test_\w+)`", text)
    assert len(named) >= 10
    for path, name in named:
        source = ROOT / path
        assert source.is_file(), f"{path} does not exist"
        assert re.search(rf"^def {name}\(", source.read_text(), re.M), f"{path} has no test {name}"


def test_every_module_the_internals_list_names_exists() -> None:
    modules = re.findall(r"\| `((?:core|config|games)/[\w/]+\.py)`", DOC.read_text())
    assert modules
    for module in modules:
        assert (ROOT / module).is_file(), f"{module} does not exist"
