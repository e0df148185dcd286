"""Secret Numbers: two players each hold a secret number; each round both guess the other's.

Built by following games/README.md, with one mistake on purpose: ``view`` copies the second seat's
secret number into the public part under a new key name (``lucky``). The contract's old leak check
matched a secret only under its own key, and ``resample_hidden`` defaulted to the unchanged state,
so the old contract passed it; the contract of issue 28 must fail it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from random import Random
from typing import Any

from games import kit
from games.engine import BaseEngine, Message, Outcome, PlayerId, expect_int, expect_key, expect_roster

ROUNDS = 9


@dataclass
class SecretState:
    players: list[PlayerId]
    numbers: dict[PlayerId, int]  # each player's secret, 1-9
    rounds: list[dict[PlayerId, int]] = field(default_factory=list)  # every round's guesses
    winner: PlayerId | None = None


class SecretEngine(BaseEngine[SecretState]):
    slug = "secret"
    title = "Secret Numbers"
    min_players = 2
    max_players = 2

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> SecretState:
        """Each player is dealt a secret number from 1 to 9."""
        seats = expect_roster(players, low=2, high=2, game=self.title)
        return SecretState(players=seats, numbers={p: rng.randint(1, 9) for p in seats})

    def awaiting(self, state: SecretState) -> tuple[PlayerId, ...]:
        return () if state.winner else tuple(state.players)

    def turn_label(self, state: SecretState) -> str:
        return "Game over" if state.winner else f"Round {len(state.rounds) + 1}"

    def turn_seconds(self, state: SecretState) -> int:
        return 3600

    def validate(self, state: SecretState, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        """``{"guess": 1-9}``, the other player's number."""
        move = kit.awaited_move(self.awaiting(state), self.turn_label(state), player, move)
        return {"guess": expect_int(expect_key(move, "guess"), "guess", low=1, high=9)}

    def default_move(self, state: SecretState, player: PlayerId) -> dict[str, Any]:
        return {"guess": 1}

    def resolve(
        self, state: SecretState, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[SecretState, list[Message]]:
        """A single right guess wins; after the last round the second seat wins."""
        new = self.load(self.dump(state))
        guesses = {p: moves[p]["guess"] for p in new.players}
        new.rounds.append(guesses)
        first, second = new.players
        right = [p for p in new.players if guesses[p] == new.numbers[second if p == first else first]]
        if len(right) == 1:
            new.winner = right[0]
        elif len(new.rounds) >= ROUNDS:
            new.winner = second
        text = ", ".join(f"{p} guessed {guesses[p]}" for p in new.players)
        return new, [Message(f"{text}." + (f" {new.winner} wins." if new.winner else ""))]

    def view(self, state: SecretState, viewer: PlayerId | None) -> dict[str, Any]:
        """The guesses so far; a player also sees their own number."""
        public = {
            "players": state.players,
            "rounds": [[r[p] for p in state.players] for r in state.rounds],
            "winner": state.winner,
            "lucky": state.numbers[state.players[1]],  # the leak: the second seat's secret, renamed
        }
        return kit.player_view(
            turn=self.turn_label(state),
            public=public,
            viewer=viewer,
            players=state.players,
            you=lambda p: {"number": state.numbers[p]},
        )

    def outcome(self, state: SecretState) -> Outcome | None:
        return kit.two_player_outcome(state.players, state.winner) if state.winner else None

    def dump(self, state: SecretState) -> dict[str, Any]:
        return asdict(state)

    def load(self, data: Mapping[str, Any]) -> SecretState:
        return SecretState(**kit.json_copy(dict(data)))

    def random_move(self, state: SecretState, player: PlayerId, rng: Random) -> dict[str, Any]:
        return {"guess": rng.randint(1, 9)}

    def secrets(self, state: SecretState, player: PlayerId) -> dict[str, Any]:
        """A player's number, until the game is over."""
        return {} if state.winner else {"number": state.numbers[player]}
