"""Validating a round's move (plays, owed discards, Retrieval ranking) and drawing random legal ones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.engine import RuleError, expect_list, expect_mapping
from games.exodia.cards import EFFECTS, deck_lookup, effect_of, owners_held, stealable
from games.exodia.state import State

MOVE_KEYS = frozenset({"play", "discard", "ranking", "no_submission"})
PLAY_KEYS = frozenset({"card", "target", "target_card", "gift"})


def card_name(value: Any, players: Sequence[str], what: str) -> str:
    """``value`` as a canonical card name ("gift/ann"), or a RuleError."""
    if not isinstance(value, str):
        raise RuleError(f'{what} must be a card named "<effect>/<initial owner>"')
    name = deck_lookup(tuple(players)).get(value.strip().lower())
    if name is None:
        raise RuleError(f'{what}: "{value}" is not a card of this match (cards are "<effect>/<initial owner>")')
    return name


def other_player(value: Any, state: State, player: str, what: str, *, nobody: bool) -> str | None:
    """A player other than ``player`` (or None when ``nobody`` is allowed), else a RuleError."""
    if value is None:
        if nobody:
            return None
        raise RuleError(f"{what} needs a target player")
    if not isinstance(value, str) or value not in state.players:
        raise RuleError(f'{what}: "{value}" is not a player in this match')
    if value == player:
        raise RuleError(f"{what} must target another player, not yourself")
    return value


def steal_targets(state: State, player: str) -> list[str]:
    """Cards a Steal of ``player`` may name: not a Steal or Bomb, not in their hand, not in the Discard Pile."""
    mine = set(state.hands[player]) | set(state.pile)
    return [c for c in stealable(tuple(state.players)) if c not in mine]


def playable(state: State, player: str, cards: Sequence[str]) -> list[str]:
    """The cards of ``cards`` that could be played at all (a Steal needs a card to name)."""
    can_steal = bool(steal_targets(state, player))
    return [c for c in cards if effect_of(c) != "steal" or can_steal]


def restricted_types(state: State, player: str) -> set[str]:
    """Effects ``player`` played last round; Bombs are exempt from the two-rounds-running rule."""
    return {e for e in state.last_types.get(player, []) if e != "bomb"}


def only_restricted(state: State, player: str, remaining: Sequence[str]) -> bool:
    """True when every playable card left is of a type played last round (so it cannot be avoided)."""
    banned = restricted_types(state, player)
    cards = playable(state, player, remaining)
    return bool(cards) and all(effect_of(c) in banned for c in cards)


def default_ranking(state: State, player: str) -> dict[str, Any]:
    """The ranking used when none is given: by initial owner, owners not yet held first, in seat order."""
    held = owners_held(state.hands[player])
    order = [p for p in state.players if p not in held] + [p for p in state.players if p in held]
    return {"by": "owner", "order": order}


def validate_ranking(state: State, player: str, value: Any) -> dict[str, Any]:
    """A Retrieval ranking by effect or by initial owner, completed with the unlisted values in canonical order."""
    if value is None:
        return default_ranking(state, player)
    raw = expect_mapping(value, "the ranking")
    by = raw.get("by")
    if by not in ("effect", "owner"):
        raise RuleError('the ranking must be "by" "effect" or "owner" (one of these, not both)')
    universe = list(EFFECTS) if by == "effect" else list(state.players)
    order: list[str] = []
    for item in expect_list(raw.get("order", []), "the ranking's order", max_len=7):
        name = item.strip().lower() if isinstance(item, str) and by == "effect" else item
        if name not in universe:
            kind = "an effect" if by == "effect" else "an initial owner (a player)"
            raise RuleError(f'the ranking by {by}: "{item}" is not {kind}')
        if name in order:
            raise RuleError(f'the ranking names "{name}" twice')
        order.append(name)
    return {"by": by, "order": order + [u for u in universe if u not in order]}


def validate_round(state: State, player: str, move: Mapping[str, Any]) -> dict[str, Any]:
    """The normalised round move of ``player``, or a RuleError naming the rule it breaks."""
    unknown = set(move) - MOVE_KEYS
    if unknown:
        raise RuleError(
            f'a round move has "play", "discard" and "ranking"; unknown: {", ".join(sorted(map(str, unknown)))}'
        )
    if move.get("no_submission") is True:
        return {"no_submission": True}
    hand = list(state.hands[player])
    owed = state.owed.get(player, 0)
    discard = [
        card_name(c, state.players, "a discard") for c in expect_list(move.get("discard", []), "discard", max_len=49)
    ]
    if owed >= len(hand):
        # Unable to discard as many as owed: everything goes and nothing can be played.
        if move.get("play"):
            raise RuleError("you must discard your whole hand this round and may play no card (Force)")
        return {"play": [], "discard": hand, "ranking": validate_ranking(state, player, move.get("ranking"))}
    if len(set(discard)) != len(discard):
        raise RuleError("you named the same discard twice")
    for c in discard:
        if c not in hand:
            raise RuleError(f"you cannot discard {c}: it is not in your hand")
    if len(discard) != owed:
        raise RuleError(f"you must discard exactly {owed} card(s) this round (Force / group twist), not {len(discard)}")
    remaining = [c for c in hand if c not in discard]
    plays = [validate_play(state, player, p, remaining) for p in expect_list(move.get("play", []), "play", max_len=49)]
    check_plays(state, player, plays, remaining)
    return {"play": plays, "discard": discard, "ranking": validate_ranking(state, player, move.get("ranking"))}


def validate_play(state: State, player: str, raw: Any, remaining: Sequence[str]) -> dict[str, Any]:
    """One normalised play: the card and, by effect, its target, target card or gifted card."""
    entry = expect_mapping(raw, "a play")
    extra = set(entry) - PLAY_KEYS
    if extra:
        raise RuleError(
            f'a play has "card", "target", "target_card" and "gift"; unknown: {", ".join(sorted(map(str, extra)))}'
        )
    name = card_name(entry.get("card"), state.players, "a played card")
    if name not in remaining:
        raise RuleError(f"you cannot play {name}: it is not in your hand (or you discard it)")
    effect = effect_of(name)
    what = f"{name}"
    if effect == "steal":
        target = other_player(entry.get("target"), state, player, what, nobody=False)
        stolen = card_name(entry.get("target_card"), state.players, f"{what}'s target card")
        if effect_of(stolen) == "steal":
            raise RuleError(f"{what}: you may not Steal a Steal")
        if effect_of(stolen) == "bomb":
            raise RuleError(f"{what}: you can't Steal a Bomb")
        if stolen in state.hands[player]:
            raise RuleError(f"{what}: you hold {stolen} yourself")
        if stolen in state.pile:
            raise RuleError(f"{what}: {stolen} is in the Discard Pile")
        return {"card": name, "target": target, "target_card": stolen}
    if effect == "force":
        return {"card": name, "target": other_player(entry.get("target"), state, player, what, nobody=False)}
    if effect == "gift":
        target = other_player(entry.get("target"), state, player, what, nobody=True)
        raw_gift = entry.get("gift")
        if (target is None) != (raw_gift is None):
            raise RuleError(f"{what}: a Gift names both the player who receives it and the card you give, or neither")
        if raw_gift is None:
            return {"card": name, "target": None, "gift": None}
        gift = card_name(raw_gift, state.players, f"{what}'s gifted card")
        if gift == name or gift not in remaining:
            raise RuleError(f"{what}: the gifted card must be another card you hold (and do not discard)")
        return {"card": name, "target": target, "gift": gift}
    if effect == "bomb":
        return {"card": name, "target": other_player(entry.get("target"), state, player, what, nobody=True)}
    if entry.get("target") is not None or entry.get("target_card") is not None or entry.get("gift") is not None:
        raise RuleError(f"{what}: {effect.capitalize()} takes no target")
    return {"card": name, "target": None}


def check_plays(state: State, player: str, plays: Sequence[Mapping[str, Any]], remaining: Sequence[str]) -> None:
    """The rules across a round's plays: each card once, gifts not played, at least one, no type twice running."""
    played = [p["card"] for p in plays]
    if len(set(played)) != len(played):
        raise RuleError("you played the same card twice")
    gifts = [p["gift"] for p in plays if p.get("gift")]
    if len(set(gifts)) != len(gifts):
        raise RuleError("you gave the same card in two Gifts")
    for g in gifts:
        if g in played:
            raise RuleError(f"{g} cannot be both played and given as a Gift")
    steals = [(p["target"], p["target_card"]) for p in plays if "target_card" in p]
    if len(set(steals)) != len(steals):
        raise RuleError("you played two Steals on the same card")
    able = playable(state, player, remaining)
    if able and not plays:
        raise RuleError("you must play at least one card per round, as you are able to")
    banned = restricted_types(state, player)
    repeats = sorted({effect_of(c) for c in played} & banned)
    if not repeats:
        return
    if not only_restricted(state, player, remaining):
        raise RuleError(
            f"you may not play {', '.join(repeats)} two rounds running while you can avoid it (you hold another card)"
        )
    if len(plays) > 1:
        raise RuleError("you played only types you played last round: you may play just the one card you must play")


