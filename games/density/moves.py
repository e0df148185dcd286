"""The Density Deck's moves: what is legal now, validation into normal form, and playing a turn."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.density.cards import parse_card
from games.density.match import end_match
from games.density.state import DensityState
from games.engine import Message, PlayerId, RuleError, expect_bool, expect_choice, expect_key, expect_mapping

DRAWN = "drawn"  # "discard": "drawn" names the card just drawn (unknown when drawing from the deck)


def may_fight(state: DensityState) -> bool:
    """A fight may start only after Round 1 is complete and the first Amplification card is flipped."""
    return state.phase == "play" and state.round >= 2 and state.revealed >= 1


def draw_sources(state: DensityState, player: PlayerId) -> list[str]:
    """Where ``player`` may draw: ``"deck"`` if it holds cards, and every other non-empty discard pile."""
    sources = ["deck"] if state.deck else []
    return sources + [p for p in state.order if p != player and state.discards.get(p)]


def validate_move(state: DensityState, player: PlayerId, move: Any) -> dict[str, Any]:
    """``move`` in normal form, or a RuleError naming the rule it breaks."""
    move = expect_mapping(move)
    if state.phase == "ec":
        if player != state.winner:
            raise RuleError(f"only {state.winner}, the winner, picks the EC now")
        return {"ec": expect_choice(expect_key(move, "ec"), state.ec_choices, "the EC")}
    current = state.current()
    if player != current:
        raise RuleError(f"it is not your turn: the turn awaits {current}" if current else "the season is over")
    if state.drawn is not None:
        return _validate_discard(state, player, move)
    action = expect_choice(expect_key(move, "action"), ["fight", "surrender", "draw"], "the action")
    if action == "fight":
        if not may_fight(state):
            raise RuleError(
                "a fight may start only after Round 1 is complete and the first Amplification card is flipped"
            )
        return {"action": "fight"}
    if action == "surrender":
        return {"action": "surrender"}
    sources = draw_sources(state, player)
    source = expect_key(move, "from")
    if not isinstance(source, str) or source not in sources:
        if source == player:
            raise RuleError("you draw from the deck or another player's discard pile, not your own")
        raise RuleError(f"you may draw from: {', '.join(sources) or 'nowhere (the deck and the piles are empty)'}")
    if "discard" not in move:
        if move.get("surrender", False) is not False:
            raise RuleError("surrender after drawing is chosen with the discard, in the second step of your turn")
        return {"action": "draw", "from": source}
    raw = expect_key(move, "discard")
    if isinstance(raw, str) and raw.strip().lower() == DRAWN:
        discard = DRAWN
    else:
        discard = parse_card(raw, "the discard")
        if discard not in state.hands[player]:
            if source != "deck" and discard == state.discards[source][-1]:
                discard = DRAWN
            else:
                raise RuleError(f'discard a card of your hand or "{DRAWN}" (the card you draw), not {discard}')
    surrender = expect_bool(move.get("surrender", False), "surrender")
    return {"action": "draw", "from": source, "discard": discard, "surrender": surrender}


def _validate_discard(state: DensityState, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]:
    """The discard step: one of the 4 cards now in hand (``"drawn"``: the card just drawn), and whether to surrender."""
    if move.get("action", "discard") != "discard" or "from" in move:
        raise RuleError(
            f"you have drawn {state.drawn}: now discard one of your 4 cards (fight and draw come before drawing)"
        )
    raw = expect_key(move, "discard")
    if isinstance(raw, str) and raw.strip().lower() == DRAWN:
        discard = state.drawn
    else:
        discard = parse_card(raw, "the discard")
        if discard not in state.hands[player]:
            raise RuleError(
                f"discard one of the 4 cards in your hand ({', '.join(state.hands[player])}), not {discard}"
            )
    surrender = expect_bool(move.get("surrender", False), "surrender")
    return {"action": "discard", "discard": discard, "surrender": surrender}


def play_move(state: DensityState, player: PlayerId, move: Mapping[str, Any], rng: Random) -> list[Message]:
    """Play ``player``'s normalised move on ``state`` (mutated) and move on to the next turn.

    A draw without a discard is the first step of a two-step turn: the player keeps the turn
    (4 cards in hand) and discards in the next step.
    """
    if move["action"] == "draw" and "discard" not in move:
        return _draw_only(state, player, move["from"])
    if move["action"] == "discard":
        msgs: list[Message] = _discard(state, player, move["discard"])
        return msgs + _after_draw(state, player, move, rng)
    if move["action"] == "fight":
        return [Message(f"{player} starts a fight.")] + end_match(state, f"{player} started a fight", rng)
    msgs = []
    if move["action"] == "draw":
        msgs += _draw(state, player, move)
    return msgs + _after_draw(state, player, move, rng)


def _after_draw(state: DensityState, player: PlayerId, move: Mapping[str, Any], rng: Random) -> list[Message]:
    """A surrender (before drawing, or chosen with the discard), then the next turn or the match's end."""
    msgs: list[Message] = []
    if move["action"] == "surrender" or move.get("surrender"):
        state.surrendered.append(player)
        msgs.append(Message(f"{player} surrenders."))
        if len(state.active()) <= 1:
            reason = f"every opponent of {state.active()[0]} surrendered"
            return msgs + end_match(state, reason, rng)
    return msgs + _next_turn(state, rng)


