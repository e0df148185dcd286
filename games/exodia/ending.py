"""The end of the match: Exodia winners, the Elimination Candidate, Tokens of Life and garnets."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Outcome, ec_order
from games.exodia.cards import count_effect, has_exodia, owners_held
from games.exodia.state import EC, OVER, State


def metas_held(state: State, player: str) -> int:
    """Meta cards ``player`` holds now (the tiebreak "Meta cards possessed")."""
    return count_effect(state.hands[player], "meta")


def _ec_key(state: State, player: str) -> tuple[int, int, int]:
    return (-state.strikes[player], metas_held(state, player), -state.tiebreak.index(player))


def standard_ec(state: State, pool: Sequence[str]) -> str:
    """Most Strikes; then fewest Meta cards held; then lowest on the Retrieval Tiebreak."""
    return min(pool, key=lambda p: _ec_key(state, p))


def ec_candidates(state: State) -> tuple[str, ...]:
    """The whole order of Elimination Candidates (ruling 23): the EC (the winner's pick or the standard
    EC) first, then the other non-winners by the standard system (most Strikes, fewest Metas held,
    lowest on the Retrieval Tiebreak, which orders every player, so no tie is left)."""
    pool = [p for p in state.players if p not in state.winners]
    return ec_order(state.candidates[:1], pool, lambda p: _ec_key(state, p))


def check_end(state: State) -> bool:
    """If someone holds an Exodia, settle the winners and move to the EC choice or the end; True if it ended."""
    achievers = [p for p in state.players if has_exodia(state.hands[p], state.players, state.requirement)]
    if not achievers:
        return False
    top = max(metas_held(state, p) for p in achievers)
    tied = [p for p in achievers if metas_held(state, p) == top]
    if len(tied) > 3:
        tied = [min(tied, key=state.tiebreak.index)]
    state.winners = tied
    state.end_reason = "exodia"
    rest = [p for p in state.players if p not in tied]
    if len(tied) == 1:
        choices = [p for p in rest if metas_held(state, p) < top]
        if choices:
            state.ec_choices = choices
            state.phase = EC
            return True
    state.candidates = [standard_ec(state, rest)]
    state.phase = OVER
    return True


def end_at_cap(state: State) -> None:
    """Ruling: no Exodia by the round cap: nobody wins, the EC is picked by the standard system among all."""
    state.winners = []
    state.end_reason = "round cap"
    state.candidates = [standard_ec(state, state.players)]
    state.phase = OVER


def outcome(state: State) -> Outcome | None:
    """The match's Outcome once it is over."""
    if state.phase != OVER:
        return None
    each = 2 if len(state.winners) == 1 else 1
    return Outcome(
        winners=tuple(state.winners),
        candidates=ec_candidates(state),
        tokens={p: each for p in state.winners},
        garnets={p: state.metas_played[p] // 2 for p in state.players},
        scores={p: float(len(owners_held(state.hands[p]))) for p in state.players},
    )
