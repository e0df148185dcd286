"""A test match of a dealer's game in which the dealer plays every seat (the dealer's seat too), kept in
the dealer's session: nothing is stored, no account is seated, no season sees it (RULES.md d-10).

Each step is the engine's own: ``setup`` from the trial's seed, ``validate`` each seat's move (the
game's own move form builds it, as on a match page), ``resolve`` once every awaited seat has moved.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from random import Random
from typing import Any

from games.engine import DEALER, Outcome
from games.house.designer.balance import TEST_GARNETS, brought_each, trial_options
from games.house.forms import MoveForm
from games.house.models import HouseGameVersion
from games.registry import get_engine

ENGINE = "house"


def seat_name(seat: str) -> str:
    """How the page names a seat: "p1", or "the dealer"."""
    return "the dealer" if seat == DEALER else seat


@dataclass
class HotSeat:
    """One test match as the session keeps it (JSON-ready through :meth:`to_json`)."""

    version: int
    players: int
    seed: str
    state: dict[str, Any]
    turn: int = 1
    moves: dict[str, dict[str, Any]] = field(default_factory=dict)
    log: list[list[str]] = field(default_factory=list)  # [to ("" for everyone), text]
    garnets: int | None = None  # what each player's seat brought (RULES.md d-17); None: the game counts none

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "state": self.state,
            "turn": self.turn,
            "moves": self.moves,
            "log": self.log,
            "garnets": self.garnets,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HotSeat:
        return cls(**data)


def hotseat_start(*, version: HouseGameVersion, players: int, garnets: int = TEST_GARNETS) -> HotSeat:
    """A new test match of ``version`` for ``players`` seats (p1, p2, …), dealt from a fresh seed, each
    player's seat bringing ``garnets`` (RULES.md d-17)."""
    engine = get_engine(ENGINE)
    seed = secrets.token_hex(8)
    handles = [f"p{i + 1}" for i in range(players)]
    options = trial_options(version, players=players, garnets=garnets)
    state = engine.setup(handles, options, Random(f"{seed}:0"))
    return HotSeat(
        version=version.number, players=players, seed=seed, state=engine.dump(state), garnets=brought_each(options)
    )


def _engine_state(game: HotSeat) -> tuple[Any, Any]:
    engine = get_engine(ENGINE)
    return engine, engine.load(game.state)


def hotseat_awaiting(game: HotSeat) -> list[str]:
    """The seats the current turn awaits ([] for a timed pause, or once the match is over)."""
    engine, state = _engine_state(game)
    return [] if engine.outcome(state) is not None else list(engine.awaiting(state))


def hotseat_outcome(game: HotSeat) -> Outcome | None:
    """The match's outcome once it is over."""
    engine, state = _engine_state(game)
    result: Outcome | None = engine.outcome(state)
    return result


def hotseat_label(game: HotSeat) -> str:
    """The current turn's label ("Lot 2")."""
    engine, state = _engine_state(game)
    return str(engine.turn_label(state))


def hotseat_form(game: HotSeat, seat: str, data: Any = None) -> MoveForm:
    """``seat``'s move form, built from its own view of the match as on a match page."""
    engine, state = _engine_state(game)
    return MoveForm(data, view=engine.view(state, seat), player=seat)


def hotseat_view(game: HotSeat, seat: str) -> dict[str, Any]:
    """What ``seat`` may see now (``Engine.view``)."""
    engine, state = _engine_state(game)
    view: dict[str, Any] = engine.view(state, seat)
    return view


def _resolve_if_complete(game: HotSeat) -> list[str]:
    engine, state = _engine_state(game)
    awaiting = list(engine.awaiting(state))
    if any(seat not in game.moves for seat in awaiting):
        return []
    state, messages = engine.resolve(state, dict(game.moves), Random(f"{game.seed}:{game.turn}"))
    game.state = engine.dump(state)
    game.turn += 1
    game.moves = {}
    game.log += [[m.to or "", m.text] for m in messages]
    return [m.text for m in messages if m.to is None]


def hotseat_move(game: HotSeat, seat: str, move: dict[str, Any]) -> list[str]:
    """Play ``move`` for ``seat`` (RuleError if the rules refuse it); once every awaited seat has moved (or
    at a pause, with none), the turn resolves. Returns the public lines of a resolved turn."""
    engine, state = _engine_state(game)
    if seat in engine.awaiting(state):
        game.moves[seat] = engine.validate(state, seat, move)
    return _resolve_if_complete(game)


def hotseat_random(game: HotSeat, seat: str) -> list[str]:
    """A random legal move for ``seat`` (the lab's bots' move), then as :func:`hotseat_move`."""
    engine, state = _engine_state(game)
    rng = Random(f"{game.seed}:{game.turn}:{seat}:random")
    return hotseat_move(game, seat, engine.random_move(state, seat, rng))