def _draw(state: DensityState, player: PlayerId, move: Mapping[str, Any]) -> list[Message]:
    """Draw from the deck or a pile, then discard to the player's own pile so they hold 3 again."""
    source = move["from"]
    pile = state.deck if source == "deck" else state.discards[source]
    drawn = pile.pop(0) if source == "deck" else pile.pop()
    hand = state.hands[player]
    if move["discard"] == DRAWN:
        discarded = drawn
    else:
        hand.remove(move["discard"])
        hand.append(drawn)
        discarded = move["discard"]
    state.discards[player].append(discarded)
    where = "the deck" if source == "deck" else f"{source}'s discard pile"
    shown = f" ({drawn})" if source != "deck" else ""
    return [
        Message(f"{player} draws from {where}{shown} and discards {discarded}."),
        Message(f"You drew {drawn} and discarded {discarded}. Your hand: {', '.join(hand)}.", to=player),
    ]


def _draw_only(state: DensityState, player: PlayerId, source: str) -> list[Message]:
    """The draw step: the card joins the hand (privately, from the deck); the player discards next."""
    pile = state.deck if source == "deck" else state.discards[source]
    drawn = pile.pop(0) if source == "deck" else pile.pop()
    state.hands[player].append(drawn)
    state.drawn, state.drawn_from = drawn, source
    where = "the deck" if source == "deck" else f"{source}'s discard pile ({drawn})"
    return [
        Message(f"{player} draws from {where} and will now discard."),
        Message(f"You drew {drawn}. Your hand: {', '.join(state.hands[player])}. Discard one of these 4.", to=player),
    ]


def _discard(state: DensityState, player: PlayerId, card: str) -> list[Message]:
    """The discard step: the card goes on the player's own pile (public); they hold 3 again."""
    hand = state.hands[player]
    hand.remove(card)
    state.discards[player].append(card)
    state.drawn = state.drawn_from = None
    return [
        Message(f"{player} discards {card}."),
        Message(f"You discarded {card}. Your hand: {', '.join(hand)}.", to=player),
    ]


def _next_turn(state: DensityState, rng: Random) -> list[Message]:
    """Pass the turn clockwise to the next player still in; a full rotation starts a new round."""
    msgs: list[Message] = []
    following = [i for i in range(state.turn_index + 1, len(state.order)) if state.order[i] not in state.surrendered]
    if following:
        state.turn_index = following[0]
    else:
        state.round += 1
        state.turn_index = next(i for i, p in enumerate(state.order) if p not in state.surrendered)
        msgs.append(Message(f"Round {state.round} begins."))
        if state.revealed < len(state.center):
            state.revealed += 1
            flipped = state.center[state.revealed - 1]
            msgs.append(Message(f"Center Amplification card {state.revealed} is flipped: {flipped}."))
    if not state.deck:
        msgs += _reshuffle(state, rng)
    return msgs


def _reshuffle(state: DensityState, rng: Random) -> list[Message]:
    """The deck ran out: every discard pile but its top card is shuffled into a new deck."""
    for p in state.order:
        pile = state.discards[p]
        state.deck.extend(pile[:-1])
        del pile[:-1]
    rng.shuffle(state.deck)
    size = len(state.deck)
    return [
        Message(
            f"The deck ran out: the discard piles but their top cards are shuffled into a new deck of {size}.",
            ruling="density-13",
        )
    ]
