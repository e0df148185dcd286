"""Issue 47, finding "CI is flaky": a database test errored at setup with ``SynchronousOnlyOperation``
because Playwright's sync API (the session-wide ``browser`` fixture) kept its event loop running in the
xdist worker's thread after the browser tests had ended. The fixture now stops with the browser tests
(package scope), and ``tests/conftest.py`` refuses to start any other test under a running loop, naming
the test that ran before, instead of letting the next database test fail at random."""

from __future__ import annotations

import asyncio

import pytest

from tests import conftest


def test_a_loop_left_running_fails_the_next_test_loudly_naming_the_one_before(request: pytest.FixtureRequest) -> None:
    """A loop running in this thread (as Playwright leaves one): the next non-browser test fails before any
    fixture, with a message that says what happened and which test ran last."""
    request.config.stash[conftest._LAST_RUN] = "tests/browser/test_x.py::test_leaky"
    loop = asyncio.new_event_loop()
    asyncio._set_running_loop(loop)  # what a loop's run_forever does while it runs (Playwright's, between calls)
    try:
        with pytest.raises(pytest.fail.Exception, match=r"still running .*test_leaky"):
            conftest.pytest_runtest_setup(request.node)
    finally:
        asyncio._set_running_loop(None)
        loop.close()
    conftest.pytest_runtest_setup(request.node)  # no loop running: nothing to refuse


@pytest.mark.django_db
def test_a_database_test_starts_with_no_event_loop_running_in_its_thread() -> None:
    """The invariant the suite keeps in any order: Django's database calls need no running loop here."""
    from django.contrib.auth import get_user_model

    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()
    assert get_user_model().objects.count() >= 0
