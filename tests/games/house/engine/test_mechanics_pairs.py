"""payoff_matrix (pairs drawn at random or named by both) and beats (rock-paper-scissors-like)."""

from __future__ import annotations

from random import Random

import pytest

from games.house.engine.errors import DefinitionError
from tests.games.house.engine.helpers_mechanics import choice, player, run

AB = [choice(choices=("A", "B"))]
# A prisoner's dilemma: A cooperates, B defects.
MATRIX = {"A": {"A": [2, 2], "B": [0, 3]}, "B": {"A": [3, 0], "B": [1, 1]}}
RPS = [choice("hand", ("Rock", "Paper", "Scissors"))]
RELATION = {"Rock": ["Scissors"], "Paper": ["Rock"], "Scissors": ["Paper"]}


def test_random_pairs_score_by_the_matrix_and_the_odd_one_out_sits_out() -> None:
    """ann A, bob B, cat A, dan (no choice): the pool is the players who chose, ann, bob, cat, shuffled
    with the round's rng; the first two pair and the third sits out. A vs B gives 0 and 3; A vs A 2 each."""
    moves = {"ann": {"pick": "A"}, "bob": {"pick": "B"}, "cat": {"pick": "A"}, "dan": {}}
    pool = ["ann", "bob", "cat"]
    Random(5).shuffle(pool)
    a, b, idle = pool
    r = run("payoff_matrix", AB, moves, {"matrix": MATRIX}, seed=5)
    expected = MATRIX[moves[a]["pick"]][moves[b]["pick"]]
    assert r.points == {p: n for p, n in ((a, expected[0]), (b, expected[1])) if n}
    assert f"{idle} sat out (the odd one out)." in r.announcement
    assert r.announcement.startswith("Round 1: the pairs were drawn at random.")
    assert r.announcement.endswith("dan sent no choice.")
    assert r.private[idle].endswith("sat out: the odd one out.")


def test_random_pairing_is_the_same_for_the_same_seed() -> None:
    """The draw comes from rng only: the same seed gives the same pairs."""
    moves = {p: {"pick": "AB"[i % 2]} for i, p in enumerate(("ann", "bob", "cat", "dan", "eve", "fay"))}
    first = run("payoff_matrix", AB, moves, {"matrix": MATRIX}, seed=11)
    again = run("payoff_matrix", AB, moves, {"matrix": MATRIX}, seed=11)
    assert first == again


def test_mutual_pairs_only_pair_players_who_named_each_other() -> None:
    """ann↔bob named each other (A vs B: ann 0, bob 3); cat named ann, who did not name cat back: cat
    sits out. bob, with 3, is the round's winner."""
    r = run(
        "payoff_matrix",
        [*AB, player("partner")],
        {
            "ann": {"pick": "A", "partner": "bob"},
            "bob": {"pick": "B", "partner": "ann"},
            "cat": {"pick": "A", "partner": "ann"},
        },
        {"matrix": MATRIX, "pairing": "mutual", "partner": "partner"},
    )
    assert r.points == {"bob": 3}
    assert r.winners == ("bob",)
    assert r.announcement == (
        "Round 1: the pairs were the players who named each other. ann and bob: ann 0, bob 3. "
        "cat sat out (no partner named them back)."
    )
    assert r.private["ann"] == "You played A against bob's B: you score 0, bob scores 3."


def test_mutual_pairing_needs_a_partner_field() -> None:
    """pairing mutual without a partner field is refused, naming partner."""
    with pytest.raises(DefinitionError, match="^partner: mutual pairing needs"):
        run("payoff_matrix", AB, {"ann": {}}, {"matrix": MATRIX, "pairing": "mutual"})


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        (None, "^matrix: required"),
        ({"A": {"A": [2, 2], "B": [0, 3]}}, "^matrix: the points for B are missing"),
        ({"A": {"A": [2, 2], "B": [0, 3]}, "B": {"A": [3, 0]}}, r"^matrix: B vs B: must be two whole numbers"),
        (
            {"A": {"A": [2, 2], "B": [0, 3]}, "B": {"A": [3, 0], "B": [1, 1]}, "C": {}},
            "^matrix: 'C' is not one of the choices",
        ),
        (
            {"A": {"A": [2, 2], "B": [0, 4]}, "B": {"A": [3, 0], "B": [1, 1]}},
            "^matrix: A vs B gives the other player 4, but B vs A gives them 3",
        ),
        (
            {"A": {"A": [2, 2], "B": [0, 3]}, "B": {"A": [3, 0], "B": [1, 1.5]}},
            "^matrix: B vs B: must be two whole numbers",
        ),
    ],
)
def test_matrix_must_cover_every_pair_of_choices(matrix: object, message: str) -> None:
    """Every (mine, theirs) pair of choices has two whole numbers, and both sides of a pair agree."""
    with pytest.raises(DefinitionError, match=message):
        run("payoff_matrix", AB, {"ann": {}}, {"matrix": matrix})


