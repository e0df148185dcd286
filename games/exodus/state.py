"""The Exodus Game's state, its JSON round trip and the opening deal.

Pure: no Django, no clock, no module-level random (the deal draws from the
``rng`` it is given).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from random import Random
from typing import Any

from games.engine import RuleError
from games.exodus.tables import COLOURS, GEMS, HAND, pool_counts
from games.kit import tree_copy

VARIANTS = ("cubes", "gems")


@dataclass
class ExodusState:
    """Everything about one match of The Exodus Game.

    ``round`` is the current round (Year) 1..7 while trading, 8 after it.
    ``log`` holds one entry per finished round: the offers, the trades that went
    through, each player's itemised amounts and round total (see ``rounds.py``).
    ``partners`` counts successful trades per pair over the game so far.
    ``phase``: "trade", "ec" (the winners pick the Elimination Candidate) or "over".
    """

    variant: str
    players: list[str]
    round: int = 1
    inventories: dict[str, list[str]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    locked: dict[str, int] = field(default_factory=dict)
    traded_with: dict[str, dict[str, int]] = field(default_factory=dict)
    last_partners: dict[str, list[str]] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)
    extra_garnets: dict[str, int] = field(default_factory=dict)
    phase: str = "trade"
    winners: list[str] = field(default_factory=list)
    ec_tied: list[str] = field(default_factory=list)
    ec: str | None = None
    gamewide: list[str] = field(default_factory=list)  # the season's tiebreak order (later ECs' ties)

    @property
    def items(self) -> tuple[str, ...]:
        """The item names of this variant: the six colours or the six gems."""
        return COLOURS if self.variant == "cubes" else GEMS

    def copy(self) -> ExodusState:
        """A deep copy (``resolve`` works on one so it never mutates its input).

        The round log only grows: an entry never changes once ``rounds.resolve_round`` appends it.
        """
        return tree_copy(self, append_only=("log",))


def dump_state(state: ExodusState) -> dict[str, Any]:
    """The state as plain JSON data."""
    return tree_copy(vars(state))


def load_state(data: Mapping[str, Any]) -> ExodusState:
    """The inverse of :func:`dump_state`."""
    return ExodusState(**tree_copy(dict(data)))


def item_order(items: Sequence[str], item: str) -> int:
    """Sort key: an item's place in the variant's list."""
    return items.index(item)


def sort_items(items: Sequence[str], inventory: Sequence[str]) -> list[str]:
    """``inventory`` sorted in the variant's item order (red before blue, ruby before sapphire)."""
    return sorted(inventory, key=lambda x: item_order(items, x))


def deal(variant: str, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> dict[str, list[str]]:
    """The opening inventories: ``options["inventories"]`` if given, else a random deal.

    The pool holds 4 cubes / 5 gems per player (36 cubes for 9, 40 gems for 8:
    the published pools), spread evenly over the kinds (see ``tables.pool_counts``).
    A cube hand is 4 distinct colours; a gem hand is any 5 gems.
    """
    items = COLOURS if variant == "cubes" else GEMS
    fixed = options.get("inventories")
    if fixed is not None:
        return _fixed_deal(items, players, fixed)
    pool = pool_counts(items, HAND[variant], len(players))
    if variant == "gems":
        bag = [item for item in items for _ in range(pool[item])]
        rng.shuffle(bag)
        hand = HAND[variant]
        return {p: sort_items(items, bag[i * hand : (i + 1) * hand]) for i, p in enumerate(players)}
    return _deal_distinct(items, players, pool, rng)


def _deal_distinct(
    items: Sequence[str], players: Sequence[str], pool: dict[str, int], rng: Random
) -> dict[str, list[str]]:
    """Deal each player 4 distinct colours at random so the pool is dealt out exactly.

    Each player in turn gets a uniformly chosen set of 4 colours among those that
    leave a completable deal: with m players still to deal, every colour must have
    at most m cubes left (each player can take only one of a colour).
    """
    left = dict(pool)
    hands: dict[str, list[str]] = {}
    for k, player in enumerate(players):
        after = len(players) - k - 1
        options = [
            combo
            for combo in combinations(items, 4)
            if all(left[c] >= 1 for c in combo) and all(left[c] - (1 if c in combo else 0) <= after for c in items)
        ]
        combo = options[rng.randrange(len(options))]
        for c in combo:
            left[c] -= 1
        hands[player] = list(combo)
    return hands


def _fixed_deal(items: Sequence[str], players: Sequence[str], fixed: Any) -> dict[str, list[str]]:
    """``options["inventories"]`` checked: every player, only this variant's item names.

    A fixed deal is taken as given (any sizes and repeats), so a host can re-run a
    game dealt some other way and a test can pin any position.
    """
    if not isinstance(fixed, Mapping):
        raise RuleError("options.inventories must map each player to a list of items")
    if set(fixed) != set(players):
        raise RuleError("options.inventories must name exactly the players of the match")
    hands: dict[str, list[str]] = {}
    for p in players:
        hand = fixed[p]
        if not isinstance(hand, list) or not all(isinstance(x, str) and x.lower() in items for x in hand):
            raise RuleError(f"options.inventories[{p!r}] must be a list of: {', '.join(items)}")
        hands[p] = sort_items(items, [x.lower() for x in hand])
    return hands
