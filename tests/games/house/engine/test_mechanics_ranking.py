"""ranking_sum: places summed over every ranking; lowest total wins, or every place scores."""

from __future__ import annotations

from tests.games.house.engine.helpers_mechanics import order, run


def test_lowest_total_of_places_wins() -> None:
    """ann ranks bob, cat, dan; bob ranks ann, cat, dan; cat ranks bob, dan, ann; dan ranks bob, ann,
    cat. Totals: bob 1+1+1 = 3, ann 1+3+2 = 6, cat 2+2+3 = 7, dan 3+3+2 = 8: bob wins and scores 1."""
    r = run(
        "ranking_sum",
        [order()],
        {
            "ann": {"ranking": ["bob", "cat", "dan"]},
            "bob": {"ranking": ["ann", "cat", "dan"]},
            "cat": {"ranking": ["bob", "dan", "ann"]},
            "dan": {"ranking": ["bob", "ann", "cat"]},
        },
    )
    assert (
        r.announcement
        == "Round 1: the totals of the places (lower is better) were bob 3, ann 6, cat 7, dan 8. bob scores 1."
    )
    assert r.winners == ("bob",)
    assert r.points == {"bob": 1}
    assert r.private["cat"] == "You are 3rd of 4, with a total of 7 over 3 rankings."


def test_points_by_rank() -> None:
    """Same rankings, by_rank with award 2: bob (1st of 4) scores 2 × 3 = 6, ann 4, cat 2, dan 0."""
    r = run(
        "ranking_sum",
        [order()],
        {
            "ann": {"ranking": ["bob", "cat", "dan"]},
            "bob": {"ranking": ["ann", "cat", "dan"]},
            "cat": {"ranking": ["bob", "dan", "ann"]},
            "dan": {"ranking": ["bob", "ann", "cat"]},
        },
        {"scoring": "by_rank", "award": 2},
    )
    assert r.points == {"bob": 6, "ann": 4, "cat": 2}


def test_tied_totals_go_to_the_earlier_player_in_the_tiebreak_order() -> None:
    """Three players rank with not_self: ann: bob, cat; bob: cat, ann; cat: ann, bob. Every total is
    1 + 2 = 3; the tiebreak order (cat, bob, ann) puts cat first."""
    r = run(
        "ranking_sum",
        [order()],
        {"ann": {"ranking": ["bob", "cat"]}, "bob": {"ranking": ["cat", "ann"]}, "cat": {"ranking": ["ann", "bob"]}},
        tiebreak=("cat", "bob", "ann"),
    )
    assert r.winners == ("cat",)
    assert "cat, bob and ann tie; cat is earlier in the tiebreak order." in r.announcement


def test_an_abstainer_is_compared_on_the_average_place() -> None:
    """cat sends no ranking: ann is ranked once (by bob: 1st), bob once (by ann: 1st), cat twice (2nd,
    2nd: total 4, average 2). Averages 1, 1, 2: ann and bob tie, ann is earlier; cat's extra ranking
    does not count against cat."""
    r = run(
        "ranking_sum",
        [order()],
        {"ann": {"ranking": ["bob", "cat"]}, "bob": {"ranking": ["ann", "cat"]}, "cat": {}},
    )
    assert r.winners == ("ann",)
    assert r.announcement == (
        "Round 1: not every player was ranked as often, so the average place decides (lower is better): ann 1, bob 1, cat 2. "
        "ann and bob tie; ann is earlier in the tiebreak order. ann scores 1. cat sent no ranking."
    )


def test_a_jury_ranks_players_outside_the_round() -> None:
    """Only the jury (ann, bob) is awaited; they rank cat and dan: cat 1+2 = 3, dan 2+1 = 3, tie → cat
    (earlier in the tiebreak order ann, bob, cat, dan)."""
    r = run(
        "ranking_sum",
        [order(not_self=True)],
        {"ann": {"ranking": ["cat", "dan"]}, "bob": {"ranking": ["dan", "cat"]}},
        tiebreak=("ann", "bob", "cat", "dan"),
    )
    assert r.winners == ("cat",)
    assert r.points == {"cat": 1}


def test_nobody_ranks() -> None:
    """No ranking at all: nobody wins."""
    r = run("ranking_sum", [order()], {"ann": {}, "bob": {}})
    assert r.announcement == "Round 1: nobody sent a ranking, so nobody wins."
    assert r.winners == ()