def random_move(state: State, player: str, rng: Random) -> dict[str, Any]:
    """A random legal round move for ``player`` (the bots' and the contract test's hook)."""
    hand = sorted(state.hands[player])
    owed = state.owed.get(player, 0)
    ranking_by = rng.choice(["effect", "owner"])
    universe = list(EFFECTS) if ranking_by == "effect" else list(state.players)
    rng.shuffle(universe)
    ranking = {"by": ranking_by, "order": universe}
    if owed >= len(hand):
        return {"play": [], "discard": hand, "ranking": ranking}
    discard = sorted(rng.sample(hand, owed))
    remaining = [c for c in hand if c not in discard]
    able = playable(state, player, remaining)
    banned = restricted_types(state, player)
    free = [c for c in able if effect_of(c) not in banned]
    if free:
        chosen = rng.sample(free, rng.randint(1, min(3, len(free))))
    else:
        chosen = [rng.choice(able)] if able else []
    others = [p for p in state.players if p != player]
    targets = steal_targets(state, player)
    plays: list[dict[str, Any]] = []
    spare = [c for c in remaining if c not in chosen]
    for c in chosen:
        e = effect_of(c)
        if e == "steal":
            plays.append({"card": c, "target": rng.choice(others), "target_card": rng.choice(targets)})
        elif e == "force":
            plays.append({"card": c, "target": rng.choice(others)})
        elif e == "gift":
            if spare and rng.random() < 0.6:
                gift = spare.pop(rng.randrange(len(spare)))
                plays.append({"card": c, "target": rng.choice(others), "gift": gift})
            else:
                plays.append({"card": c, "target": None, "gift": None})
        elif e == "bomb":
            plays.append({"card": c, "target": rng.choice([None, *others])})
        else:
            plays.append({"card": c, "target": None})
    # Two Steals may not name the same card: redraw duplicates as a Bomb-free fallback (drop them).
    seen: set[tuple[str | None, str | None]] = set()
    unique = []
    for p in plays:
        key = (p.get("target"), p.get("target_card"))
        if "target_card" in p and key in seen:
            continue
        seen.add(key)
        unique.append(p)
    return {"play": unique, "discard": discard, "ranking": ranking}
