"""A tiny game with a dealer's seat, registered only inside the tests that use it (``dealer_game``).

It tests the framework's side of the dealer (``games.match.selectors.viewer_handle``, ``submission_access``,
the pages, the API and the sockets) apart from the dealers' own games' engine: each round every player
names a number; then a tally turn awaits ``DEALER``, who sees every number, announces, writes private
lines and continues or ends the match.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from random import Random
from typing import Any

from games import registry
from games.engine import DEALER, BaseEngine, Message, Outcome, PlayerId, RuleError, expect_int, expect_roster

SLUG = "dealtoy"

State = dict[str, Any]


class DealerToyEngine(BaseEngine[State]):
    slug = SLUG
    title = "Dealer's toy"
    min_players = 2
    max_players = 8
    has_dealer = True

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> State:
        roster = expect_roster(players, low=2, high=8, game=self.title)
        return {"players": roster, "phase": "play", "round": 1, "pending": {}, "history": [], "over": False}

    def awaiting(self, state: State) -> tuple[PlayerId, ...]:
        if state["over"]:
            return ()
        return tuple(state["players"]) if state["phase"] == "play" else (DEALER,)

    def turn_label(self, state: State) -> str:
        tail = " · dealer's tally" if state["phase"] == "tally" else ""
        return f"Round {state['round']}{tail}"

    def turn_seconds(self, state: State) -> int:
        return 3600

    def validate(self, state: State, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        if player not in self.awaiting(state):
            raise RuleError(f"{self.turn_label(state)} does not await {player}")
        if state["phase"] == "play":
            return {"n": expect_int(move.get("n"), "n", low=0, high=100)}
        private = move.get("private", {})
        if not isinstance(private, dict) or any(p not in state["players"] for p in private):
            raise RuleError("private lines go to players of the match")
        return {
            "announcement": str(move.get("announcement", "")),
            "private": {str(p): str(t) for p, t in private.items()},
            "end": bool(move.get("end", False)),
        }

    def default_move(self, state: State, player: PlayerId) -> dict[str, Any]:
        return {"n": 0} if state["phase"] == "play" else {"announcement": "", "private": {}, "end": False}

    def resolve(
        self, state: State, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[State, list[Message]]:
        new = copy.deepcopy(state)
        if state["phase"] == "play":
            new["pending"] = {p: moves[p] for p in state["players"]}
            new["phase"] = "tally"
            return new, [Message(f"Round {state['round']} is closed; the dealer tallies.")]
        move = moves[DEALER]
        text = move["announcement"] or f"Round {state['round']}: the dealer published no result."
        lines = [Message(text), *(Message(t, to=p) for p, t in move["private"].items() if t)]
        new["history"].append({"round": state["round"], "announcement": text})
        new["pending"], new["phase"], new["round"] = {}, "play", state["round"] + 1
        new["over"] = bool(move["end"])
        return new, lines

    def view(self, state: State, viewer: PlayerId | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "turn": self.turn_label(state),
            "public": {"round": state["round"], "phase": state["phase"], "history": state["history"]},
        }
        if viewer in state["players"]:
            out["you"] = {"awaited": viewer in self.awaiting(state), "number": state["pending"].get(viewer)}
        if viewer == DEALER:
            out["dealer"] = {"pending": state["pending"]}
        return out

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        return Outcome(winners=(state["players"][0],), candidates=(state["players"][-1],))

    def dump(self, state: State) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return copy.deepcopy(dict(data))

    def random_move(self, state: State, player: PlayerId, rng: Random) -> dict[str, Any]:
        return {"n": rng.randint(0, 100)} if state["phase"] == "play" else self.default_move(state, player)

    def secrets(self, state: State, player: PlayerId) -> dict[str, Any]:
        return {"number": state["pending"][player]} if player in state["pending"] else {}


@contextmanager
def dealer_game() -> Iterator[DealerToyEngine]:
    """The toy registered (JSON move box, default view) for the block's length."""
    engine = DealerToyEngine()
    registry.register(engine)
    try:
        yield engine
    finally:
        registry._REGISTRY.pop(SLUG, None)
