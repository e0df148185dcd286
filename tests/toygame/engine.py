"""Odds and Evens: a whole 2-player game, the worked example of games/README.md.

Each round both players secretly show one or two fingers. An even total scores for the first
seat (Evens), an odd total for the second (Odds). The first to three points wins; in a Death
Match the first seat is the Elimination Candidate and the second the Death Match Opponent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from random import Random
from typing import Any

from games import kit
from games.engine import BaseEngine, Message, OptionSpec, Outcome, PlayerId, expect_int, expect_key, expect_roster

FINGERS = (1, 2)


@dataclass
class OddsState:
    players: list[PlayerId]  # [evens, odds]: the seats as the match gave them
    target: int
    score: dict[PlayerId, int]
    rounds: list[dict[PlayerId, int]] = field(default_factory=list)  # every round's shown fingers
    winner: PlayerId | None = None


class OddsEngine(BaseEngine[OddsState]):
    slug = "odds"
    title = "Odds and Evens"
    min_players = 2
    max_players = 2
    options_schema = (OptionSpec("target", "int", default=3, low=1, high=9, label="Points to win"),)

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> OddsState:
        """Seats as given (a Death Match passes the EC first); nothing is dealt."""
        seats = expect_roster(players, low=2, high=2, game=self.title)
        target = expect_int(options.get("target", 3), "the target", low=1, high=9)
        return OddsState(players=seats, target=target, score=dict.fromkeys(seats, 0))

    def awaiting(self, state: OddsState) -> tuple[PlayerId, ...]:
        return () if state.winner else tuple(state.players)

    def turn_label(self, state: OddsState) -> str:
        return "Game over" if state.winner else f"Round {len(state.rounds) + 1}"

    def turn_seconds(self, state: OddsState) -> int:
        return 3600

    def validate(self, state: OddsState, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        """``{"fingers": 1 | 2}``, or a RuleError naming the rule."""
        move = kit.awaited_move(self.awaiting(state), self.turn_label(state), player, move)
        fingers = expect_int(expect_key(move, "fingers"), "fingers", low=1, high=2)
        return {"fingers": fingers}

    def default_move(self, state: OddsState, player: PlayerId) -> dict[str, Any]:
        """A player who sends nothing shows one finger."""
        return {"fingers": 1}

    def resolve(
        self, state: OddsState, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[OddsState, list[Message]]:
        new = self.load(self.dump(state))  # never change the input
        shown = {p: moves[p]["fingers"] for p in new.players}
        evens, odds = new.players
        scorer = evens if sum(shown.values()) % 2 == 0 else odds
        new.rounds.append(shown)
        new.score[scorer] += 1
        text = f"{evens} shows {shown[evens]}, {odds} shows {shown[odds]}: {scorer} scores"
        if new.score[scorer] >= new.target:
            new.winner = scorer
            text += f" and wins {new.score[evens]}–{new.score[odds]}"
        return new, [Message(text + ".")]

    def view(self, state: OddsState, viewer: PlayerId | None) -> dict[str, Any]:
        """Everything shown so far is public; a player also sees whether they are awaited."""
        sides = ("evens", "odds")
        public = {
            "players": state.players,
            "target": state.target,
            "winner": state.winner,
            "standing": [
                {"player": p, "side": s, "points": state.score[p]} for p, s in zip(state.players, sides, strict=True)
            ],
            "rounds": [[r[p] for p in state.players] for r in state.rounds],
        }
        return kit.player_view(
            turn=self.turn_label(state),
            public=public,
            viewer=viewer,
            players=state.players,
            you=lambda p: {"awaited": p in self.awaiting(state)},
            score=lambda p: state.score[p],
        )

    def outcome(self, state: OddsState) -> Outcome | None:
        return kit.two_player_outcome(state.players, state.winner, state.score) if state.winner else None

    def dump(self, state: OddsState) -> dict[str, Any]:
        return dict(kit.json_copy(asdict(state)))

    def load(self, data: Mapping[str, Any]) -> OddsState:
        return OddsState(**kit.json_copy(dict(data)))

    def random_move(self, state: OddsState, player: PlayerId, rng: Random) -> dict[str, Any]:
        return {"fingers": rng.choice(FINGERS)}

    def secrets(self, state: OddsState, player: PlayerId) -> dict[str, Any]:
        """Nothing stays hidden once a round resolves (moves in flight are the framework's to hide)."""
        return {}
