"""Exodia strategies for the playtest lab and the REST stand-in bot: pure functions over the player's view.

A move owes its discards first (the cards least useful for an Exodia), plays one or more cards
(avoiding last round's types, which ``restricted`` lists) and ranks the Retrieval by owner,
missing owners first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from random import Random
from typing import Any

View = Mapping[str, Any]


def _effect(card: str) -> str:
    return card.split("/", 1)[0]


def _owner(card: str) -> str:
    return card.split("/", 1)[1]


def _spare_first(you: Mapping[str, Any]) -> list[str]:
    """My cards, the most expendable first: those whose owner I hold most copies of."""
    counts = Counter(_owner(c) for c in you["hand"])
    return sorted(you["hand"], key=lambda c: (-counts[_owner(c)], c))


def _play(
    card: str, view: View, me: str, rng: Random, bomb_guess: str | None = None, busy: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """One play of ``card``; a Gift gives my most expendable card not in ``busy`` (played or discarded)."""
    effect = _effect(card)
    others = [p for p in view["public"]["players"] if p != me]
    you = view["you"]
    if effect == "steal" and you.get("steal_targets"):
        target_card = rng.choice(you["steal_targets"])
        holder = _owner(target_card) if _owner(target_card) != me else rng.choice(others)
        return {"card": card, "target": holder, "target_card": target_card}
    if effect == "force":
        return {"card": card, "target": rng.choice(others)}
    if effect == "gift":
        spare = [c for c in _spare_first(you) if c != card and c not in busy]
        if spare:
            return {"card": card, "target": rng.choice(others), "gift": spare[0]}
    if effect == "bomb":
        return {"card": card, "target": bomb_guess}
    return {"card": card, "target": None}


def _move(view: View, me: str, plays: list[dict[str, Any]], discard: list[str]) -> dict[str, Any]:
    missing = list(view["you"]["progress"]["owners_missing"])
    held = [p for p in view["public"]["players"] if p not in missing]
    return {"play": plays, "discard": discard, "ranking": {"by": "owner", "order": missing + held}}


def _round(view: View) -> bool:
    return view["public"].get("phase") == "round" and bool((view.get("you") or {}).get("hand"))


def hoard_owners(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Play the single most expendable card each round (a Meta when I can) and rank the Retrieval
    by the owners I still miss."""
    if not _round(view):
        return None
    you = view["you"]
    owed = int(you.get("owed", 0))
    order = _spare_first(you)
    discard, rest = order[:owed], order[owed:]
    restricted = set(you.get("restricted", []))
    if not rest:
        return _move(view, me, [], discard)
    usable = [c for c in rest if _effect(c) not in restricted or _effect(c) == "bomb"] or rest
    metas = [c for c in usable if _effect(c) == "meta"]
    bombs = [c for c in rest if _effect(c) == "bomb"]
    card = metas[0] if metas else usable[0]
    busy = frozenset(discard + bombs + [card])
    plays = [_play(card, view, me, rng, None, busy)]
    # Holding a Bomb and playing none is a Strike: play it too, guessing nobody.
    plays += [_play(b, view, me, rng, None) for b in bombs if b != card]
    return _move(view, me, plays, discard)


def bomb_happy(view: View, me: str, rng: Random) -> dict[str, Any] | None:
    """Play every Bomb held, each guessing a random player, plus one other card aimed at someone."""
    if not _round(view):
        return None
    you = view["you"]
    owed = int(you.get("owed", 0))
    order = _spare_first(you)
    discard, rest = order[:owed], order[owed:]
    others = [p for p in view["public"]["players"] if p != me]
    restricted = set(you.get("restricted", []))
    bombs = [c for c in rest if _effect(c) == "bomb"]
    plays = [_play(c, view, me, rng, rng.choice(others)) for c in bombs]
    aimed = [c for c in rest if _effect(c) in ("steal", "force", "gift") and _effect(c) not in restricted]
    pick = aimed[:1] or ([] if plays else rest[:1])
    busy = frozenset(discard + bombs + pick)
    plays += [_play(c, view, me, rng, None, busy) for c in pick]
    return _move(view, me, plays, discard)


STRATEGIES = {"hoard-owners": hoard_owners, "bomb-happy": bomb_happy}
# A match that ends on this ruling ran out of rounds: a degenerate ending for the report.
ROUND_CAP_RULINGS = ("exodia-20",)
