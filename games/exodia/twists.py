"""Setting a match up from its options, and the twist turn (group vote, MM and DM Winner Twists)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import Message, RuleError, expect_int, expect_list, expect_mapping
from games.exodia.cards import EFFECTS, deck, starting_hand
from games.exodia.state import ROUND, TWIST, State

DEFAULT_ROUND_CAP = 30


def _order(value: Any, players: Sequence[str], what: str) -> list[str]:
    """A list naming every player exactly once, else a RuleError."""
    order = expect_list(value, what, max_len=len(players))
    if sorted(map(str, order)) != sorted(players) or len(order) != len(players):
        raise RuleError(f"{what} must list every player of the match exactly once")
    return [str(p) for p in order]


def _requirement(value: Any, what: str) -> dict[str, int] | None:
    """An MM Winner Twist requirement ``{"effect", "copies"}`` (null: none)."""
    if value is None:
        return None
    raw = expect_mapping(value, what)
    effect = raw.get("effect")
    if not isinstance(effect, str) or effect.strip().lower() not in EFFECTS:
        raise RuleError(f"{what}: the effect must be one of: {', '.join(EFFECTS)}")
    copies = expect_int(raw.get("copies", 1), f"{what}: copies", low=1, high=2)
    return {effect.strip().lower(): copies}


def setup_state(players: Sequence[str], options: Mapping[str, Any], rng: Random) -> tuple[State, list[Message]]:
    """The opening state; the twist turn comes first when any twist role or order is given in ``options``."""
    players = list(players)
    if len(players) != 7 or len(set(players)) != 7:
        raise RuleError("Exodia, Obliterate is for exactly 7 different players")
    notes: list[Message] = []
    if "gamewide_order" in options:
        gamewide = _order(options["gamewide_order"], players, "gamewide_order")
    else:
        gamewide = rng.sample(players, len(players))
        notes.append(Message(f"The Gamewide Tiebreak is drawn at random: {', '.join(gamewide)}"))
    mm_winners = [p for p in expect_list(options.get("mm_winners", []), "mm_winners") if p in players]
    dm_winner = options.get("dm_winner") if options.get("dm_winner") in players else None
    if "retrieval_order" in options:
        tiebreak = _order(options["retrieval_order"], players, "retrieval_order")
        dm_winner = None
    elif dm_winner is None:
        tiebreak = rng.sample(players, len(players))
        notes.append(Message(f"The Retrieval Tiebreak is drawn at random: {', '.join(tiebreak)}"))
    else:
        tiebreak = list(players)  # replaced by the DM winner's list in the twist turn
    requirement: dict[str, int] = {}
    if "mm_requirement" in options:
        raw = expect_mapping(options["mm_requirement"], "mm_requirement")
        for e, n in raw.items():
            requirement.update(_requirement({"effect": e, "copies": n}, "mm_requirement") or {})
        mm_winners = []
    any_role = bool(mm_winners) or dm_winner is not None or "gamewide_order" in options
    if "group_twist" in options:
        group = expect_int(options["group_twist"], "group_twist", low=0, high=2)
        vote = False
    else:
        group, vote = 0, any_role
    hands = {p: starting_hand(p) for p in players}
    pile: list[str] = []
    if "hands" in options:  # a fixed position (a host re-running a game, a test pinning a scenario)
        fixed = expect_mapping(options["hands"], "hands")
        hands = {p: sorted(str(c) for c in fixed.get(p, [])) for p in players}
        pile = [str(c) for c in options.get("pile", [])]
        every = [c for h in hands.values() for c in h] + pile
        if len(set(every)) != len(every) or not set(every) <= set(deck(players)):
            raise RuleError("hands and pile must name each card of the match at most once")
    strikes = {p: int(options.get("strikes", {}).get(p, 0)) for p in players}
    state = State(
        players=players,
        phase=TWIST if (vote or mm_winners or dm_winner) else ROUND,
        round=int(options.get("start_round", 1)),
        hands=hands,
        pile=pile,
        strikes=strikes,
        metas_played={p: 0 for p in players},
        owed={p: 0 for p in players},
        last_types={p: [] for p in players},
        group_twist=group,
        requirement=requirement,
        gamewide=gamewide,
        tiebreak=tiebreak,
        round_cap=expect_int(options.get("round_cap", DEFAULT_ROUND_CAP), "round_cap", low=1, high=500),
        twist_vote=vote,
        mm_winners=mm_winners,
        dm_winner=dm_winner,
        log={p: [] for p in players},
    )
    if state.phase == ROUND:
        notes.extend(begin_rounds(state))
    return state, notes


def begin_rounds(state: State) -> list[Message]:
    """Announce the twists and open Round 1 (group twist 1: everyone owes a discard before it)."""
    state.phase = ROUND
    if state.group_twist == 1 or state.group_twist == 2 and state.round % 3 == 0:
        state.owed = {p: 1 for p in state.players}
    names = {
        0: "no group twist",
        1: "everyone discards one card before Round 1",
        2: "everyone discards one card every third round",
    }
    req = ", ".join(f"{n} × {e}" for e, n in sorted(state.requirement.items())) or "none"
    return [
        Message(f"Group twist: {names[state.group_twist]}. MM Winner Twist requirement: {req}."),
        Message(f"The Retrieval Tiebreak (highest first): {', '.join(state.tiebreak)}"),
    ]


def twist_roles(state: State, player: str) -> list[str]:
    """The keys ``player`` answers in the twist turn."""
    roles = ["twist_vote"] if state.twist_vote else []
    if player in state.mm_winners:
        roles.append("mm_twist")
    if player == state.dm_winner:
        roles.append("dm_twist")
    return roles


def twist_awaiting(state: State) -> tuple[str, ...]:
    """Who answers the twist turn."""
    return tuple(p for p in state.players if twist_roles(state, p))


def validate_twist(state: State, player: str, move: Mapping[str, Any]) -> dict[str, Any]:
    """The normalised twist answer of ``player``, or a RuleError."""
    roles = twist_roles(state, player)
    for key in move:
        if key not in roles:
            raise RuleError(f'"{key}" is not yours to answer in the twist turn (yours: {", ".join(roles) or "none"})')
    out: dict[str, Any] = {}
    if "twist_vote" in roles:
        out["twist_vote"] = expect_int(move.get("twist_vote"), "the group twist vote", low=0, high=2)
    if "mm_twist" in roles:
        out["mm_twist"] = _requirement(move.get("mm_twist"), "the MM Winner Twist")
    if "dm_twist" in roles:
        value = move.get("dm_twist")
        out["dm_twist"] = None if value is None else _order(value, state.players, "the DM Winner Twist")
    return out


def default_twist(state: State, player: str) -> dict[str, Any]:
    """Ruling: a missing twist answer votes 0, requires nothing, and leaves the tiebreak to a random draw."""
    out: dict[str, Any] = {}
    for role in twist_roles(state, player):
        out[role] = 0 if role == "twist_vote" else None
    return out


def resolve_twist(state: State, moves: Mapping[str, dict[str, Any]], rng: Random) -> list[Message]:
    """Count the vote (ties to the highest Gamewide Tiebreak voter for a tied option), merge requirements."""
    msgs: list[Message] = []
    answers = {p: moves.get(p) or default_twist(state, p) for p in twist_awaiting(state)}
    if state.twist_vote:
        votes = {p: a["twist_vote"] for p, a in answers.items()}
        counts = {o: sum(1 for v in votes.values() if v == o) for o in (0, 1, 2)}
        top = max(counts.values())
        tied = [o for o, n in counts.items() if n == top]
        if len(tied) == 1:
            state.group_twist = tied[0]
        else:
            decider = next(p for p in state.gamewide if votes.get(p) in tied)
            state.group_twist = votes[decider]
        msgs.append(Message(f"The group twist vote is decided: option {state.group_twist}"))
    for p in state.mm_winners:
        for effect, copies in (answers.get(p, {}).get("mm_twist") or {}).items():
            # The same requirement from several winners is not added up: the largest stands.
            state.requirement[effect] = max(copies, state.requirement.get(effect, 0))
    if state.dm_winner is not None:
        order = answers.get(state.dm_winner, {}).get("dm_twist")
        if order is None:
            order = rng.sample(state.players, len(state.players))
            msgs.append(Message(f"{state.dm_winner} sent no Retrieval Tiebreak: it is drawn at random"))
        state.tiebreak = list(order)
    msgs.extend(begin_rounds(state))
    return msgs
