"""Deploy tests: all marked ``deploy`` (left out of ``./dev test``'s fast default); a failing test that ran
server processes shows their logs beside its traceback."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of this folder ``deploy``, so ``-m "not deploy"`` leaves the folder out whole."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.deploy)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    stack = getattr(item, "funcargs", {}).get("replicas")
    if report.failed and stack is not None:
        report.sections.append(("replica process logs", stack.log_tails()))
