"""A Warrior's Death (classic) and Warriors' Death (extended): the pure engine.

Two players fight bouts of simultaneous rounds with units 0-9 (classic) or a pool
of one unit per strength 1-10 drawn from 20 (extended), plus Chocobos. The unit
table and naming live in ``units``, the fight in ``abilities``, rounds and bouts
in ``bouts``; this module is the engine contract (turns, validation, views).
The extended version opens with a timed look at the pool, and every bout but
the last is followed by a timed break: turns that await nobody.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games.engine import (
    BaseEngine,
    Message,
    OptionSpec,
    Outcome,
    PlayerId,
    PublicSeries,
    RuleError,
    expect_mapping,
    expect_player,
    expect_roster,
)
from games.kit import tree_copy
from games.warriors import resample, series
from games.warriors.bouts import bout_points, play_round, playable, start_bout
from games.warriors.units import NAMES, check_pool, draw_pool, parse_rounds, parse_unit, roster, table

State = dict[str, Any]
DEFAULT = {"chocobo": {"unit": "chocobo"}}


def _seconds(options: Mapping[str, Any], key: str, default: int) -> int:
    value = options.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RuleError(f"options[{key!r}] must be a positive whole number of seconds")
    return value


# The round log only grows: an entry never changes once appended (bouts.play_round).
APPEND_ONLY = frozenset({"log"})


class WarriorsEngine(BaseEngine[Any]):
    """The engine contract for ``warriors`` (see games/engine.py and RULES.md)."""

    slug: ClassVar[str] = "warriors"
    title: ClassVar[str] = "Warriors' Death"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_schema: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "variant",
            "choice",
            default="classic",
            choices=("classic", "extended"),
            label="Variant",
            help="Classic: 5 bouts of 10 rounds. Extended: a drawn pool of 10 units, 3 bouts of 12 rounds.",
        ),
        OptionSpec(
            "advantage",
            "player",
            season=True,
            label="Player with the advantage",
            help="The Death Match Opponent in a season; blank: the second player.",
        ),
        OptionSpec(
            "turn_seconds",
            "int",
            default=60,
            low=10,
            high=86400,
            changeable=True,
            label="Round length (seconds)",
            help="How long each player has to pick a unit each round.",
        ),
        OptionSpec(
            "break_seconds",
            "int",
            default=60,
            low=10,
            high=86400,
            changeable=True,
            label="Break between bouts (seconds)",
            help="The pause after each bout.",
        ),
        OptionSpec(
            "pool_seconds",
            "int",
            default=180,
            low=10,
            high=86400,
            changeable=True,
            label="Pool look (seconds)",
            help="Extended: how long both players study the drawn pool.",
        ),
        OptionSpec(
            "pool",
            "names",
            choices=tuple(sorted(u.name for u in table("extended").values())),
            label="Fixed pool",
            help="Extended: ten units, one per strength 1-10; blank: drawn.",
        ),
    )

    # --- setup and turns ---

    def title_for(self, options: Mapping[str, Any]) -> str:
        """The version's published name: "A Warrior's Death" (classic) or "Warriors' Death" (extended)."""
        return NAMES.get(str(options.get("variant") or "classic"), self.title)

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> State:
        """The DM before its first turn: the extended pool is drawn (or fixed by ``options["pool"]``)."""
        players = expect_roster(players, low=2, high=2, game="Warriors' Death")
        variant = options.get("variant", "classic")
        if variant not in ("classic", "extended"):
            raise RuleError('options["variant"] is "classic" or "extended"')
        advantage = options.get("advantage", players[1])
        if advantage not in players:
            raise RuleError('options["advantage"] names one of the two players')
        if variant == "classic":
            pool = [u.name for u in table("classic").values() if u.base > 0]
        else:
            try:
                pool = check_pool(options["pool"]) if "pool" in options else draw_pool(rng)
            except (RuleError, ValueError) as exc:
                raise RuleError(f'options["pool"]: {exc}') from exc
        state: State = {
            "variant": variant,
            "players": players,
            "advantage": advantage,
            "pool": pool,
            "bouts_total": 5 if variant == "classic" else 3,
            "rounds_base": 10 if variant == "classic" else 12,
            "seconds": {
                "turn": _seconds(options, "turn_seconds", 60),
                "break": _seconds(options, "break_seconds", 60),
                "pool": _seconds(options, "pool_seconds", 180),
            },
            "phase": "pool",
            "bout": 0,
            "round": 0,
            "length": 0,
            "length_announced": 0,
            "last_winner": None,
            "bout_wins": {p: 0 for p in players},
            "bouts": [],
            "log": [],
            "sides": {},
            "winner": None,
        }
        if variant == "classic":
            start_bout(state)
        return state

    def awaiting(self, state: State) -> tuple[PlayerId, ...]:
        """Both players during a round; nobody during the pool look, a break, or after the end."""
        return tuple(state["players"]) if state["phase"] == "play" else ()

    def turn_label(self, state: State) -> str:
        """ "Pool look", "Bout 2 · Round 7", "Break after bout 1", or "Over"."""
        phase = state["phase"]
        if phase == "pool":
            return "Pool look"
        if phase == "break":
            return f"Break after bout {state['bout']}"
        if phase == "over":
            return "Over"
        extra = " (extra)" if state["bout"] > state["bouts_total"] else ""
        return f"Bout {state['bout']}{extra} · Round {state['round']}"

    def turn_seconds(self, state: State) -> int:
        """60 s a round unless ``options["turn_seconds"]``; the pool look 180 s; a break 60 s."""
        return int(
            state["seconds"]["pool" if state["phase"] == "pool" else "break" if state["phase"] == "break" else "turn"]
        )

    # --- moves ---

    def playable(self, state: State, player: PlayerId) -> list[str]:
        """The units ``player`` may send out this round (alive, Living Dead, Carbuncle, Chocobo)."""
        return playable(state, player)

    def validate(self, state: State, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        """The move normalised to ``{"unit": name, <active>: value}``, or a RuleError."""
        if state["phase"] != "play":
            raise RuleError("Nobody sends out a unit now: no round is being played")
        expect_player(player, state["players"])
        move = expect_mapping(move)
        if "unit" not in move:
            raise RuleError('Each round you send out one unit: the move needs "unit"')
        variant = state["variant"]
        names = roster(variant, state["pool"])
        name = parse_unit(move["unit"], names, variant)
        forced = state["sides"][player]["forced"]
        if forced and forced["round"] == state["round"]:
            if name != forced["move"]["unit"]:
                raise RuleError(f"Rescue forces you to play your {forced['move']['unit'].title()} this round")
            return dict(forced["move"])
        if name not in self.playable(state, player):
            if name == "carbuncle":
                raise RuleError("You have no Carbuncle: only a Summoner summons one")
            raise RuleError(f"Your {name.title()} is dead: you cannot play a dead unit")
        out: dict[str, Any] = {"unit": name}
        active = table(variant)[name].active
        if name == "blue mage" and variant == "extended" and "disguise" in move:
            disguise = parse_unit(move["disguise"], names, variant, "the disguise")
            fake = table(variant)[disguise].active
            if fake in ("guess", "select") and fake in move:
                out[fake] = parse_unit(move[fake], names, variant, f"the faked {fake}")
            elif fake == "rounds" and "rounds" in move:
                out["rounds"] = parse_rounds(move["rounds"])
        for key in ("guess", "disguise", "select", "rounds"):
            if key in move and key != active and key not in out:
                raise RuleError(f"The {name.title()} has no {key}: only a unit with that active takes it")
        if active == "rounds":
            out["rounds"] = parse_rounds(move.get("rounds", 0))
        elif active:
            if active not in move:
                raise RuleError(f'The {name.title()} needs its active choice: add "{active}"')
            out[active] = parse_unit(move[active], names, variant, f"the {active}")
            if active == "disguise" and out[active] == "blue mage":
                raise RuleError("Aetheric Mimicry disguises the Blue Mage as another unit")
        return out

    def default_move(self, state: State, player: PlayerId) -> dict[str, Any]:
        """A missing submission sends out a Chocobo (or the unit Rescue forces); nothing in a pause."""
        if state["phase"] != "play":
            return {}
        forced = state["sides"][player]["forced"]
        if forced and forced["round"] == state["round"]:
            return dict(forced["move"])
        return dict(DEFAULT["chocobo"])

    def default_ruling(self, state: State, player: PlayerId) -> str | None:
        """Ruling 1: a missing submission is a Chocobo (or the unit Rescue forces); none in a pause."""
        return "warriors-1" if state["phase"] == "play" else None

    def resolve(
        self, state: State, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[State, list[Message]]:
        """Close the turn: the pool look or a break ends, or a round is fought."""
        new = tree_copy(state, append_only=APPEND_ONLY)
        phase = new["phase"]
        if phase == "over":
            return new, []
        if phase in ("pool", "break"):
            start_bout(new)
            msgs = [Message(f"Bout {new['bout']} begins: {new['rounds_base']} rounds.")]
            if phase == "pool":
                msgs.insert(0, Message("The look at the pool is over."))
            return new, msgs
        clean: dict[str, dict[str, Any]] = {}
        for p in new["players"]:
            try:  # a missing or invalid submission sends out a Chocobo
                clean[p] = self.validate(new, p, moves[p]) if p in moves else self.default_move(new, p)
            except RuleError:
                clean[p] = self.default_move(new, p)
        return new, play_round(new, clean)

    # --- information ---

    def _own(self, state: State, p: PlayerId) -> dict[str, Any]:
        side = state["sides"].get(p)
        if not side:
            return {}
        units = table(state["variant"])
        playable = self.playable(state, p) if state["phase"] == "play" else []
        cards = [{"name": "chocobo", "base": 0, "strength": 0, "alive": True, "playable": "chocobo" in playable}]
        if side.get("carbuncle"):
            cards.append(
                {
                    "name": "carbuncle",
                    "base": 0,
                    "strength": side["carbuncle"]["strength"],
                    "alive": True,
                    "playable": "carbuncle" in playable,
                }
            )
        for name, rec in side["units"].items():
            cards.append(
                {
                    "name": name,
                    "base": units[name].base,
                    "strength": rec["strength"],
                    "alive": rec["alive"],
                    "playable": name in playable,
                    "holmgang": rec.get("holmgang"),
                    "active": units[name].active,
                }
            )
        forced = side["forced"] if side["forced"] and side["forced"]["round"] == state["round"] else None
        return {
            "units": cards,
            "fallen": list(side["fallen"]),
            "forced": dict(forced["move"]) if forced else None,
            "effects": [e for e in side["pending"] if e["round"] >= state["round"]],
        }

    def view(self, state: State, viewer: PlayerId | None) -> dict[str, Any]:
        """The public log and bout results; a player also sees their own units and effects."""
        public = {
            "variant": state["variant"],
            "players": list(state["players"]),
            "pool": list(state["pool"]),
            "phase": state["phase"],
            "bout": state["bout"],
            "round": state["round"],
            "bouts_total": state["bouts_total"],
            "rounds_announced": state["length_announced"],
            "bout_wins": dict(state["bout_wins"]),
            "bouts": tree_copy(state["bouts"]),
            "log": tree_copy(state["log"]),
            "winner": state["winner"],
            "advantage": state["advantage"],
            # What each player has shown this bout: the opponent's units only as revealed.
            "shown": {p: [e["units"][p] for e in state["log"] if e["bout"] == state["bout"]] for p in state["players"]},
        }
        out: dict[str, Any] = {"turn": self.turn_label(state), "public": public}
        if viewer is not None and viewer in state["players"]:
            out["you"] = {**self._own(state, viewer), "awaited": viewer in self.awaiting(state)}
            out["score"] = state["bout_wins"][viewer]
        return out

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries:
        """Bout points and announced round wins, bout by bout (see ``series``)."""
        return series.public_series(view)

    def secrets(self, state: State, player: PlayerId) -> dict[str, Any]:
        """The player's true units, effects and this bout's points, while not revealed."""
        if state["phase"] == "over" or not state["sides"]:
            return {}
        own = self._own(state, player)
        found = {"units": own["units"], "secret_points": bout_points(state, player)}
        if own["forced"]:
            found["forced"] = own["forced"]
        return found

    def resample_hidden(self, state: State, player: PlayerId, rng: Random) -> State:
        """Ruling 20: ``player``'s true moves of this bout redrawn (see ``resample``): another history the
        opponent and the public could not tell from the real one, round by round; else ``state`` itself."""
        return resample.redraw(state, player, rng, own=lambda s: [self.view(s, player), self.secrets(s, player)])

    def outcome(self, state: State) -> Outcome | None:
        """The DM's winner and loser once the last bout (or the advantage) decided it."""
        if state["phase"] != "over":
            return None
        winner = state["winner"]
        loser = next(p for p in state["players"] if p != winner)
        return Outcome(
            winners=(winner,),
            candidates=(loser,),
            tokens={},
            garnets={},
            scores={p: float(w) for p, w in state["bout_wins"].items()},
        )

    def dump(self, state: State) -> dict[str, Any]:
        """The state as JSON (it already is JSON-shaped)."""
        data: dict[str, Any] = json.loads(json.dumps(state))
        return data

    def load(self, data: Mapping[str, Any]) -> State:
        """The inverse of :meth:`dump`."""
        state: State = json.loads(json.dumps(dict(data)))
        return state

    def random_move(self, state: State, player: PlayerId, rng: Random) -> dict[str, Any]:
        """A uniformly chosen legal unit with a random active choice."""
        if state["phase"] != "play":
            return {}
        forced = state["sides"][player]["forced"]
        if forced and forced["round"] == state["round"]:
            return dict(forced["move"])
        names = roster(state["variant"], state["pool"])
        unit = rng.choice(self.playable(state, player))
        move: dict[str, Any] = {"unit": unit}
        active = table(state["variant"])[unit].active
        if active == "rounds":
            move["rounds"] = rng.choice([-1, 0, 1])
        elif active == "disguise":
            move["disguise"] = rng.choice([n for n in names if n != "blue mage"])
        elif active:
            move[active] = rng.choice(names)
        return move
