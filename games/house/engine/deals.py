"""Deals that are not a plain shuffle (FORMAT.md "Deals"): a pile dealt with ``distinct: true`` gives each hand
cards of different labels (four different colours from a pool), and a pile with ``own: true`` starts each
player with every card marked as theirs (a deck card with ``owner: each``: one copy per player, marked with
that player). ``items.setup`` and ``items.deal_round`` deal through :func:`deal_pile`.

Pure: no Django, no clock; the randomness is the deck's own shuffle (``items.setup``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import PlayerId

State = dict[str, Any]


def deal_pile(state: State, pile: Mapping[str, Any], players: Sequence[PlayerId], count: int) -> None:
    """``count`` cards of ``pile``'s deck to each of ``players`` in turn (fewer if the deck runs out); with
    ``distinct``, no hand gets two cards of one label (RULES.md house-70)."""
    deck: list[int] = state["deck"][pile["deck"]]
    hands: dict[PlayerId, list[int]] = state["piles"][pile["name"]]
    if not pile.get("distinct"):
        for q in players:
            for _ in range(min(count, len(deck))):
                hands[q].append(deck.pop(0))
        return
    for i, q in enumerate(players):
        rest = len(players) - i - 1
        for _ in range(count):
            card = _next_distinct(state, deck, hands[q], count, rest)
            if card is None:
                break  # no card of a new label is left: the hand stays short (house-70)
            deck.remove(card)
            hands[q].append(card)


def _next_distinct(state: State, deck: Sequence[int], hand: Sequence[int], count: int, rest: int) -> int | None:
    """The first card from the top of ``deck`` whose label is not yet in ``hand`` and after which the hand and
    the ``rest`` players still to be dealt can each be completed with ``count`` different labels; if no card
    keeps that possible, the first card of a new label."""
    cards = state["cards"]
    mine = {cards[i]["label"] for i in hand}
    left = Counter(cards[i]["label"] for i in deck)
    fresh = [i for i in deck if cards[i]["label"] not in mine]
    for i in fresh:
        label = cards[i]["label"]
        after = left.copy()
        after[label] -= 1
        if _completes(after, mine | {label}, count - len(hand) - 1, rest, count):
            return i
    return fresh[0] if fresh else None


def _completes(left: Counter[str], mine: set[str], need: int, rest: int, count: int) -> bool:
    """Whether ``need`` more different labels (none in ``mine``) can go to this hand and then ``count`` different
    labels to each of ``rest`` players from the cards ``left``. The hand takes the labels with most cards left
    (that leaves the most for the rest); the rest can be dealt exactly when, for every s from 1 to ``rest``,
    the labels give at least ``count * s`` cards counting at most s of each (a cut of the deal's flow)."""
    if need > 0:
        open_labels = sorted((lb for lb in left if lb not in mine and left[lb] > 0), key=lambda lb: -left[lb])
        if len(open_labels) < need:
            return False
        left = left.copy()
        for label in open_labels[:need]:
            left[label] -= 1
    counts = [n for n in left.values() if n > 0]
    return all(sum(min(n, s) for n in counts) >= count * s for s in range(1, rest + 1))


def deal_own(state: State, pile: Mapping[str, Any], players: Sequence[PlayerId]) -> None:
    """``own: true``: each player's pile starts with every card of the deck marked as theirs, in deck order
    (house-79); the rest of the deck is dealt as usual."""
    deck: list[int] = state["deck"][pile["deck"]]
    for q in players:
        theirs = [i for i in deck if state["cards"][i].get("owner") == q]
        for i in theirs:
            deck.remove(i)
        state["piles"][pile["name"]][q].extend(sorted(theirs))


def owned_copies(card: Mapping[str, Any], players: Sequence[PlayerId]) -> list[PlayerId | None]:
    """The owner marked on each copy of a deck card: ``owner: each`` is one copy per player, marked as theirs;
    otherwise ``copies`` unmarked copies are made by the caller (an empty list here)."""
    return list(players) if card.get("owner") == "each" else []
