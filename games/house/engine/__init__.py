"""Dealers' own games: one pure engine that plays any definition (FORMAT.md) kept in the match's options.

The definition says who is awaited each round, the submission form, how a round is resolved (by the dealer's
seat, ``games.engine.DEALER``, or by a mechanic of ``games.house.engine.mechanics``), the end rules and the outcome
rule. RULES.md states every ruling; ``present.py`` holds the views, secrets and redraws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from games import kit
from games.engine import (
    DEALER,
    BaseEngine,
    Message,
    OptionSpec,
    Outcome,
    PlayerId,
    PublicSeries,
    RuleError,
    expect_roster,
)
from games.house.engine import (
    dealer,
    ending,
    flow,
    happened,
    items,
    items_draw,
    items_shared,
    move_rules,
    play,
    present,
    rounds,
)
from games.house.engine.definition import definition_clean
from games.house.engine.errors import DefinitionError
from games.house.engine.fields import PLAYER_TYPES, eligible, field_value, is_blank
from games.house.engine.samples import default_definition
from games.house.engine.state import EC_LABEL, PHASE_SUFFIX, State, asks, plan_for, round_label


def _definition_option(value: Any) -> dict[str, Any]:
    """The option ``definition`` cleaned (its errors joined, each naming its field)."""
    try:
        return definition_clean(value)
    except DefinitionError as exc:
        raise RuleError(
            "; ".join(exc.errors[:5]) + (f" (and {len(exc.errors) - 5} more)" if len(exc.errors) > 5 else "")
        ) from exc


class HouseEngine(BaseEngine[State]):
    slug = "house"
    title = "Dealer's game"
    min_players = 2
    max_players = 32
    has_dealer: ClassVar[bool] = True  # the framework seats a host who does not play at DEALER
    options_schema: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "definition",
            "json",
            label="Game definition",
            help="The dealer's game (FORMAT.md), chosen from the dealer's games; never typed.",
            clean=_definition_option,
        ),
        OptionSpec(
            "gamewide_order",
            "order",
            season=True,
            label="Tiebreak order",
            help="The season's gamewide tiebreak order, restricted to this match (earlier wins ties). "
            "Outside a season: the seat order.",
        ),
        OptionSpec(
            "advantage",
            "player",
            season=True,
            label="Death Match advantage",
            help="The Death Match Opponent, filled by the season: first in a Death Match's tiebreak order.",
        ),
        OptionSpec(
            "garnets",
            "player_ints",
            default={},
            season=True,
            low=0,
            help="Each player's garnets brought in: the season's free balances.",
        ),
        OptionSpec(
            "secrets",
            "json",
            label="Fixed secrets",
            help="player → {secret → value}: deals a test or a replay pins; left out, setup draws them.",
        ),
    )

    # --- setup and the turn ---

    def title_for(self, options: Mapping[str, Any]) -> str:
        """The dealer's game's own title (the default game's with no definition)."""
        definition = options.get("definition")
        if isinstance(definition, Mapping) and isinstance(definition.get("title"), str) and definition["title"]:
            return str(definition["title"])
        return str(default_definition()["title"])

    def players_allowed(self, options: Mapping[str, Any]) -> tuple[int, int, str]:
        """The definition's player range (a Death Match: exactly 2)."""
        definition = options.get("definition") or default_definition()
        low, high = definition["players"]["min"], definition["players"]["max"]
        if definition["kind"] == "death":
            return low, high, f"{definition['title']} is a Death Match"
        return low, high, f"{definition['title']} is designed for {low}–{high} players"

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> State:
        """Seats as given; the tiebreak from ``gamewide_order`` (else the seats; in a Death Match the DMO, the
        season's ``advantage``, first: RULES.md house-1); every secret drawn uniformly
        for each player in seat order, then any fixed in ``options["secrets"]`` put in place."""
        raw = options.get("definition")
        definition = _definition_option(raw) if raw is not None else default_definition()
        low, high = definition["players"]["min"], definition["players"]["max"]
        seats = [str(p) for p in players]
        if DEALER in seats:
            raise RuleError("the dealer's seat is not a player")
        seats = expect_roster(seats, low=low, high=high, game=definition["title"])
        order = [p for p in options.get("gamewide_order") or () if p in seats]
        if definition["kind"] == "death" and options.get("advantage") in seats:
            order = [options["advantage"], *(p for p in order if p != options["advantage"])]
        tiebreak = order + [p for p in seats if p not in order]
        dealt = {p: {s["name"]: rng.choice(s["values"]) for s in definition["secrets"]} for p in seats}
        fixed = options.get("secrets") or {}
        if not isinstance(fixed, Mapping):
            raise RuleError("Fixed secrets: must give each player their secrets")
        for p, facts in fixed.items():
            if p not in dealt or not isinstance(facts, Mapping):
                raise RuleError(f'Fixed secrets: "{p}" is not a player of this match')
            for name, value in facts.items():
                secret = next((s for s in definition["secrets"] if s["name"] == name), None)
                if secret is None or value not in secret["values"]:
                    raise RuleError(f"Fixed secrets: {p}'s {name} must be one of the declared values")
                dealt[p][name] = value
        state: State = {
            "definition": definition,
            "players": seats,
            "tiebreak": tiebreak,
            "scores": dict.fromkeys(seats, definition["scores"]["start"]),
            "secrets": dealt,
            "out": [],
            "round": 1,
            "phase": "play",
            "awaits": list(seats),
            "pending": {},
            "proposal": None,
            "history": [],
            "spent": {},
            "outcome": None,
        }
        rounds.setup(state, options, rng)
        if plan_for(state, 1)["awaits"] == "named":
            state["phase"], state["awaits"] = "open", []
            return state
        rounds.open_round(state, None)
        if state["phase"] == "skipping":  # every round's condition failed: a match of no rounds
            ending.finish(state, None, rng)
        return state

    def awaiting(self, state: State) -> tuple[PlayerId, ...]:
        if state["phase"] == "over":
            return ()
        if state["phase"] in ("play", "ec"):
            return tuple(state["awaits"])
        return (DEALER,)

    def turn_label(self, state: State) -> str:
        if state["phase"] == "over":
            return "Game over"
        if state["phase"] == "ec":
            return EC_LABEL
        if state.get("queue") is not None and state["phase"] == "play" and (state["queue"] or state.get("so_far")):
            return f"{round_label(state)} · {state['awaits'][0]}'s turn"  # a round in turn order (house-38)
        return round_label(state) + PHASE_SUFFIX.get(state["phase"], "")

    def turn_seconds(self, state: State) -> int:
        if state["phase"] == "play":
            return int(plan_for(state, state["round"])["seconds"] or state["definition"]["turn_seconds"])
        return int(state["definition"]["tally_seconds"])

    # --- moves ---

    def validate(self, state: State, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
        """A player's ``{field: value}`` checked field by field ("Your guess: must be at most 100"); the dealer's
        move checked key by key (``dealer.dealer_validate``)."""
        move = kit.awaited_move(self.awaiting(state), self.turn_label(state), player, move)
        if player == DEALER:
            return dealer.dealer_validate(state, move)
        if state["phase"] == "ec":
            return play.ec_validate(state, move)
        fields = [f for f in plan_for(state, state["round"])["fields"] if asks(state, f, player)]
        names = {f["name"] for f in fields}
        if unknown := [k for k in move if k not in names]:
            raise RuleError(f'This round has no field "{unknown[0]}" (its fields: {", ".join(sorted(names))})')
        out: dict[str, Any] = {}
        missing: list[str] = []
        nulls = [name for name, value in move.items() if value is None]
        for decl in fields:
            name = decl["name"]
            if name in move and move[name] is None:
                continue  # null says "nothing": what a missing submission becomes (RULES.md house-2)
            choosable = self._eligible(state, decl, player)
            if is_blank(move.get(name)):
                if decl["required"] and (decl["type"] not in PLAYER_TYPES or choosable):
                    missing.append(decl["label"])
                continue
            out[name] = field_value(decl, move[name], player=player, eligible=choosable)
        if missing:
            raise RuleError(f"{missing[0]}: is required")
        move_rules.check_move(state, player, out, fields, nulls)
        play.check_move(state, player, out)
        items.check_move(state, player, out)
        items_shared.check_move(state, player, out)
        return out

    def _eligible(self, state: State, decl: Mapping[str, Any], player: PlayerId | None) -> list[PlayerId]:
        return eligible(decl, players=state["players"], out=state["out"], player=player)

    def default_move(self, state: State, player: PlayerId) -> dict[str, Any]:
        """Each field's declared default; null for a field without one (the player abstains on it). The
        dealer's default per FORMAT.md."""
        if player == DEALER:
            return dealer.dealer_default(state)
        if state["phase"] == "ec":
            return play.ec_default(state)
        return {f["name"]: f["default"] for f in plan_for(state, state["round"])["fields"] if asks(state, f, player)}

    def default_ruling(self, state: State, player: PlayerId) -> str | None:
        if player == DEALER:
            return {"tally": "house-3", "review": "house-3", "open": "house-4"}.get(state["phase"])
        return {"play": "house-2", "ec": "house-41"}.get(state["phase"])

    def garnet_cost(self, state: State, player: PlayerId, move: Mapping[str, Any]) -> int:
        """The sum of the move's garnets fields that pay (``bid`` or ``if_won``): held when saved."""
        if state["phase"] != "play" or player == DEALER:
            return 0
        total = flow.pays_total(plan_for(state, state["round"])["fields"], move, ("bid", "if_won"))
        return total + play.move_cost(state, player, move)

    def round_spent(
        self, state_before: State, moves: Mapping[PlayerId, Mapping[str, Any]], state_after: State
    ) -> dict[PlayerId, int]:
        """What the close of a play turn spent (RULES.md house-5); a dealer's turn spends nothing."""
        if state_before["phase"] != "play":
            return {}
        return {p: int(n) for p, n in state_after["spent"].items()}

    def resolve(
        self, state: State, moves: Mapping[PlayerId, dict[str, Any]], rng: Random
    ) -> tuple[State, list[Message]]:
        # Never change the input; the definition is only ever read, so the copy shares it (a close's largest part).
        rest = kit.json_copy({k: v for k, v in state.items() if k != "definition"})
        new: State = {k: state[k] if k == "definition" else rest[k] for k in state}
        before = happened.snapshot(new)
        if new["phase"] == "play":
            given = {p: moves[p] if p in moves else self.default_move(new, p) for p in new["awaits"]}
            full = {p: {k: v for k, v in m.items() if v is not None} for p, m in given.items()}
            messages = flow.close_play(new, full, rng)
        elif new["phase"] == "open":
            move = moves.get(DEALER) or self.default_move(new, DEALER)
            messages = flow.open_round(new, move, rng)
        elif new["phase"] in ("tally", "review"):
            move = moves[DEALER] if DEALER in moves else self.default_move(new, DEALER)
            messages = flow.close_dealer(new, move, dealer.merged_result(new, move), rng)
        elif new["phase"] == "ec":
            given = {p: moves[p] if p in moves else play.ec_default(new) for p in new["awaits"]}
            messages = play.ec_resolve(new, given, rng)
        else:
            messages = []
        # The round's points and changed holdings first, as sentences: "What just happened" leads with them.
        return new, happened.summary(before, new) + messages

    def outcome(self, state: State) -> Outcome | None:
        return Outcome.from_json(state["outcome"]) if state["outcome"] else None

    def dump(self, state: State) -> dict[str, Any]:
        return dict(kit.json_copy(state))

    def load(self, data: Mapping[str, Any]) -> State:
        """The state as dumped; one saved while a ``garnet-house/1`` definition played is upgraded with it."""
        return rounds.state_upgrade(dict(kit.json_copy(dict(data))))

    # --- test hooks, views ---

    def random_move(self, state: State, player: PlayerId, rng: Random) -> dict[str, Any]:
        """A uniformly drawn value for each field (an optional one left out one time in five); for the dealer
        a random valid dealer move."""
        if player == DEALER:
            return dealer.dealer_random(state, rng)
        if state["phase"] == "ec":
            return {"ec": rng.choice(state["ec"]["tied"])}
        move = present.random_fields(state, player, rng)
        items_draw.random_extras(state, player, move, rng)
        items_shared.random_draws(state, player, move, rng)
        try:
            play.check_move(state, player, move)
        except RuleError:  # a flag the player cannot pay for: left unset
            move = {k: (False if v is True else v) for k, v in move.items()}
        return play.affordable(state, player, move)  # a bid past the balance: none (house-46)

    def view(self, state: State, viewer: PlayerId | None) -> dict[str, Any]:
        return present.view(state, viewer, self.turn_label(state), self.awaiting(state))

    def secrets(self, state: State, player: PlayerId) -> dict[str, Any]:
        return present.secrets(state, player)

    def resample_hidden(self, state: State, player: PlayerId, rng: Random) -> State:
        return present.resample(state, player, rng)

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries:
        return present.public_series(view)
