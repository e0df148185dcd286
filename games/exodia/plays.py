"""Resolving one round: owed discards, missed submissions, the played cards' effects, Bomb Strikes.

Works on a state that is already a private copy (the engine copies before calling).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any

from games.exodia.cards import TARGETING, effect_of
from games.exodia.moves import default_ranking
from games.exodia.state import State


@dataclass
class RoundWork:
    """What a round's resolution collects on the way: hands as sets, the public lines, the private notes."""

    hands: dict[str, set[str]]
    lines: list[str] = field(default_factory=list)
    private: list[tuple[str, str]] = field(default_factory=list)
    plays: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    rankings: dict[str, dict[str, Any]] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)  # what this round's Retrieval may take
    priority: set[str] = field(default_factory=set)
    forces: dict[str, int] = field(default_factory=dict)

    def note(self, player: str, text: str) -> None:
        """A private note for ``player`` (their log and a private message)."""
        self.private.append((player, text))


def describe(player: str, play: Mapping[str, Any]) -> str:
    """A play as the host announces it."""
    c, e = play["card"], effect_of(play["card"])
    if e == "steal":
        return f"{player} plays {c} on {play['target']}, naming {play['target_card']}"
    if e == "force":
        return f"{player} plays {c} on {play['target']}"
    if e == "gift":
        if play.get("target") is None:
            return f"{player} plays {c} with no Gift"
        return f"{player} plays {c}, giving {play['gift']} to {play['target']}"
    if e == "bomb":
        guess = play.get("target")
        return (
            f"{player} plays {c}, guessing {guess} will target them"
            if guess
            else f"{player} plays {c}, guessing nobody will target them"
        )
    return f"{player} plays {c}"


def start_of_round(state: State, moves: Mapping[str, dict[str, Any]], rng: Random, work: RoundWork) -> None:
    """Owed discards and the no-submission penalty; fixes the Retrieval pool (cards not played this round)."""
    late: list[str] = []  # cards that enter the pile alongside this round's plays
    for p in state.players:
        move = moves.get(p) or {"no_submission": True}
        owed = state.owed.get(p, 0)
        hand = work.hands[p]
        if move.get("no_submission"):
            state.strikes[p] += 1
            forced = sorted(hand) if owed >= len(hand) else sorted(rng.sample(sorted(hand), owed))
            if forced:
                hand.difference_update(forced)
                state.pile.extend(forced)
                work.lines.append(f"{p} did not submit: owed discard(s) drawn at random: {', '.join(forced)}")
            penalty = sorted(c for c in hand if effect_of(c) != "bomb")
            if penalty:
                lost = rng.choice(penalty)
                hand.discard(lost)
                late.append(lost)
                work.lines.append(f"{p} did not submit: a Strike, and {lost} is moved to the Discard Pile")
            else:
                work.lines.append(f"{p} did not submit: a Strike (no card other than a Bomb to move)")
            work.plays[p] = []
            work.rankings[p] = default_ranking(state, p)
            continue
        if move["discard"]:
            hand.difference_update(move["discard"])
            state.pile.extend(move["discard"])
            work.lines.append(f"{p} discards {', '.join(move['discard'])}")
        work.plays[p] = list(move["play"])
        work.rankings[p] = dict(move["ranking"])
    work.pool = list(state.pile)
    state.pile.extend(late)


