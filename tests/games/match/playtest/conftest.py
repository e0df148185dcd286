from __future__ import annotations

from collections.abc import Iterator

import pytest

from games import registry
from games.match.playtest import strategies
from tests.games.match.playtest.toy import CoinEngine, cheat, high, low


@pytest.fixture
def coin() -> Iterator[str]:
    """The toy Coin game registered with its strategies high, low and cheat."""
    registry.register(CoinEngine())
    strategies.strategies_register("coin", {"high": high, "low": low, "cheat": cheat})
    yield "coin"
    registry._REGISTRY.pop("coin", None)
    strategies._EXTRA.pop("coin", None)
