"""Games between pairs of players over a choice field: a payoff matrix over pairs (drawn at random or
named by both partners, ABC-like), and a beats-relation every pair compares (rock-paper-scissors)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from random import Random
from typing import Any

from games.engine import PlayerId
from games.house.engine.errors import ParamError
from games.house.engine.mechanics.base import (
    Fields,
    Mechanic,
    Param,
    RoundInput,
    RoundResult,
    abstained_note,
    abstainers,
    field_decl,
    names,
    points_word,
    tiebreak_index,
    values,
)

_CHOICE_FIELD = Param("field", "field", "The move", "The choice field players play.", field_types=("choice",))


def _top(inp: RoundInput, points: Mapping[PlayerId, int]) -> tuple[PlayerId, ...]:
    """The players with the round's highest positive score change, in tiebreak order."""
    best = max(points.values(), default=0)
    if best <= 0:
        return ()
    return tuple(sorted((p for p, n in points.items() if n == best), key=tiebreak_index(inp)))


def _pairs(
    inp: RoundInput, played: Mapping[PlayerId, str], rng: Random
) -> tuple[list[tuple[PlayerId, PlayerId]], list[PlayerId]]:
    """The pairs and the players who played but sat out: random (shuffled with ``rng``, the last one
    sits out when odd) or mutual (two players who named each other)."""
    pool = [p for p in inp.players if p in played]
    if inp.params["pairing"] == "random":
        rng.shuffle(pool)
        pairs = [(pool[i], pool[i + 1]) for i in range(0, len(pool) - 1, 2)]
        return pairs, pool[len(pairs) * 2 :]
    partner = values(inp, inp.params["partner"])
    pairs = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1 :] if partner.get(a) == b and partner.get(b) == a]
    paired = {p for pair in pairs for p in pair}
    return pairs, [p for p in pool if p not in paired]


def _matrix_run(inp: RoundInput, rng: Random) -> RoundResult:
    played: dict[PlayerId, str] = values(inp, inp.params["field"])
    missing = abstainers(inp, played)
    matrix: Mapping[str, Mapping[str, list[int]]] = inp.params["matrix"]
    pairs, idle = _pairs(inp, played, rng)
    how = "drawn at random" if inp.params["pairing"] == "random" else "the players who named each other"
    points: dict[PlayerId, int] = {}
    private: dict[PlayerId, str] = {}
    shown = []
    for a, b in pairs:
        pa, pb = matrix[played[a]][played[b]]
        points[a], points[b] = pa, pb
        shown.append(f" {a} and {b}: {pa} each." if pa == pb else f" {a} and {b}: {a} {pa}, {b} {pb}.")
        private[a] = (
            f"You played {played[a]} against {b}'s {played[b]}: you {points_word(pa, plural=True)}, {b} {points_word(pb)}."
        )
        private[b] = (
            f"You played {played[b]} against {a}'s {played[a]}: you {points_word(pb, plural=True)}, {a} {points_word(pa)}."
        )
    if pairs:
        text = f"{inp.label}: the pairs were {how}." + "".join(shown)
    else:
        text = f"{inp.label}: no pair was formed, so nobody scores."
    if idle:
        why = "the odd one out" if inp.params["pairing"] == "random" else "no partner named them back"
        text += f" {names(idle)} sat out ({why})."
        for p in idle:
            private[p] = f"You played {played[p]} but sat out: {why}."
    text += abstained_note(missing, "choice")
    return RoundResult(text, private=private, points={p: n for p, n in points.items() if n}, winners=_top(inp, points))


def _matrix_check(params: Mapping[str, Any], fields: Fields) -> None:
    """Mutual pairing needs the player field that names each partner."""
    del fields
    if params["pairing"] == "mutual" and params["partner"] is None:
        raise ParamError("partner", "mutual pairing needs the player field where each player names a partner")


