"""The end of Elephantine (gems) and the rulings on the winners' choice of Elimination Candidate."""

from __future__ import annotations

from random import Random

from tests.games.exodus.scenario import E, play, start

G = "gems"
ONE = {p: ["ruby", "topaz"] for p in ("p1", "p2", "p3", "p4", "p5")}  # two kinds: no Year 7 "all the same"


def ending(scores: dict[str, int], inventories: dict[str, list[str]] | None = None, variant: str = G) -> object:
    """A match at its last round with these totals, resolved with no trades."""
    s = start(variant, inventories or ONE, 7)
    s.scores = dict(scores)
    s, _ = play(s)
    return s


def test_most_favor_wins_two_tokens() -> None:
    """At the end of the 7th year, the player with the most Favor will win the match and receive two
    Tokens of Life."""
    out = E.outcome(ending({"p1": 90, "p2": 10, "p3": 20, "p4": 30, "p5": 0}))
    assert out.winners == ("p1",) and out.tokens == {"p1": 2} and out.candidates[:1] == ("p5",)


def test_tied_for_most_favor_all_win_one_token() -> None:
    """If there is a tie for the most Favor, all tied players will win and receive one Token of Life."""
    out = E.outcome(ending({"p1": 90, "p2": 90, "p3": 90, "p4": 30, "p5": 0}))
    assert out.tokens == {"p1": 1, "p2": 1, "p3": 1}


def test_more_than_three_tied_no_winners() -> None:
    """However, if more than three players tie for first place, there will be no winners, and all
    Tokens of Life will be negated."""
    inv = dict(ONE) | {"p2": ["onyx", "ruby"]}
    out = E.outcome(ending({"p1": 9, "p2": 9, "p3": 9, "p4": 9, "p5": 0}, inv))
    assert out.winners == () and out.tokens == {} and out.candidates[:1] == ("p2",)


def test_ec_is_the_non_winner_with_most_onyx() -> None:
    """The player who has the most Onyx in their inventory and also did not win the match will be the
    Elimination Candidate."""
    inv = dict(ONE) | {"p1": ["onyx"] * 3 + ["ruby"], "p3": ["onyx", "onyx", "ruby"], "p4": ["onyx", "ruby"]}
    out = E.outcome(ending({"p1": 90, "p2": 10, "p3": 50, "p4": 30, "p5": 0}, inv))
    assert out.candidates[:1] == ("p3",)


def test_ec_onyx_tie_or_all_onyx_with_winners_least_favor() -> None:
    """If there is a tie, or all Onyx is held by the winners, the player with the least Favor is the
    Elimination Candidate. (Ruling 7: in a tie, the least Favor among those tied.)"""
    inv = dict(ONE) | {"p3": ["onyx", "ruby"], "p4": ["onyx", "ruby"]}
    assert E.outcome(ending({"p1": 90, "p2": 10, "p3": 50, "p4": 30, "p5": 0}, inv)).candidates[:1] == ("p4",)
    inv = dict(ONE) | {"p1": ["onyx", "onyx", "ruby"]}
    assert E.outcome(ending({"p1": 90, "p2": 10, "p3": 50, "p4": 30, "p5": 0}, inv)).candidates[:1] == ("p5",)


def test_persistent_tie_winners_select() -> None:
    """If the tie persists, the winner(s) will select the Elimination Candidate from the tied players.
    (Ruling 11: each winner names one; most named is the EC; a tie among them, or nobody naming, is
    drawn by lot.)"""
    s = ending({"p1": 90, "p2": 90, "p3": 10, "p4": 10, "p5": 10})
    assert E.awaiting(s) == ("p1", "p2") and E.outcome(s) is None
    assert E.default_move(s, "p1") == {"ec": None}
    done, msgs = E.resolve(s, {"p1": {"ec": "p4"}, "p2": {"ec": None}}, Random(0))
    assert E.outcome(done).candidates[:1] == ("p4",) and "chosen by the winners" in msgs[0].text
    done, msgs = E.resolve(s, {"p1": {"ec": "p4"}, "p2": {"ec": "p5"}}, Random(0))
    assert E.outcome(done).candidates[0] in ("p4", "p5") and "lot" in msgs[0].text


def test_no_winners_and_a_persistent_tie_is_drawn_by_lot() -> None:
    """Ruling 12: with no winners (more than three tied for first) nobody can select, so the tied
    Elimination Candidates are drawn by lot (from the turn's seeded generator)."""
    s = ending({"p1": 9, "p2": 9, "p3": 9, "p4": 9, "p5": 9})
    out = E.outcome(s)
    assert out.winners == () and out.candidates[0] in s.players


def test_a_garnet_for_every_75_favor() -> None:
    """Players will earn one garnet for every 75 Favor they score."""
    out = E.outcome(ending({"p1": 160, "p2": 75, "p3": 74, "p4": 30, "p5": -9}))
    assert out.garnets == {"p1": 2, "p2": 1, "p3": 0, "p4": 0, "p5": 0}


def test_standings_stay_private_until_the_winners_choice_is_made() -> None:
    """Ruling 6: totals and inventories stay private until the match is over (the EC known); while
    the winners choose, the public sees only the winners and the tied players."""
    s = ending({"p1": 90, "p2": 90, "p3": 10, "p4": 10, "p5": 10})
    public = E.view(s, None)["public"]
    assert public["pick"] == {"winners": ["p1", "p2"], "ec_tied": ["p3", "p4", "p5"]} and "final" not in public
    assert E.secrets(s, "p3")["score"] == 10
    assert E.view(s, "p3")["you"]["awaited"] is False and "ec_choices" not in E.view(s, "p3")["you"]
    done, msgs = E.resolve(s, {"p1": {"ec": "p5"}, "p2": {"ec": "p5"}}, Random(0))
    assert E.view(done, None)["public"]["final"]["scores"]["p3"] == 10 and E.secrets(done, "p3") == {}
    assert msgs[-1].to is None and "p1 90" in msgs[-1].text


def test_later_elimination_candidates_by_most_onyx_then_least_favor_then_the_gamewide_order() -> None:
    """Ruling 18: "the EC ... first, then the other non-winners by most Black cubes (Onyx), then fewest
    points (Favor), then the season's gamewide tiebreak order"; the season's second EC is the next of them,
    not the next-lowest Favor."""
    inv = dict(ONE) | {"p3": ["onyx", "onyx", "ruby"], "p4": ["onyx", "ruby"], "p2": ["onyx", "ruby"]}
    out = E.outcome(ending({"p1": 90, "p2": 30, "p3": 50, "p4": 30, "p5": 0}, inv))
    assert out.candidates == ("p3", "p2", "p4", "p5")
    s = ending({"p1": 90, "p2": 30, "p3": 50, "p4": 30, "p5": 0}, inv)
    s.gamewide = ["p4", "p1", "p2", "p3", "p5"]
    assert E.outcome(s).candidates == ("p3", "p4", "p2", "p5")
