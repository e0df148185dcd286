"""Deploy tests: a failing test that ran server processes shows their logs beside its traceback."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    stack = getattr(item, "funcargs", {}).get("replicas")
    if report.failed and stack is not None:
        report.sections.append(("replica process logs", stack.log_tails()))
