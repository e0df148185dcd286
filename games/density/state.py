"""The Density Deck's state, its JSON round trip, the host options and the deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from games.density.cards import check_available, full_deck, parse_card
from games.density.scoring import scorer
from games.engine import Message, PlayerId, RuleError, expect_int, expect_list, expect_mapping, expect_player
from games.kit import tree_copy

LIVES = 10
HAND = 3
CENTER = 3
DEFAULT_TURN_SECONDS = 3600


@dataclass
class DensityState:
    """Everything about a season of Density Deck matches, in JSON-ready types.

    ``players`` is the seating, clockwise. Within a match ``order`` lists the living
    players from the dealer's left, clockwise, and ``turn_index`` points at the one
    awaited. ``deck[0]`` is the top of the deck; the last card of a discard pile is its top.
    """

    players: list[PlayerId]
    lives: dict[PlayerId, int]
    options: dict[str, Any]
    dealer: PlayerId
    match: int = 1
    round: int = 1
    order: list[PlayerId] = field(default_factory=list)
    turn_index: int = 0
    deck: list[str] = field(default_factory=list)
    hands: dict[PlayerId, list[str]] = field(default_factory=dict)
    discards: dict[PlayerId, list[str]] = field(default_factory=dict)
    center: list[str] = field(default_factory=list)
    revealed: int = 0
    surrendered: list[PlayerId] = field(default_factory=list)
    phase: str = "play"  # "play" | "ec" (the winner picks the EC) | "over"
    out: list[list[PlayerId]] = field(default_factory=list)  # who ran out of lives, match by match
    ec: PlayerId | None = None
    ec_choices: list[PlayerId] = field(default_factory=list)
    winner: PlayerId | None = None
    last_match: dict[str, Any] | None = None
    # The two steps of a turn: after the draw step the drawn card is in the current player's hand
    # (4 cards) and ``drawn`` names it until they discard; ``drawn_from`` is where it came from (public).
    drawn: str | None = None
    drawn_from: str | None = None

    def dump(self) -> dict[str, Any]:
        """A deep JSON-ready copy."""
        return tree_copy(vars(self))

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> DensityState:
        """The inverse of :meth:`dump`."""
        return cls(**tree_copy(dict(data)))

    def current(self) -> PlayerId | None:
        """The player awaited in the play phase, else None."""
        return self.order[self.turn_index] if self.phase == "play" else None

    def active(self) -> list[PlayerId]:
        """This match's players who have not surrendered, in turn order."""
        return [p for p in self.order if p not in self.surrendered]

    def alive(self) -> list[PlayerId]:
        """Players with at least 1 life, in seating order."""
        return [p for p in self.players if self.lives[p] > 0]


def parse_options(players: Sequence[PlayerId], options: Mapping[str, Any]) -> dict[str, Any]:
    """The host options, checked and with defaults filled in (RuleError on a bad one)."""
    opts = expect_mapping(options, "the options")
    scorer(opts.get("scoring", "sum"))
    parsed: dict[str, Any] = {
        "scoring": opts.get("scoring", "sum"),
        "turn_seconds": expect_int(opts.get("turn_seconds", DEFAULT_TURN_SECONDS), "options.turn_seconds", low=1),
        "garnets": expect_int(opts.get("garnets", 0), "options.garnets", low=0),
        "lives": expect_int(opts.get("lives", LIVES), "options.lives", low=1, high=100),
    }
    if opts.get("gamewide_order"):
        order = expect_list(opts["gamewide_order"], "options.gamewide_order")
        parsed["gamewide_order"] = [expect_player(p, players, "options.gamewide_order") for p in order]
    if opts.get("dealer") is not None:
        parsed["dealer"] = expect_player(opts["dealer"], players, "options.dealer")
    deals = list(expect_list(opts.get("deals", []), "options.deals"))
    if "deal" in opts:
        deals = [opts["deal"], *deals[1:]]
    parsed["deals"] = [_parse_deal(players, d, f"options.deals[{i}]") for i, d in enumerate(deals)]
    return parsed


def _parse_deal(players: Sequence[PlayerId], raw: Any, what: str) -> dict[str, Any]:
    """One fixed deal: ``{"hands": {p: [3 cards]}, "center": [3 cards], "deck": [top cards]}``, each part optional."""
    spec = expect_mapping(raw, what)
    hands: dict[str, list[str]] = {}
    for p, cards in expect_mapping(spec.get("hands", {}), f"{what}.hands").items():
        expect_player(p, players, f"{what}.hands")
        hands[p] = [parse_card(c, f"{what}.hands.{p}") for c in expect_list(cards, f"{what}.hands.{p}")]
        if len(hands[p]) != HAND:
            raise RuleError(f"{what}.hands.{p} must hold {HAND} cards")
    center = [parse_card(c, f"{what}.center") for c in expect_list(spec.get("center", []), f"{what}.center")]
    if center and len(center) != CENTER:
        raise RuleError(f"{what}.center must hold {CENTER} cards")
    deck = [parse_card(c, f"{what}.deck") for c in expect_list(spec.get("deck", []), f"{what}.deck", max_len=50)]
    check_available([*(c for h in hands.values() for c in h), *center, *deck], what)
    return {"hands": hands, "center": center, "deck": deck}


def deal(state: DensityState, rng: Random) -> list[Message]:
    """Start match ``state.match``: shuffle, deal 3 to each living player and 3 to the Center.

    Cards go one at a time clockwise from the dealer's left, three times round, then three
    face down to the Center; a fixed deal in ``options["deals"]`` replaces any part of that.
    """
    spec = state.options["deals"][state.match - 1] if state.match <= len(state.options["deals"]) else {}
    seat = state.players.index(state.dealer)
    rotated = state.players[seat + 1 :] + state.players[: seat + 1]
    state.order = [p for p in rotated if state.lives[p] > 0]
    fixed = {p: list(cards) for p, cards in spec.get("hands", {}).items() if p in state.order}
    rest = full_deck()
    for card in [*(c for h in fixed.values() for c in h), *spec.get("center", []), *spec.get("deck", [])]:
        rest.remove(card)
    rng.shuffle(rest)
    hands: dict[str, list[str]] = {p: [] for p in state.order}
    for _ in range(HAND):
        for p in state.order:
            if p not in fixed:
                hands[p].append(rest.pop(0))
    state.hands = {p: fixed.get(p, hands[p]) for p in state.order}
    state.center = list(spec.get("center", [])) or [rest.pop(0) for _ in range(CENTER)]
    state.deck = [*spec.get("deck", []), *rest]
    state.discards = {p: [] for p in state.order}
    state.round, state.turn_index, state.revealed, state.surrendered = 1, 0, 0, []
    msgs = [Message(f"Match {state.match}: {state.dealer} deals. Round 1 begins with {state.order[0]}.")]
    msgs += [Message(f"Your hand: {', '.join(state.hands[p])}.", to=p) for p in state.order]
    return msgs
