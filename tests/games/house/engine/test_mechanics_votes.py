"""vote: plurality and majority with a runoff, over player and choice fields; ties, abstentions, out."""

from __future__ import annotations

import pytest

from games.house.engine.errors import DefinitionError
from tests.games.house.engine.helpers_mechanics import choice, order, player, run

FIVE = ("ann", "bob", "cat", "dan", "eve")


def test_plurality_vote_chosen_player_scores() -> None:
    """Votes bob, bob, ann, bob, (eve abstains): bob 3, ann 1 → bob is chosen and scores 2."""
    r = run(
        "vote",
        [player()],
        {"ann": {"who": "bob"}, "bob": {"who": "ann"}, "cat": {"who": "bob"}, "dan": {"who": "bob"}, "eve": {}},
        {"award": 2},
    )
    assert r.winners == ("bob",)
    assert r.points == {"bob": 2}
    assert r.announcement == "Round 1: the votes were bob 3, ann 1. bob is chosen and scores 2. 1 abstained (eve)."
    assert r.private["ann"] == "You voted for bob."


def test_elimination_vote_tie_goes_against_the_later_player_in_the_tiebreak_order() -> None:
    """Votes: ann 2, cat 2 with tiebreak ann, bob, cat, dan: being chosen costs (out), and earlier
    players win ties, so cat (later) is out."""
    r = run(
        "vote",
        [player()],
        {"ann": {"who": "cat"}, "bob": {"who": "ann"}, "cat": {"who": "ann"}, "dan": {"who": "cat"}},
        {"effect": "out"},
    )
    assert r.out == ("cat",)
    assert r.winners == ()
    assert r.points == {}
    assert "The tie goes to cat, the later player in the tiebreak order." in r.announcement
    assert r.announcement.endswith("cat is chosen and is out of the match.")


def test_reward_vote_tie_goes_to_the_earlier_player() -> None:
    """Votes: cat 1, ann 1 (award +1): the tie goes to ann, earlier in the tiebreak order."""
    r = run("vote", [player()], {"ann": {"who": "cat"}, "cat": {"who": "ann"}})
    assert r.points == {"ann": 1}
    assert "The tie goes to ann, the earlier player in the tiebreak order." in r.announcement


def test_majority_vote_without_second_choice_runoff_counts_only_the_top_two() -> None:
    """Five votes: bob 2, cat 2, ann 1 (no majority: 2 ≤ 5/2). Top two: bob and cat (tied: bob is
    earlier). Without a second-choice field, dan's vote for ann counts for neither: bob 2, cat 2,
    the tie goes to bob (earlier)."""
    r = run(
        "vote",
        [player()],
        {
            "ann": {"who": "bob"},
            "bob": {"who": "cat"},
            "cat": {"who": "bob"},
            "dan": {"who": "ann"},
            "eve": {"who": "cat"},
        },
        {"method": "majority_runoff"},
    )
    assert r.points == {"bob": 1}
    assert "runoff between bob and cat, bob 2, cat 2 (1 vote for neither)" in r.announcement
    assert r.private["dan"] == "You voted for ann. In the runoff your vote counted for neither."


def test_majority_vote_runoff_transfers_votes_by_the_second_choice_ranking() -> None:
    """First count: bob 2 (ann, cat), cat 2 (bob, eve), ann 1 (dan): no majority. dan's ranking puts
    cat before bob, so the runoff is cat 3, bob 2 and cat is chosen."""
    r = run(
        "vote",
        [player(), order()],
        {
            "ann": {"who": "bob", "ranking": ["bob", "cat", "dan", "eve"]},
            "bob": {"who": "cat", "ranking": ["cat", "ann", "dan", "eve"]},
            "cat": {"who": "bob", "ranking": ["bob", "ann", "dan", "eve"]},
            "dan": {"who": "ann", "ranking": ["ann", "cat", "bob", "eve"]},
            "eve": {"who": "cat", "ranking": ["cat", "ann", "bob", "dan"]},
        },
        {"method": "majority_runoff", "second": "ranking", "field": "who"},
    )
    assert r.points == {"cat": 1}
    assert "runoff between bob and cat, bob 2, cat 3." in r.announcement
    assert r.private["dan"] == "You voted for ann. In the runoff your vote counted for cat."


def test_majority_reached_in_the_first_count_needs_no_runoff() -> None:
    """bob 3 of 5 votes is more than half: no runoff."""
    r = run(
        "vote",
        [player()],
        {
            "ann": {"who": "bob"},
            "bob": {"who": "cat"},
            "cat": {"who": "bob"},
            "dan": {"who": "bob"},
            "eve": {"who": "cat"},
        },
        {"method": "majority_runoff"},
    )
    assert "runoff" not in r.announcement
    assert r.points == {"bob": 1}


def test_choice_vote_voters_for_the_chosen_option_score() -> None:
    """Votes A, B, A, C: A wins with 2; ann and cat voted A and score 1 each."""
    r = run(
        "vote", [choice()], {"ann": {"pick": "A"}, "bob": {"pick": "B"}, "cat": {"pick": "A"}, "dan": {"pick": "C"}}
    )
    assert r.points == {"ann": 1, "cat": 1}
    assert r.winners == ("ann", "cat")
    assert (
        r.announcement == "Round 1: the votes were A 2, B 1, C 1. A is chosen. ann and cat, who voted A, score 1 each."
    )


def test_choice_vote_tie_goes_to_the_option_listed_first() -> None:
    """C 1, B 1: B is listed before C in the field, so B is chosen."""
    r = run("vote", [choice()], {"ann": {"pick": "C"}, "bob": {"pick": "B"}})
    assert r.points == {"bob": 1}


def test_nobody_votes() -> None:
    """Everyone abstains: nothing is decided, and the abstentions are counted."""
    r = run("vote", [player()], {"ann": {}, "bob": {}})
    assert r.announcement == "Round 1: nobody voted, so nothing is decided. 2 abstained (ann and bob)."
    assert r.winners == () and r.out == ()


def test_vote_on_a_choice_cannot_put_anyone_out() -> None:
    """effect out needs a player field: the error names the param."""
    with pytest.raises(DefinitionError, match="^effect: only a vote for a player"):
        run("vote", [choice()], {"ann": {"pick": "A"}}, {"effect": "out"})


def test_second_choice_field_must_fit_the_vote() -> None:
    """A player vote's second choice comes from a player or order field, not a choice field."""
    with pytest.raises(DefinitionError, match="^second: a vote for a player"):
        run("vote", [player(), choice()], {"ann": {}}, {"field": "who", "second": "pick"})
    with pytest.raises(DefinitionError, match="^second: must be another field"):
        run("vote", [player()], {"ann": {}}, {"second": "who"})
