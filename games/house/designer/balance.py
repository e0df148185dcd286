"""The garnets each player brings into a dealer's test match or bot trial (games/house/RULES.md d-17).

In a season a ``garnet-house/2`` match is handed every player's free balance (the engine option ``garnets``),
and a bid or a paid flag beyond it is refused (house-46). A test match or a trial has no season behind it, so
each player's seat brings the same test balance, ``TEST_GARNETS`` unless the dealer types another number in
the form ("Garnets each player brings"); without one only a bid of 0 would stand and auctions could not be
tried. A ``/1`` game is upgraded to ``/2`` when loaded (one engine), so it counts balances too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.house.models import HouseGameVersion
from games.house.selectors import house_options
from games.match.playtest.options import MOST_GARNETS, TEST_GARNETS, garnets_brought
from games.match.services.playtest import PlaytestError

__all__ = ["MOST_GARNETS", "TEST_GARNETS", "brought_each", "counts_garnets", "garnets_each", "trial_options"]


def counts_garnets(version: HouseGameVersion) -> bool:
    """Whether ``version`` counts what its players bring, so its test forms ask: every version does, a
    ``/1`` file being played as the ``/2`` it is upgraded to (house-46 refuses a bid past the balance)."""
    return True


def garnets_each(raw: Any) -> int:
    """The form's "Garnets each player brings" as a number: blank is ``TEST_GARNETS``; anything but a whole
    number from 0 to ``MOST_GARNETS`` is a PlaytestError naming the field."""
    text = str(raw if raw is not None else "").strip()
    if not text:
        return TEST_GARNETS
    if not text.isdigit() or int(text) > MOST_GARNETS:
        raise PlaytestError(f"Garnets each player brings: a whole number from 0 to {MOST_GARNETS}, not “{text}”.")
    return int(text)


def trial_options(version: HouseGameVersion, *, players: int, garnets: int) -> dict[str, Any]:
    """The options of a test match or a bot trial of ``version`` with ``players`` seats (p1, p2, …): the
    version's own, and ``garnets`` for every player's seat; the dealer's seat brings none."""
    if not 0 <= garnets <= MOST_GARNETS:
        raise PlaytestError(f"Garnets each player brings: a whole number from 0 to {MOST_GARNETS}, not {garnets}.")
    options = house_options(version)
    if counts_garnets(version):
        options["garnets"] = garnets_brought([f"p{i + 1}" for i in range(players)], garnets)
    return options


def brought_each(options: Mapping[str, Any]) -> int | None:
    """What each seat of a trial with these options brought (None: the game does not count garnets, or a
    trial from before test balances, where nobody brought any)."""
    brought = options.get("garnets")
    if not isinstance(brought, Mapping) or not brought:
        return None
    amounts = {int(n) for n in brought.values()}
    return amounts.pop() if len(amounts) == 1 else None
