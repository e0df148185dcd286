"""Library games of votes, each played by hand from its rules text."""

from __future__ import annotations

from tests.games.house.library.helpers import table
from tests.games.house.scenario import E, step

PLAYERS = ["ann", "bob", "cat", "dan"]


def test_elect_a_captain_a_clear_vote_needs_no_runoff() -> None:
    """Three votes for cat, one for ann: cat 3, ann 1; no tie, so no runoff: cat wins."""
    state = table("elect_a_captain", PLAYERS)
    state, _ = step(
        state, {"ann": {"vote": "cat"}, "bob": {"vote": "cat"}, "cat": {"vote": "cat"}, "dan": {"vote": "ann"}}
    )
    outcome = E.outcome(state)
    assert state["scores"] == {"ann": 1, "bob": 0, "cat": 3, "dan": 0}
    assert outcome is not None and outcome.winners == ("cat",)


def test_elect_a_captain_a_tie_goes_to_a_runoff_among_the_tied() -> None:
    """2–2 between ann and bob: the runoff counts 10 a vote for one of them, nothing for cat."""
    state = table("elect_a_captain", PLAYERS)
    state, _ = step(
        state, {"ann": {"vote": "bob"}, "bob": {"vote": "ann"}, "cat": {"vote": "ann"}, "dan": {"vote": "bob"}}
    )
    state, _ = step(
        state, {"ann": {"vote": "bob"}, "bob": {"vote": "bob"}, "cat": {"vote": "cat"}, "dan": {"vote": "ann"}}
    )
    assert state["scores"] == {"ann": 12, "bob": 22, "cat": 0, "dan": 0}
    assert E.outcome(state).winners == ("bob",)  # type: ignore[union-attr]


def test_one_thief_voting_out_a_citizen_goes_on_and_the_thief_wins_if_never_caught() -> None:
    """Roles pinned: dan the thief. Round 1 votes out ann (a citizen); round 2 votes out bob: two are left, the
    match ends with the thief still in, so dan alone wins."""
    state = table("one_thief", PLAYERS)
    ids = {c["label"]: i for i, c in enumerate(state["cards"])}
    citizens = [i for i, c in enumerate(state["cards"]) if c["label"] == "Citizen"]
    state = {
        **state,
        "piles": {"role": {"ann": [citizens[0]], "bob": [citizens[1]], "cat": [citizens[2]], "dan": [ids["Thief"]]}},
    }
    state, _ = step(state, {"bob": {"suspect": "ann"}, "cat": {"suspect": "ann"}, "dan": {"suspect": "ann"}})
    assert state["out"] == ["ann"] and E.outcome(state) is None
    state, _ = step(state, {"cat": {"suspect": "bob"}, "dan": {"suspect": "bob"}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("dan",)
