"""The ABC game (Ally / Betray / Censure): a 5-player Main Match of 5 rounds.

Each round one player is the X (every player once, in a random order): the X pairs
the other four ("Round N · pairing"), then each paired player Allies, Betrays or
Censures their pair ("Round N"); points follow the payoff table in ``rules.py``.
Any player may pay garnets to double their payout of a round. After round 5 the
leaders earn Tokens of Life, the lowest score is the Elimination Candidate, and a
tie for last goes to the winners in a final "Elimination Candidate" turn.
``games/abc/RULES.md`` lists every ruling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games.abc import flow
from games.abc.moves import validate_move
from games.abc.present import build_view, public_series
from games.abc.rules import ACTIONS, PLAYERS
from games.abc.state import ACTIONS as ACTIONS_PHASE
from games.abc.state import EC_CHOICE, OVER, PAIRING, AbcState, dump_state, load_state
from games.engine import (
    GAMEWIDE_ORDER,
    BaseEngine,
    Message,
    OptionSpec,
    Outcome,
    PlayerId,
    PublicSeries,
    RuleError,
    ec_order,
    expect_roster,
    seat_order,
)
from games.kit import tree_copy

ROUND_SECONDS = 86400  # "The X will have 24 hours"; Main Match rounds are 24 hours.


class AbcEngine(BaseEngine[Any]):
    """The ABC game's rules as pure functions over :class:`AbcState`."""

    slug: ClassVar[str] = "abc"
    title: ClassVar[str] = "The ABC Game"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    options_schema: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "garnets",
            "player_ints",
            default={},
            season=True,
            low=0,
            help="Each player's garnets brought in: the season's free balances.",
        ),
        OptionSpec(
            "x_order",
            "order",
            label="X order",
            help="The order in which players are the X (drawn from the match's seed if left out).",
        ),
        GAMEWIDE_ORDER,
    )

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> AbcState:
        """A new match: the X order (random unless ``options["x_order"]``) and the garnets brought in.

        ``options["garnets"]`` maps players to their garnet balance (missing: 0).
        Raises RuleError for a roster or option the game cannot play with.
        """
        roster = expect_roster(players, low=PLAYERS, high=PLAYERS, game="The ABC game")
        options = options if isinstance(options, Mapping) else {}
        garnets = options.get("garnets") or {}
        if not isinstance(garnets, Mapping):
            raise RuleError('option "garnets" must map players to garnet balances')
        start: dict[str, int] = {}
        for p in roster:
            value = garnets.get(p, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RuleError(f'option "garnets": {p} must have a whole number of garnets, 0 or more')
            start[p] = value
        if unknown := sorted(set(map(str, garnets)) - set(roster)):
            raise RuleError(f'option "garnets" names players not in this match: {", ".join(unknown)}')
        x_order = options.get("x_order")
        if x_order is None:
            x_order = seat_order(roster, rng)
        elif not isinstance(x_order, list | tuple) or sorted(map(str, x_order)) != sorted(roster):
            raise RuleError('option "x_order" must list every player exactly once')
        zero = {p: 0 for p in roster}
        return AbcState(
            players=roster,
            x_order=list(x_order),
            garnets_start=start,
            gamewide=[str(p) for p in options.get("gamewide_order") or [] if p in roster],
            scores=dict(zero),
            spent=dict(zero),
            uses=dict(zero),
        )

    def awaiting(self, state: AbcState) -> tuple[PlayerId, ...]:
        """The X while pairing; the four paired players while playing; the winners choosing an EC."""
        if state.phase == PAIRING:
            return (state.x,)
        if state.phase == ACTIONS_PHASE:
            return tuple(state.paired())
        if state.phase == EC_CHOICE:
            return tuple(state.ec_choosers)
        return ()

    def turn_label(self, state: AbcState) -> str:
        """ "Round N · pairing", "Round N", "Elimination Candidate", or "Results" once over."""
        return {
            PAIRING: f"Round {state.round} · pairing",
            ACTIONS_PHASE: f"Round {state.round}",
            EC_CHOICE: "Elimination Candidate",
        }.get(state.phase, "Results")

    def turn_seconds(self, state: AbcState) -> int:
        """Every turn of this Main Match lasts 24 hours (none once the match is over)."""
        return 0 if state.phase == OVER else ROUND_SECONDS

    def validate(self, state: AbcState, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        """The normalised move, or a RuleError naming the broken rule (for any JSON at all)."""
        return validate_move(state, self.awaiting(state), self.turn_label(state), player, move)

    def garnet_cost(self, state: AbcState, player: PlayerId, move: Mapping[str, Any]) -> int:
        """A double costs the next double's price (rules.double_cost); nothing else spends garnets."""
        if player in self.awaiting(state) and isinstance(move, Mapping) and move.get("double") is True:
            return state.next_cost(player)
        return 0

    def resample_hidden(self, state: AbcState, player: PlayerId, rng: Random) -> AbcState:
        """Redraw what only ``player`` knows while the rounds run: the garnets they brought in and, when
        they are the X of a round being played, whether they doubled (within what they could pay)."""
        if state.phase not in (PAIRING, ACTIONS_PHASE) or state.result is not None:
            return state
        new = tree_copy(state)
        if new.phase == ACTIONS_PHASE and player == new.x:
            new.x_double = rng.random() < 0.5
        committed = new.spent[player] + new.pending_cost(player)
        new.garnets_start[player] = committed + rng.randint(0, 12)
        return new

    def default_move(self, state: AbcState, player: PlayerId) -> dict[str, Any]:
        """What a missing submission becomes (RULES.md rulings 3-5); it never doubles."""
        if player not in self.awaiting(state):
            raise RuleError(f"{player} is not awaited in {self.turn_label(state)}")
        if state.phase == PAIRING:
            a, b, c, d = state.paired()
            return {"pairs": [[a, b], [c, d]], "double": False}
        if state.phase == ACTIONS_PHASE:
            return {"action": "ally", "double": False}
        return {"ec": flow.default_ec(state)}

    def default_ruling(self, state: AbcState, player: PlayerId) -> str | None:
        """Rulings 3 (a missing pairing), 4 (a missing action is Ally) and 6 (a missing EC choice)."""
        return {PAIRING: "abc-3", ACTIONS_PHASE: "abc-4", EC_CHOICE: "abc-6"}.get(state.phase)

    def resolve(
        self, state: AbcState, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[AbcState, list[Message]]:
        """Close the current turn: a missing or unusable move counts as the default move."""
        # A private copy (the input is never touched); round results are only ever appended (flow.resolve_round).
        new = tree_copy(state, append_only=("history",))
        chosen: dict[str, dict[str, Any]] = {}
        for p in self.awaiting(new):
            try:
                chosen[p] = self.validate(new, p, moves[p]) if p in moves else self.default_move(new, p)
            except RuleError:
                chosen[p] = self.default_move(new, p)
        if new.phase == PAIRING:
            return new, flow.resolve_pairing(new, chosen[new.x])
        if new.phase == ACTIONS_PHASE:
            return new, flow.resolve_round(new, chosen, rng)
        if new.phase == EC_CHOICE:
            return new, flow.resolve_ec_choice(new, chosen, rng)
        return new, []

    def view(self, state: AbcState, viewer: PlayerId | None) -> dict[str, Any]:
        """All ``viewer`` may see (None: the public): see ``views.build_view``."""
        return build_view(state, viewer, self.turn_label(state), self.awaiting(state))

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries:
        """Points after each round (see ``present.public_series``)."""
        return public_series(view)

    def outcome(self, state: AbcState) -> Outcome | None:
        """None while the match runs; then winners, the EC, tokens, net garnets and points."""
        if state.phase != OVER or state.result is None:
            return None
        result = state.result
        pool = [p for p in state.players if p not in result["winners"]]
        return Outcome(
            winners=tuple(result["winners"]),
            # The later ECs by the text's own rule (ruling 15): fewest points, then the lowest garnet count.
            candidates=ec_order((result["ec"],), pool, lambda p: (state.scores[p], state.balance(p)), state.gamewide),
            tokens=dict(result["tokens"]),
            garnets={p: result["earned"][p] - state.spent[p] for p in state.players},
            scores={p: float(state.scores[p]) for p in state.players},
        )

    def dump(self, state: AbcState) -> dict[str, Any]:
        """The state as JSON."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> AbcState:
        """The state from :meth:`dump`'s JSON."""
        return load_state(data)

    def random_move(self, state: AbcState, player: PlayerId, rng: Random) -> dict[str, Any]:
        """A uniformly chosen legal move (doubling a third of the time when affordable)."""
        if state.phase == EC_CHOICE:
            return {"ec": rng.choice(state.ec_tied)}
        affordable = state.next_cost(player) <= state.balance(player)
        double = affordable and rng.random() < 1 / 3
        if state.phase == PAIRING:
            others = state.paired()
            rng.shuffle(others)
            return {"pairs": [others[:2], others[2:]], "double": double}
        return {"action": rng.choice(ACTIONS), "double": double}

    def secrets(self, state: AbcState, player: PlayerId) -> dict[str, Any]:
        """A player's garnet balance, and the X's not-yet-announced double; nothing once over."""
        if state.phase == OVER:
            return {}
        hidden: dict[str, Any] = {"garnets": state.balance(player)}
        if state.phase == ACTIONS_PHASE and player == state.x:
            hidden["doubling_this_round"] = state.x_double
        return hidden
