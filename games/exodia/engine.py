"""Exodia, Obliterate: the pure engine (7 players, 49 cards, collect every initial owner).

The rules live in sibling modules: ``cards`` (names, hands, Exodia), ``moves``
(validating a round's move), ``plays`` (the effects), ``retrieval`` (the
Retrieval Phase), ``twists`` (setup and the first turn) and ``ending``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games.engine import BaseEngine, Message, OptionSpec, Outcome, PublicSeries, RuleError, expect_mapping
from games.exodia import ending, moves, twists
from games.exodia.cards import EFFECTS, group_by_owner, owners_held, progress
from games.exodia.plays import RoundWork, resolve_plays, start_of_round
from games.exodia.retrieval import retrieve
from games.exodia.state import EC, OVER, ROUND, TWIST, State, dump, load


class ExodiaEngine(BaseEngine[Any]):
    """The rules of Exodia, Obliterate as pure functions over :class:`State`."""

    slug: ClassVar[str] = "exodia"
    title: ClassVar[str] = "Exodia, Obliterate"
    min_players: ClassVar[int] = 7
    max_players: ClassVar[int] = 7
    options_schema: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "round_cap",
            "int",
            default=twists.DEFAULT_ROUND_CAP,
            low=1,
            high=500,
            changeable=True,
            label="Round cap",
            help="The match ends after this many rounds if nobody has won.",
        ),
        OptionSpec(
            "group_twist",
            "int",
            low=0,
            high=2,
            label="Group twist",
            help="Set the group twist (0 none, 1 or 2) instead of letting the players vote.",
        ),
        OptionSpec(
            "gamewide_order",
            "players",
            season=True,
            label="Gamewide tiebreak order",
            help="The season's public tiebreak order, restricted to this match.",
        ),
        OptionSpec(
            "mm_winners", "players", season=True, label="Previous MM winners", help="They hold the MM Winner Twist."
        ),
        OptionSpec(
            "dm_winner",
            "player",
            season=True,
            label="Previous DM winner",
            help="They hold the DM Winner Twist (the Retrieval Tiebreak).",
        ),
    )

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: Random) -> State:
        """Deal every player their own 7 cards; fix orders and twists from ``options`` (see RULES.md)."""
        state, notes = twists.setup_state(players, options, rng)
        if notes:
            state.history.append({"round": 0, "lines": [m.text for m in notes]})
        return state

    def awaiting(self, state: State) -> tuple[str, ...]:
        """Twist turn: the voters and role holders; a round: everyone; EC turn: the sole winner."""
        if state.phase == TWIST:
            return twists.twist_awaiting(state)
        if state.phase == ROUND:
            return tuple(state.players)
        if state.phase == EC:
            return tuple(state.winners)
        return ()

    def turn_label(self, state: State) -> str:
        """ "Twists", "Round 3", "EC choice" or "Over"."""
        return {TWIST: "Twists", ROUND: f"Round {state.round}", EC: "EC choice"}.get(state.phase, "Over")

    def turn_seconds(self, state: State) -> int:
        """Main Match rounds last a day."""
        return 86400

    def validate(self, state: State, player: str, move: Mapping[str, Any]) -> dict[str, Any]:
        """The normalised move, or a RuleError naming the rule broken."""
        if player not in self.awaiting(state):
            raise RuleError(f"{player} is not awaited in {self.turn_label(state)}")
        move = expect_mapping(move)
        try:
            if state.phase == TWIST:
                return twists.validate_twist(state, player, move)
            if state.phase == EC:
                return self._validate_ec(state, move)
            return moves.validate_round(state, player, move)
        except RuleError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as exc:  # belt and braces for odd JSON
            raise RuleError(f"the move is malformed: {exc}") from exc

    def _validate_ec(self, state: State, move: Mapping[str, Any]) -> dict[str, Any]:
        ec = move.get("ec")
        if ec not in state.ec_choices:
            raise RuleError(
                f"the EC must be a player holding strictly fewer Metas than you: {', '.join(state.ec_choices)}"
            )
        return {"ec": ec}

    def default_move(self, state: State, player: str) -> dict[str, Any]:
        """A missed round is the no-submission penalty; see RULES.md for the twist and EC turns."""
        if state.phase == TWIST:
            return twists.default_twist(state, player)
        if state.phase == EC:
            return {"ec": ending.standard_ec(state, state.ec_choices)}
        return {"no_submission": True}

    def default_ruling(self, state: State, player: str) -> str | None:
        """Rulings 16 (a missed round: a Strike), 17 (the twist turn) and 19 (the EC choice)."""
        return {TWIST: "exodia-17", EC: "exodia-19", OVER: None}.get(state.phase, "exodia-16")

    def resolve(self, state: State, moves_in: Mapping[str, dict[str, Any]], rng: Random) -> tuple[State, list[Message]]:
        """Close the current turn on a copy of ``state``."""
        s = state.copy()
        if s.phase == TWIST:
            msgs = twists.resolve_twist(s, moves_in, rng)
            s.history.append({"round": 0, "lines": [m.text for m in msgs]})
            return s, msgs
        if s.phase == EC:
            winner = s.winners[0]
            move = moves_in.get(winner) or self.default_move(s, winner)
            s.candidates = [move["ec"]]
            s.phase = OVER
            text = f"{winner} picks {move['ec']} as the Elimination Candidate"
            s.history.append({"round": s.round, "lines": [text]})
            return s, [Message(text)]
        if s.phase == OVER:
            return s, []
        return s, self._resolve_round(s, moves_in, rng)

    def _resolve_round(self, s: State, moves_in: Mapping[str, dict[str, Any]], rng: Random) -> list[Message]:
        work = RoundWork(hands={p: set(s.hands[p]) for p in s.players})
        start_of_round(s, moves_in, rng, work)
        resolve_plays(s, work)
        phases, taken = retrieve(
            round_number=s.round,
            players=s.players,
            hands=work.hands,
            pool=work.pool,
            pile=s.pile,
            priority=work.priority,
            rankings=work.rankings,
            tiebreak=s.tiebreak,
            rng=rng,
        )
        if phases:
            work.lines.append(f"Retrieval: {phases} phase(s); {len(taken)} cards leave the Discard Pile")
        for p, c in taken:
            work.note(p, f"Round {s.round}: you retrieved {c}")
        s.hands = {p: sorted(work.hands[p]) for p in s.players}
        s.last_types = {p: sorted({x["card"].split("/")[0] for x in work.plays[p]} - {"bomb"}) for p in s.players}
        msgs = [Message(f"Round {s.round}: {line}") for line in work.lines]
        for p, text in work.private:
            s.log[p].append(text)
            msgs.append(Message(text, to=p))
        s.history.append({"round": s.round, "lines": list(work.lines)})
        if ending.check_end(s):
            msgs.append(Message(self._end_text(s)))
        elif s.round >= s.round_cap:
            ending.end_at_cap(s)
            msgs.append(Message(self._end_text(s), ruling="exodia-20"))
        else:
            s.round += 1
            extra = 1 if s.group_twist == 2 and s.round % 3 == 0 else 0
            s.owed = {p: work.forces.get(p, 0) + extra for p in s.players}
        return msgs

    def _end_text(self, s: State) -> str:
        if s.end_reason == "round cap":
            return f"No Exodia by Round {s.round_cap}: nobody wins; {s.candidates[0]} is the Elimination Candidate"
        text = f"Exodia! Winner(s): {', '.join(s.winners)}"
        if s.phase == EC:
            return text + f"; {s.winners[0]} picks the EC from: {', '.join(s.ec_choices)}"
        return text + f"; {s.candidates[0]} is the Elimination Candidate"

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries:
        """Cards in hand and strikes by round (public counts; whose cards a hand holds is private
        until the end), then, once hands are shown, how many initial owners each hand holds."""
        public = view["public"]
        out: PublicSeries = {}
        if public["phase"] != TWIST:
            when = "End" if public["phase"] in (EC, OVER) else f"Round {public['round']}"
            out["Cards in hand"] = {when: {p: float(n) for p, n in public["hand_sizes"].items()}}
            out["Strikes"] = {when: {p: float(n) for p, n in public["strikes"].items()}}
        if "hands" in public:
            out["Initial owners held"] = {"End": {p: float(len(owners_held(h))) for p, h in public["hands"].items()}}
        return out

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        """The public picture, plus the viewer's hand, progress, owed discards and private log."""
        ended = state.phase in (EC, OVER)
        public: dict[str, Any] = {
            "players": list(state.players),
            "phase": state.phase,
            "round": state.round,
            "round_cap": state.round_cap,
            "pile": sorted(state.pile),
            "pile_size": len(state.pile),
            "strikes": dict(state.strikes),
            "metas_played": dict(state.metas_played),
            "hand_sizes": {p: len(state.hands[p]) for p in state.players},
            "owed": dict(state.owed),
            "last_types": {p: list(v) for p, v in state.last_types.items()},
            "group_twist": state.group_twist,
            "requirement": dict(state.requirement),
            "gamewide": list(state.gamewide),
            "tiebreak": list(state.tiebreak) if state.phase != TWIST or state.dm_winner is None else [],
            "twist_vote": state.twist_vote,
            "mm_winners": list(state.mm_winners),
            "dm_winner": state.dm_winner,
            "effects": list(EFFECTS),
            "seats": [
                {
                    "player": p,
                    "strikes": state.strikes[p],
                    "hand_size": len(state.hands[p]),
                    "metas_played": state.metas_played[p],
                    "owed": state.owed.get(p, 0),
                    "last_types": list(state.last_types.get(p, [])),
                }
                for p in state.players
            ],
            "history": [dict(h) for h in state.history],
            "winners": list(state.winners),
            "candidates": list(state.candidates),
            "ec_choices": list(state.ec_choices),
            "end_reason": state.end_reason,
        }
        if ended:
            public["hands"] = {p: list(state.hands[p]) for p in state.players}
            public["metas_held"] = {p: ending.metas_held(state, p) for p in state.players}
        out: dict[str, Any] = {"turn": self.turn_label(state), "public": public}
        if viewer in state.players:
            hand = list(state.hands[viewer])
            remaining_only = moves.only_restricted(state, viewer, hand) if state.phase == ROUND else False
            out["you"] = {
                "player": viewer,
                "hand": hand,
                "by_owner": group_by_owner(hand, state.players),
                "progress": progress(hand, state.players, state.requirement),
                "owed": state.owed.get(viewer, 0),
                "restricted": sorted(moves.restricted_types(state, viewer)),
                "only_restricted": remaining_only,
                "steal_targets": moves.steal_targets(state, viewer),
                "roles": twists.twist_roles(state, viewer) if state.phase == TWIST else [],
                "log": list(state.log.get(viewer, [])),
            }
            out["score"] = len(owners_held(hand))
        return out

    def outcome(self, state: State) -> Outcome | None:
        """None until the match is over (the EC choice is part of the match)."""
        return ending.outcome(state)

    def dump(self, state: State) -> dict[str, Any]:
        """The JSON form of ``state``."""
        return dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        """The inverse of :meth:`dump`."""
        return load(data)

    def random_move(self, state: State, player: str, rng: Random) -> dict[str, Any]:
        """A random legal move for ``player`` in the current turn."""
        if state.phase == TWIST:
            out: dict[str, Any] = {}
            for role in twists.twist_roles(state, player):
                if role == "twist_vote":
                    out[role] = rng.randint(0, 2)
                elif role == "mm_twist":
                    out[role] = rng.choice([None, {"effect": rng.choice(EFFECTS), "copies": rng.randint(1, 2)}])
                else:
                    out[role] = rng.sample(state.players, len(state.players))
            return out
        if state.phase == EC:
            return {"ec": rng.choice(state.ec_choices)}
        return moves.random_move(state, player, rng)

    def secrets(self, state: State, player: str) -> dict[str, Any]:
        """A player's hand, until the match ends (then every hand is shown)."""
        if state.phase in (EC, OVER):
            return {}
        return {"hand": list(state.hands[player])}