def _beats_run(inp: RoundInput, rng: Random) -> RoundResult:
    """Every pair of the round's players compares moves; a missing move loses to every played move."""
    del rng
    played: dict[PlayerId, str] = values(inp, inp.params["field"])
    missing = abstainers(inp, played)
    relation: Mapping[str, list[str]] = inp.params["relation"]
    award = int(inp.params["award"])
    beaten: dict[PlayerId, list[PlayerId]] = {p: [] for p in inp.players}
    for a, b in combinations(inp.players, 2):
        ca, cb = played.get(a), played.get(b)
        if ca is not None and (cb is None or cb in relation[ca]):
            beaten[a].append(b)
        elif cb is not None and (ca is None or ca in relation[cb]):
            beaten[b].append(a)
    points = {p: award * len(beaten[p]) for p in inp.players if award * len(beaten[p])}
    winners = _top(inp, {p: len(v) for p, v in beaten.items()})
    lost = {p: sum(p in v for v in beaten.values()) for p in inp.players}
    private = {
        p: f"You played {c}: you beat {len(beaten[p])} and lost to {lost[p]}."
        if len(inp.players) > 2
        else f"You played {c}."
        for p, c in played.items()
    }
    if len(inp.players) == 2:
        text = f"{inp.label}: {_duel(inp, played, winners)}"
        if winners and award:
            text += f" {winners[0]} {points_word(award)}."
        elif not winners:
            text += " Nobody scores."
        return RoundResult(text, private=private, points=points, winners=winners)
    counts = Counter(played.values())
    order = [c for c in field_decl(inp.fields, inp.params["field"]).get("choices", ()) if counts[c]]
    key = tiebreak_index(inp)
    ranked = sorted(inp.players, key=lambda p: (-len(beaten[p]), key(p)))
    text = f"{inp.label}: played {', '.join(f'{c} ×{counts[c]}' for c in order) or 'nothing'}."
    text += f" Opponents beaten: {', '.join(f'{p} {len(beaten[p])}' for p in ranked)}."
    if award and points:
        text += f" Each scores {award} per opponent beaten."
    if missing:
        text += f" {names(missing)} sent no move and lose{'s' if len(missing) == 1 else ''} to every move played."
    return RoundResult(text, private=private, points=points, winners=winners)


def _duel(inp: RoundInput, played: Mapping[PlayerId, str], winners: tuple[PlayerId, ...]) -> str:
    """Two players' bout in words: who played what and who beat whom."""
    a, b = inp.players
    ca, cb = played.get(a), played.get(b)
    if ca is None and cb is None:
        return "neither player sent a move: a draw."
    if ca is None or cb is None:
        mover = a if cb is None else b
        return f"{b if mover == a else a} sent no move, so {mover}'s {played[mover]} wins."
    if winners:
        w, loser = (a, b) if winners[0] == a else (b, a)
        return f"{w}'s {played[w]} beats {loser}'s {played[loser]}."
    if ca == cb:
        return f"{a} and {b} both played {ca}: a draw."
    return f"{a}'s {ca} and {b}'s {cb}: neither beats the other, a draw."


MECHANICS = (
    Mechanic(
        "payoff_matrix",
        "Payoff matrix over pairs",
        "Players are paired (at random, or partners who named each other) and each pair scores by a table of points for every two choices, as in ABC.",
        (
            _CHOICE_FIELD,
            Param(
                "pairing",
                "choice",
                "Pairs",
                "random: drawn among the players who chose (an odd one out sits out); mutual: two players who named each other.",
                default="random",
                choices=("random", "mutual"),
            ),
            Param(
                "partner",
                "field",
                "Partner",
                "For mutual pairs: the player field naming each player's partner.",
                field_types=("player",),
                optional=True,
            ),
            Param(
                "matrix",
                "matrix",
                "Points",
                "For my choice and theirs: [my points, their points].",
                low=-1000,
                high=1000,
            ),
        ),
        _matrix_run,
        _matrix_check,
        example_fields=({"name": "move", "type": "choice", "choices": ["Share", "Steal"]},),
        example_params={
            "field": "move",
            "matrix": {"Share": {"Share": [3, 3], "Steal": [0, 5]}, "Steal": {"Share": [5, 0], "Steal": [1, 1]}},
        },
    ),
    Mechanic(
        "beats",
        "Beats (rock-paper-scissors)",
        "Every two players compare their choices by what beats what; each scores the award per opponent beaten (with two players: the winner scores, a draw scores nobody).",
        (
            _CHOICE_FIELD,
            Param("relation", "relation", "What beats what", "For each choice, the choices it beats."),
            Param("award", "int", "Points per opponent beaten", default=1, low=-1000, high=1000),
        ),
        _beats_run,
        example_fields=({"name": "hand", "type": "choice", "choices": ["Rock", "Paper", "Scissors"]},),
        example_params={"field": "hand", "relation": {"Rock": ["Scissors"], "Paper": ["Rock"], "Scissors": ["Paper"]}},
    ),
)