def test_rock_beats_scissors_in_a_duel() -> None:
    """Two players: ann's Rock beats bob's Scissors; the round's winner (ann) scores 1."""
    r = run("beats", RPS, {"ann": {"hand": "Rock"}, "bob": {"hand": "Scissors"}}, {"relation": RELATION})
    assert r.announcement == "Round 1: ann's Rock beats bob's Scissors. ann scores 1."
    assert r.points == {"ann": 1}
    assert r.winners == ("ann",)


def test_a_duel_draw_scores_nobody() -> None:
    """Both play Rock: a draw, nobody scores."""
    r = run("beats", RPS, {"ann": {"hand": "Rock"}, "bob": {"hand": "Rock"}}, {"relation": RELATION})
    assert r.announcement == "Round 1: ann and bob both played Rock: a draw. Nobody scores."
    assert r.points == {} and r.winners == ()


def test_a_missing_move_loses_to_any_move() -> None:
    """ann sends nothing, bob plays Rock: bob wins."""
    r = run("beats", RPS, {"ann": {}, "bob": {"hand": "Rock"}}, {"relation": RELATION})
    assert r.announcement == "Round 1: ann sent no move, so bob's Rock wins. bob scores 1."
    assert r.winners == ("bob",)


def test_every_pair_compares_in_a_group() -> None:
    """ann Rock, bob Paper, cat Scissors, dan Rock, eve nothing. ann beats cat and eve (2); bob beats
    ann, dan, eve (3); cat beats bob and eve (2); dan beats cat and eve (2); eve 0. bob wins."""
    r = run(
        "beats",
        RPS,
        {
            "ann": {"hand": "Rock"},
            "bob": {"hand": "Paper"},
            "cat": {"hand": "Scissors"},
            "dan": {"hand": "Rock"},
            "eve": {},
        },
        {"relation": RELATION, "award": 2},
    )
    assert r.points == {"ann": 4, "bob": 6, "cat": 4, "dan": 4}
    assert r.winners == ("bob",)
    assert r.announcement == (
        "Round 1: played Rock ×2, Paper ×1, Scissors ×1. Opponents beaten: bob 3, ann 2, cat 2, dan 2, eve 0. "
        "Each scores 2 per opponent beaten. eve sent no move and loses to every move played."
    )
    assert r.private["cat"] == "You played Scissors: you beat 2 and lost to 2."


@pytest.mark.parametrize(
    ("relation", "message"),
    [
        ({"Rock": ["Rock"]}, "^relation: Rock cannot beat itself"),
        ({"Rock": ["Paper"], "Paper": ["Rock"]}, "^relation: Rock and Paper cannot beat each other"),
        ({"Stone": ["Paper"]}, "^relation: 'Stone' is not one of the choices"),
        ({"Rock": ["Lizard"]}, "^relation: Rock beats 'Lizard', which is not one of the choices"),
        ({"Rock": "Scissors"}, "^relation: Rock: must be a list of choices"),
        ({"Rock": [["Scissors"]]}, "^relation: Rock beats \\[\\'Scissors\\'\\], which is not one of the choices"),
    ],
)
def test_relation_must_be_irreflexive_and_one_way(relation: object, message: str) -> None:
    """No choice beats itself and no two choices beat each other; every name is one of the choices."""
    with pytest.raises(DefinitionError, match=message):
        run("beats", RPS, {"ann": {}}, {"relation": relation})


def test_relation_fills_choices_that_beat_nothing() -> None:
    """A choice left out of the relation beats nothing."""
    from games.house.engine.mechanics import mechanic_params_clean

    clean = mechanic_params_clean("beats", {"relation": {"Paper": ["Rock"]}}, RPS)
    assert clean["relation"] == {"Rock": [], "Paper": ["Rock"], "Scissors": []}
