"""The Exodus Game (both published versions) on the Garnet engine contract.

- ``cubes`` (default): 4 distinct cubes each from 4 per player (36 for 9), at most
  2 trades a round, 7 rounds of points, 1 garnet per 30 points.
- ``gems`` ("Elephantine"): 5 gems each from 5 per player (40 for 8), at most 3
  trades a year, never last year's partners, 7 years of Favor, 1 garnet per 75.

Options: ``variant`` ("cubes" | "gems"), ``inventories`` ({player: [items]}) to
fix the deal. Every round is one turn awaiting every player; a tie for
Elimination Candidate adds a last turn awaiting the winners (``{"ec": player}``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games.engine import (
    GAMEWIDE_ORDER,
    BaseEngine,
    Message,
    OptionSpec,
    Outcome,
    PlayerId,
    PublicSeries,
    RuleError,
    expect_roster,
)
from games.exodus import moves as mv
from games.exodus import present
from games.exodus.rounds import ec_candidates, resolve_ec, resolve_round
from games.exodus.state import VARIANTS, ExodusState, deal, dump_state, load_state, sort_items
from games.exodus.tables import GARNET_EVERY, NAMES, PUBLISHED_PLAYERS


class ExodusEngine(BaseEngine[Any]):
    """The rules of The Exodus Game as pure functions over :class:`ExodusState`."""

    slug: ClassVar[str] = "exodus"
    title: ClassVar[str] = "The Exodus Game"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 16
    options_schema: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "variant",
            "choice",
            default="cubes",
            choices=VARIANTS,
            label="Variant",
            help="Cubes (7 years, 9 players) or gems (7 years, 8 players, Favor).",
        ),
        OptionSpec(
            "house_count",
            "bool",
            default=False,
            label="House player count",
            help="A house variant for 4 to 16 players: the pool holds 4 cubes (5 gems) per player, spread evenly over the six kinds.",
        ),
        GAMEWIDE_ORDER,
    )

    def title_for(self, options: Mapping[str, Any]) -> str:
        """The version's published name: "The Exodus Game" (cubes) or "The Exodus Game (Elephantine)" (gems)."""
        return NAMES.get(str(options.get("variant") or "cubes"), self.title)

    def house_variant(self, players: int) -> str:
        """For a count neither version is published for (cubes 9, gems 8): what the house variant changes."""
        if players in PUBLISHED_PLAYERS.values() or not self.min_players <= players <= self.max_players:
            return ""
        return (
            f"the pool is sized for {players} (4 cubes or 5 gems per player, spread evenly over the six kinds) "
            'instead of the published 9 (cubes) or 8 (gems) ("House player count", ticked for you).'
        )

    def house_variant_options(self, players: int) -> dict[str, Any]:
        """The house player count, for a count neither version is published for."""
        return {"house_count": True} if self.house_variant(players) else {}

    def players_allowed(self, options: Mapping[str, Any]) -> tuple[int, int, str]:
        """The published count of the variant (cubes 9, gems 8); 4-16 only as the named house variant."""
        if options.get("house_count"):
            return self.min_players, self.max_players, ""
        variant = options.get("variant", "cubes")
        n = PUBLISHED_PLAYERS.get(variant, self.min_players)
        return n, n, f'the {variant} rules are for {n}; tick "House player count" for 4 to 16'

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> ExodusState:
        """Deal the opening inventories (random from ``rng`` unless ``options["inventories"]`` fixes them)."""
        if not isinstance(options, Mapping):
            raise RuleError("options must be an object")
        variant = options.get("variant", "cubes")
        if variant not in VARIANTS:
            raise RuleError(f"options.variant must be one of: {', '.join(VARIANTS)}")
        roster = expect_roster(players, low=self.min_players, high=self.max_players, game="The Exodus Game")
        hands = deal(variant, roster, options, rng)
        return ExodusState(
            variant=variant,
            players=roster,
            inventories=hands,
            scores={p: 0 for p in roster},
            locked={p: 0 for p in roster},
            traded_with={p: {} for p in roster},
            last_partners={p: [] for p in roster},
            extra_garnets={p: 0 for p in roster},
            gamewide=[str(p) for p in options.get("gamewide_order") or [] if p in roster],
        )

    def awaiting(self, state: ExodusState) -> tuple[PlayerId, ...]:
        """Every player while trading; the winners while they pick the EC; nobody at the end."""
        return mv.awaiting(state)

    def turn_label(self, state: ExodusState) -> str:
        """'Round 3' (cubes), 'Year 3' (gems), 'Elimination Candidate choice', 'Final'."""
        return present.turn_label(state)

    def turn_seconds(self, state: ExodusState) -> int:
        """Every round (and the winners' pick) is a 24-hour period."""
        return 86400

    def validate(self, state: ExodusState, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        """The normalised move, or a RuleError naming the rule broken."""
        return mv.validate(state, player, move)

    def default_move(self, state: ExodusState, player: PlayerId) -> dict[str, Any]:
        """No trades; for a winner at the EC pick, no preference."""
        return mv.default_move(state, player)

    def default_ruling(self, state: ExodusState, player: PlayerId) -> str | None:
        """Rulings 3 (a missing round is no trades) and 11 (a missing EC pick is no preference)."""
        return {"trade": "exodus-3", "ec": "exodus-11"}.get(state.phase)

    def resolve(
        self, state: ExodusState, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[ExodusState, list[Message]]:
        """Process the round's trades (or the winners' pick); never mutates ``state``."""
        if state.phase == "trade":
            return resolve_round(state, moves, rng)
        if state.phase == "ec":
            return resolve_ec(state, moves, rng)
        return state.copy(), []

    def view(self, state: ExodusState, viewer: PlayerId | None) -> dict[str, Any]:
        """All ``viewer`` may see (None: the public)."""
        return present.view(state, viewer)

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries:
        """Points (Favor) by round, public only once the match is over (see ``present.public_series``)."""
        return present.public_series(view)

    def outcome(self, state: ExodusState) -> Outcome | None:
        """None until the EC is known; then winners, tokens, the EC, garnets and final totals."""
        if state.phase != "over" or state.ec is None:
            return None
        winners = tuple(state.winners)
        share = 2 if len(winners) == 1 else 1  # more than three tied leaves no winners at all
        every = GARNET_EVERY[state.variant]
        return Outcome(
            winners=winners,
            candidates=ec_candidates(state),
            tokens={p: share for p in winners},
            garnets={p: max(state.scores[p], 0) // every + state.extra_garnets.get(p, 0) for p in state.players},
            scores={p: float(state.scores[p]) for p in state.players},
        )

    def resample_hidden(self, state: ExodusState, player: PlayerId, rng: Random) -> ExodusState:
        """Redraw ``player``'s inventory while trading (ruling 19): the same number of items, each drawn from
        the variant's items, Diamonds locked by a Year 5 trade kept; nobody else sees an inventory, and every
        other player's inventory, total and trades stay as they are. Once the trading is over the
        inventories decide the EC and are public: nothing is redrawn."""
        if state.phase != "trade" or player not in state.inventories:
            return state
        new = state.copy()
        locked = ["diamond"] * min(new.locked.get(player, 0), new.inventories[player].count("diamond"))
        free = len(new.inventories[player]) - len(locked)
        new.inventories[player] = sort_items(new.items, [*locked, *(rng.choice(new.items) for _ in range(free))])
        return new

    def dump(self, state: ExodusState) -> dict[str, Any]:
        """The state as JSON data."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> ExodusState:
        """The inverse of :meth:`dump`."""
        return load_state(data)

    def random_move(self, state: ExodusState, player: PlayerId, rng: Random) -> dict[str, Any]:
        """A random legal move (test hook)."""
        return mv.random_move(state, player, rng)

    def secrets(self, state: ExodusState, player: PlayerId) -> dict[str, Any]:
        """``player``'s unrevealed facts (test hook)."""
        return present.secrets(state, player)
