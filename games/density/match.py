"""Ending a Density Deck match: scores, damage, running out of lives, the next deal."""

from __future__ import annotations

from random import Random

from games.density.cards import card_json
from games.density.scoring import Score, scorer
from games.density.state import DensityState, deal
from games.engine import Message, PlayerId, ec_order


def round_damage(round_no: int, surrendered: bool) -> int:
    """Damage to a loser: Round 2: 2, Round 3: 3, Round 4 and above: 4; surrender 1 less, never below 1.

    Round 1 has no table (a match can end then only by surrenders): a surrendered player takes 1.
    """
    if round_no <= 1:
        return 1
    base = min(round_no, 4)
    return max(1, base - 1) if surrendered else base


def hand_score(state: DensityState, player: PlayerId) -> Score:
    """``player``'s score now: their hand, the revealed Amplification cards, the others' top discards."""
    tops = {p: pile[-1] for p, pile in state.discards.items() if p != player and pile}
    return scorer(state.options["scoring"])(state.hands[player], state.center[: state.revealed], tops)


def end_match(state: DensityState, reason: str, rng: Random) -> list[Message]:
    """Score every hand, deal the damage, then start the next match or end the season (mutates ``state``)."""
    scores = {p: hand_score(state, p) for p in state.order}
    active = state.active()
    damage: dict[PlayerId, int] = {}
    top = max(scores[p].points for p in active)
    winners = [p for p in active if scores[p].points == top]
    for p in state.order:
        if p in state.surrendered:
            damage[p] = round_damage(state.round, True)
        else:
            damage[p] = 0 if p in winners else round_damage(state.round, False)
    before = dict(state.lives)
    for p, hurt in damage.items():
        state.lives[p] -= hurt
    state.last_match = {
        "match": state.match,
        "round": state.round,
        "reason": reason,
        "dealer": state.dealer,
        "amplification": [card_json(c) for c in state.center[: state.revealed]],
        "winners": winners,
        "results": [
            {
                "player": p,
                "hand": [card_json(c) for c in state.hands[p]],
                "points": scores[p].points,
                "base": scores[p].base,
                "lines": list(scores[p].lines),
                "surrendered": p in state.surrendered,
                "winner": p in winners,
                "damage": damage[p],
                "lives": state.lives[p],
            }
            for p in state.order
        ],
    }
    msgs = [Message(f"Match {state.match} ends in Round {state.round}: {reason}.")]
    for p in state.order:
        shown = ", ".join(state.hands[p])
        text = f"{p}: {shown}; score {scores[p].points}; takes {damage[p]} damage, {state.lives[p]} lives left."
        msgs.append(Message(text))
    if len(winners) > 1:
        msgs.append(Message(f"{' and '.join(winners)} tie for the top score and take no damage."))
    newly_out = [p for p in state.order if before[p] > 0 >= state.lives[p]]
    if newly_out:
        state.out.append(newly_out)
        msgs.append(Message(f"Out of lives: {', '.join(newly_out)}."))
        if state.ec is None and not state.ec_choices:
            lowest = min(state.lives[p] for p in newly_out)
            tied = [p for p in newly_out if state.lives[p] == lowest]
            if len(tied) == 1:
                state.ec = tied[0]
                if len(newly_out) > 1:
                    msgs.append(Message("", ruling="density-14"))  # lives below 0 broke the tie (silent)
            else:
                state.ec_choices = tied
    alive = state.alive()
    if len(alive) <= 1:
        return msgs + _end_season(state, alive)
    seat = state.players.index(state.dealer)
    state.dealer = next(p for p in state.players[seat + 1 :] + state.players[: seat + 1] if state.lives[p] > 0)
    state.match += 1
    return msgs + deal(state, rng)


def ec_candidates(state: DensityState) -> tuple[PlayerId, ...]:
    """The whole order of Elimination Candidates by the game's own rule (ruling 22): the EC first,
    then the other non-winners by the match they ran out of lives in (earliest first), then the
    lowest life total, then the season's gamewide order."""
    if state.winner is None:
        return ()
    when = {p: i for i, group in enumerate(state.out) for p in group}
    pool = [p for p in state.players if p != state.winner]
    first = (state.ec,) if state.ec else ()
    tiebreak = state.options.get("gamewide_order") or []
    return ec_order(first, pool, lambda p: (when.get(p, len(state.out)), state.lives[p]), tiebreak)


def _end_season(state: DensityState, alive: list[PlayerId]) -> list[Message]:
    """The last player with lives wins; if several ran out first at the same life total, the winner picks the EC."""
    # Someone always takes no damage in a match (the top score or the last player in), so one is alive.
    state.winner = alive[0] if alive else max(state.players, key=lambda p: state.lives[p])
    msgs = [Message(f"{state.winner} is the last player with lives and wins 2 Tokens of Life.")]
    if state.ec_choices:
        state.phase = "ec"
        names = " and ".join(state.ec_choices)
        msgs.append(
            Message(
                f"{names} ran out of lives first, at the same total: {state.winner} picks the EC.", ruling="density-15"
            )
        )
    else:
        state.phase = "over"
        msgs.append(Message(f"{state.ec} ran out of lives first and is the Elimination Candidate."))
    return msgs
