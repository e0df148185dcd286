"""Density Deck (Center Amplification): the pure engine.

Four players, 10 lives each, play match after match of a 50-card game: each turn awaits
exactly one player, who may start a fight, surrender, or draw and discard. The scoring
rule is the replaceable piece in :mod:`games.density.scoring`. See RULES.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games.density.cards import card_json
from games.density.match import ec_candidates, hand_score
from games.density.moves import DRAWN, draw_sources, may_fight, play_move, validate_move
from games.density.scoring import SCORERS
from games.density.state import DEFAULT_TURN_SECONDS, LIVES, DensityState, deal, parse_options
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
from games.kit import tree_copy


class DensityEngine(BaseEngine[Any]):
    """The Density Deck rules as pure functions over :class:`DensityState`."""

    slug: ClassVar[str] = "density"
    title: ClassVar[str] = "Density Deck (Center Amplification)"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options_schema: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "scoring",
            "choice",
            default="sum",
            choices=tuple(SCORERS),
            label="Scoring",
            help="Sum of the hand, or the sum or the most common value, whichever is higher.",
        ),
        OptionSpec(
            "lives",
            "int",
            default=LIVES,
            low=1,
            high=100,
            label="Lives",
            help="Lives each player starts with; the last one with lives wins.",
        ),
        OptionSpec(
            "turn_seconds",
            "int",
            default=DEFAULT_TURN_SECONDS,
            low=10,
            high=86400 * 7,
            changeable=True,
            label="Turn length (seconds)",
            help="How long each turn stays open.",
        ),
        OptionSpec(
            "garnets",
            "int",
            default=0,
            low=0,
            high=1000,
            label="Winner's garnets",
            help="Garnets the winner earns besides the 2 Tokens of Life.",
        ),
        OptionSpec("dealer", "player", label="First dealer", help="Blank: drawn at random."),
        GAMEWIDE_ORDER,
    )

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> DensityState:
        """Seat the players in the given (clockwise) order, pick the dealer and deal match 1."""
        players = expect_roster(players, low=self.min_players, high=self.max_players, game="Density Deck")
        opts = parse_options(players, options)
        dealer = opts.get("dealer") or rng.choice(players)
        state = DensityState(players=players, lives={p: opts["lives"] for p in players}, options=opts, dealer=dealer)
        deal(state, rng)
        return state

    def awaiting(self, state: DensityState) -> tuple[PlayerId, ...]:
        """The one player whose turn it is; the winner while the EC is picked; nobody at the end."""
        if state.phase == "play":
            return (state.order[state.turn_index],)
        return (state.winner,) if state.phase == "ec" and state.winner else ()

    def turn_label(self, state: DensityState) -> str:
        """ "Match 2 · Round 3", "EC choice" or "Season over"."""
        if state.phase == "play":
            step = " · discard" if state.drawn is not None else ""
            return f"Match {state.match} · Round {state.round}{step}"
        return "EC choice" if state.phase == "ec" else "Season over"

    def turn_seconds(self, state: DensityState) -> int:
        """The host's turn length, ``options["turn_seconds"]`` (default 3600); the discard step after a
        draw gets a quarter of it (at least 30 s): the player already chose to draw and is at the table."""
        full = int(state.options["turn_seconds"])
        if state.phase == "play" and state.drawn is not None:
            return max(min(30, full), full // 4)
        return full

    def validate(self, state: DensityState, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        """The move in normal form, or a RuleError naming the rule broken."""
        if player not in self.awaiting(state):
            awaited = ", ".join(self.awaiting(state))
            raise RuleError(f"it is not your turn: the turn awaits {awaited}" if awaited else "the season is over")
        return validate_move(state, player, move)

    def default_move(self, state: DensityState, player: PlayerId) -> dict[str, Any]:
        """A missing turn draws from the deck (else the first pile) and discards the drawn card, in one go;
        a missing discard step discards the card just drawn.

        A missing EC pick takes the first tied player in seating order.
        """
        if state.phase == "ec":
            return {"ec": state.ec_choices[0]}
        if state.drawn is not None:
            return {"action": "discard", "discard": state.drawn, "surrender": False}
        sources = draw_sources(state, player)
        if not sources:
            return {"action": "surrender"}
        return {"action": "draw", "from": sources[0], "discard": DRAWN, "surrender": False}

    def default_ruling(self, state: DensityState, player: PlayerId) -> str | None:
        """Ruling 16: every missing submission, a turn's or the EC pick."""
        return None if state.phase == "over" else "density-16"

    def resolve(
        self, state: DensityState, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[DensityState, list[Message]]:
        """Play the awaited player's move (their default move if missing) on a copy of ``state``."""
        # The last match's summary is only ever replaced whole (match.end_match), never edited.
        new = tree_copy(state, append_only=("last_match",))
        awaited = self.awaiting(state)
        if not awaited:
            return new, []
        player = awaited[0]
        try:
            move = self.validate(state, player, moves[player]) if player in moves else None
        except RuleError:
            move = None
        move = move or self.default_move(state, player)
        if new.phase == "ec":
            new.ec, new.ec_choices, new.phase = move["ec"], [], "over"
            return new, [Message(f"{player} picks {new.ec} as the Elimination Candidate.")]
        return new, play_move(new, player, move, rng)

    def view(self, state: DensityState, viewer: PlayerId | None) -> dict[str, Any]:
        """The table as ``viewer`` sees it.

        Everyone: every top discard, the flipped Amplification cards, lives, the deck's size and
        the last match's hands and scores; a player also sees their own hand.
        """
        public: dict[str, Any] = {
            "players": list(state.players),
            "lives": dict(state.lives),
            "match": state.match,
            "round": state.round,
            "phase": state.phase,
            "dealer": state.dealer,
            "order": list(state.order),
            "current": state.current(),
            "surrendered": list(state.surrendered),
            "seats": [self._seat(state, p) for p in state.players],
            "discards": {p: card_json(pile[-1]) if pile else None for p, pile in state.discards.items()},
            "discard_sizes": {p: len(pile) for p, pile in state.discards.items()},
            "amplification": [card_json(c) for c in state.center[: state.revealed]],
            "amplification_hidden": len(state.center) - state.revealed,
            "deck_size": len(state.deck),
            "fight_allowed": may_fight(state),
            "step": "discard" if state.drawn is not None else "draw",
            "drawn_from": state.drawn_from,
            "scoring": state.options["scoring"],
            "last_match": tree_copy(state.last_match),
            "out": tree_copy(state.out),
            "winner": state.winner,
            "ec": state.ec,
            "ec_choices": list(state.ec_choices),
        }
        seen: dict[str, Any] = {"turn": self.turn_label(state), "public": public}
        if viewer in state.players:
            seen["score"] = state.lives[viewer]
            you: dict[str, Any] = {"player": viewer, "lives": state.lives[viewer]}
            if viewer in state.hands:
                score = hand_score(state, viewer)
                you |= {
                    "hand": list(state.hands[viewer]),
                    "hand_cards": [card_json(c) for c in state.hands[viewer]],
                    "hand_score": {"points": score.points, "base": score.base, "lines": list(score.lines)},
                }
            if viewer in self.awaiting(state) and state.phase == "play":
                if state.drawn is not None:
                    you |= {"drawn": state.drawn, "may_fight": False, "draw_from": []}
                else:
                    you |= {"may_fight": may_fight(state), "draw_from": draw_sources(state, viewer)}
            seen["you"] = you
        return seen

    @staticmethod
    def _seat(state: DensityState, player: PlayerId) -> dict[str, Any]:
        """One seat at the table, ready for the template: lives as hearts, the top discard, the markers."""
        pile = state.discards.get(player, [])
        return {
            "player": player,
            "lives": state.lives[player],
            "hearts": "\u2665" * max(0, state.lives[player]),
            "dealer": player == state.dealer,
            "current": player == state.current(),
            "in_match": player in state.order and state.phase == "play",
            "surrendered": player in state.surrendered,
            "discard": card_json(pile[-1]) if pile else None,
            "discard_size": len(pile),
        }

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries:
        """Lives between matches: during match n they are what match n-1 left ("Start" before the
        first); once the game has ended, what the last match left."""
        public = view["public"]
        n = int(public["match"])
        when = f"After match {n}" if public["phase"] in ("ec", "over") else f"After match {n - 1}" if n > 1 else "Start"
        return {"Lives": {when: {p: float(v) for p, v in public["lives"].items()}}}

    def outcome(self, state: DensityState) -> Outcome | None:
        """At the end: the last player with lives wins 2 Tokens of Life (and ``options["garnets"]``).

        The EC is the first player out of lives.
        """
        if state.phase != "over" or state.winner is None:
            return None
        candidates = ec_candidates(state)
        garnets = {state.winner: state.options["garnets"]} if state.options["garnets"] else {}
        return Outcome(
            winners=(state.winner,),
            candidates=candidates,
            tokens={state.winner: 2},
            garnets=garnets,
            scores={p: float(state.lives[p]) for p in state.players},
        )

    def dump(self, state: DensityState) -> dict[str, Any]:
        """The state as JSON-ready data."""
        return state.dump()

    def load(self, data: Mapping[str, Any]) -> DensityState:
        """The state back from :meth:`dump`."""
        return DensityState.load(data)

    def resample_hidden(self, state: DensityState, player: PlayerId, rng: Random) -> DensityState:
        """Redraw ``player``'s hand from their hand and the face-down deck (whose order nobody knows);
        every other hand, the discards and the centre stay as they are."""
        if state.phase != "play" or player not in state.hands:
            return state
        new = DensityState.load(state.dump())
        pool = [*new.hands[player], *new.deck]
        rng.shuffle(pool)
        size = len(new.hands[player])
        new.hands[player], new.deck = pool[:size], pool[size:]
        return new

    def random_move(self, state: DensityState, player: PlayerId, rng: Random) -> dict[str, Any]:
        """A random legal move: fights now and then once legal, rarely surrenders, else draws."""
        if state.phase == "ec":
            return {"ec": rng.choice(state.ec_choices)}
        if state.drawn is not None:
            return {"discard": rng.choice(state.hands[player]), "surrender": rng.random() < 0.05}
        roll = rng.random()
        sources = draw_sources(state, player)
        if may_fight(state) and roll < 0.2:
            return {"action": "fight"}
        if roll > 0.95 or not sources:
            return {"action": "surrender"}
        source = rng.choice(sources)
        if roll > 0.6:
            return {"action": "draw", "from": source}  # the two-step turn: the discard comes next
        discard = rng.choice([*state.hands[player], DRAWN])
        return {"action": "draw", "from": source, "discard": discard, "surrender": rng.random() < 0.05}

    def secrets(self, state: DensityState, player: PlayerId) -> dict[str, Any]:
        """The player's hand while their match runs; nothing once all hands are shown."""
        if state.phase != "play" or player not in state.hands:
            return {}
        return {"hand": list(state.hands[player])}
