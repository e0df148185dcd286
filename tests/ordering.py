"""Tests marked ``in_order`` keep the order they are written in, wherever a random order puts them.

pytest-randomly shuffles the modules and the tests inside each (issue 47). A module whose tests are the steps of
one story on one shared stack (the two replicas: the last step kills replica A) marks itself
``pytest.mark.in_order``: its tests keep the places the shuffle gave them in the run, and take those places in
the order they are written."""

from __future__ import annotations

from collections.abc import Generator

import pytest

_WRITTEN = pytest.StashKey[int]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Generator[None, None, None]:
    for i, item in enumerate(items):
        item.stash[_WRITTEN] = i
    result = yield  # pytest-randomly's shuffle, pytest-django's grouping, the xdist groups
    places = [i for i, item in enumerate(items) if item.get_closest_marker("in_order")]
    ordered = sorted((items[i] for i in places), key=lambda item: item.stash[_WRITTEN])
    for i, item in zip(places, ordered, strict=True):
        items[i] = item
    return result