def resolve_plays(state: State, work: RoundWork) -> None:
    """Every played card's effect, in the order the rules need: Immune, Steal, the others, Gift, Bomb."""
    held_bomb = {p: any(effect_of(c) == "bomb" for c in work.hands[p]) for p in state.players}
    for p in state.players:
        for play in work.plays[p]:
            work.hands[p].discard(play["card"])
            if play.get("gift"):
                work.hands[p].discard(play["gift"])
            work.lines.append(describe(p, play))
    immune = {p for p in state.players if any(effect_of(x["card"]) == "immune" for x in work.plays[p])}
    # Any Steal, Force or Gift naming a player targets them (for Bomb), whatever becomes of it.
    targeted_by: dict[str, set[str]] = {p: set() for p in state.players}
    steals_on_card: dict[tuple[str, str], set[str]] = {}
    steals_on_player: dict[str, set[str]] = {p: set() for p in state.players}
    for p in state.players:
        for x in work.plays[p]:
            e, t = effect_of(x["card"]), x.get("target")
            if e in TARGETING and t is not None:
                targeted_by[t].add(p)
            if e == "steal" and t is not None:
                if t in immune:
                    work.lines.append(f"{t} is Immune: {p}'s {x['card']} is discarded without effect")
                    continue
                steals_on_player[t].add(p)
                steals_on_card.setdefault((t, x["target_card"]), set()).add(p)
    gifts_to: dict[str, list[tuple[str, str]]] = {}
    for p in state.players:
        for x in work.plays[p]:
            c, e, t = x["card"], effect_of(x["card"]), x.get("target")
            stealers = steals_on_card.get((p, c), set()) if e not in ("steal", "bomb") else set()
            if len(stealers) == 1:
                (s,) = stealers
                work.hands[s].add(c)
                work.lines.append(f"{s} Steals {c} from {p}: its effect does not trigger")
                work.note(p, f"Round {state.round}: {s} stole your {c}")
                work.note(s, f"Round {state.round}: you stole {c} from {p}")
                if e == "gift" and x.get("gift"):
                    work.hands[p].add(x["gift"])  # the Gift never happened: the card stays
                continue
            if len(stealers) > 1:
                state.pile.append(c)
                work.lines.append(f"{', '.join(sorted(stealers))} all Steal {c} from {p}: it is discarded")
                if e == "gift" and x.get("gift"):
                    work.hands[p].add(x["gift"])
                continue
            if e == "bomb":
                continue  # resolved below, once every target is known
            state.pile.append(c)
            if e == "priority":
                work.priority.add(p)
            elif e == "meta":
                state.metas_played[p] += 1
            elif e == "force" and t is not None:
                if t in immune:
                    work.lines.append(f"{t} is Immune: {p}'s {c} is discarded without effect")
                else:
                    work.forces[t] = work.forces.get(t, 0) + 1
            elif e == "gift" and t is not None:
                if t in immune:
                    work.hands[p].add(x["gift"])
                    work.lines.append(f"{t} is Immune: {p}'s {c} is discarded without effect; {x['gift']} stays")
                else:
                    gifts_to.setdefault(t, []).append((p, x["gift"]))
    resolve_gifts(state, work, gifts_to, steals_on_player)
    resolve_bombs(state, work, targeted_by, held_bomb)


def resolve_gifts(
    state: State,
    work: RoundWork,
    gifts_to: Mapping[str, list[tuple[str, str]]],
    steals_on_player: Mapping[str, set[str]],
) -> None:
    """Gifts: several givers to one player all discard; a Steal on giver or receiver captures the gifted card."""
    for t, gifts in gifts_to.items():
        givers = {g for g, _ in gifts}
        if len(givers) > 1:
            for _giver, gift in gifts:
                state.pile.append(gift)
            work.lines.append(f"{', '.join(sorted(givers))} all Gift {t}: every gifted card is discarded")
            continue
        for g, gift in gifts:
            # Ruling 9: the giver's and the receiver's own Steals capture nothing.
            stealers = (steals_on_player[g] | steals_on_player[t]) - {g, t}
            if len(stealers) == 1:
                (s,) = stealers
                work.hands[s].add(gift)
                work.lines.append(f"{s} used Steal on {g} or {t}: {s} takes the gifted {gift}")
                work.note(s, f"Round {state.round}: you captured the gifted {gift}")
            elif stealers:
                state.pile.append(gift)
                work.lines.append(
                    f"{', '.join(sorted(stealers))} used Steal on {g} or {t}: the gifted {gift} is discarded"
                )
            else:
                work.hands[t].add(gift)
                work.lines.append(f"{t} receives {gift} from {g}")
                work.note(t, f"Round {state.round}: you received {gift} from {g}")


def resolve_bombs(
    state: State, work: RoundWork, targeted_by: Mapping[str, set[str]], held_bomb: Mapping[str, bool]
) -> None:
    """Each Bomb's guess, and a Strike for holding a Bomb and playing none."""
    for p in state.players:
        bombs = [x for x in work.plays[p] if effect_of(x["card"]) == "bomb"]
        for x in bombs:
            c, guess = x["card"], x.get("target")
            if guess is not None and guess in targeted_by[p]:
                work.hands[guess].add(c)
                work.lines.append(f"{p} guessed right: {guess} targeted them and receives {c}")
                work.note(guess, f"Round {state.round}: you received {c} from {p}'s guess")
            elif guess is not None:
                state.strikes[p] += 1
                work.hands[p].add(c)
                work.lines.append(f"{p} guessed wrong ({guess} did not target them): a Strike, and {p} keeps {c}")
            elif targeted_by[p]:
                state.strikes[p] += 1
                work.hands[p].add(c)
                work.lines.append(f"{p} was targeted after guessing nobody: a Strike, and {p} keeps {c}")
            else:
                state.strikes[p] -= 1
                state.pile.append(c)
                work.lines.append(f"nobody targeted {p}: {p} loses a Strike and {c} is discarded")
        if held_bomb[p] and not bombs:
            state.strikes[p] += 1
            work.lines.append(f"{p} held a Bomb and played none: a Strike")
