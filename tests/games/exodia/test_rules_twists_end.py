"""Scenario tests: the twists, the end of the match and its Outcome."""

from __future__ import annotations

from random import Random

import pytest

from games.engine import RuleError
from games.exodia.cards import EFFECTS
from tests.games.exodia.helpers import ENGINE, P, c, make, run, texts

GW = ["gus", "fay", "eve", "dan", "cat", "bob", "ann"]


def twist_state(**options: object):
    return ENGINE.setup(P, {"gamewide_order": GW, **options}, Random("t"))


def exodia_for(p: str, effect: str = "meta") -> list[str]:
    return [c(effect, o) for o in P]


def test_group_twist_majority_is_revealed() -> None:
    """Vote on either of these (or on 0, which is none). The majority will be revealed."""
    state = twist_state()
    assert ENGINE.awaiting(state) == tuple(P) and ENGINE.turn_label(state) == "Twists"
    votes = dict(zip(P, [2, 2, 2, 1, 1, 0, 0], strict=True))
    after, msgs = run(state, {p: {"twist_vote": v} for p, v in votes.items()})
    assert after.group_twist == 2 and after.phase == "round" and "option 2" in texts(msgs)
    assert "ann" not in texts(msgs).split("option")[0]  # votes themselves are not announced


def test_group_twist_tie_broken_by_gamewide_tiebreaker() -> None:
    """A tie will be broken by the Gamewide Tiebreaker, so the player with the highest Gamewide Tiebreak that voted
    decisively will decide the vote."""
    # 1 and 2 tie on three votes each; gus (highest) voted 0, not decisively; fay voted 2 and decides.
    votes = {"gus": 0, "fay": 2, "eve": 1, "dan": 1, "cat": 2, "bob": 1, "ann": 2}
    after, _ = run(twist_state(), {p: {"twist_vote": v} for p, v in votes.items()})
    assert after.group_twist == 2
    votes["fay"], votes["ann"] = 1, 0  # 0: 2, 1: 4, 2: 1 -> a clear majority for 1
    after, _ = run(twist_state(), {p: {"twist_vote": v} for p, v in votes.items()})
    assert after.group_twist == 1


def test_group_twist_1_everyone_discards_before_round_1_and_retrieval_triggers() -> None:
    """1: At the beginning of the game, every player chooses one card to put into the Discard Pile. (As such, the
    Retrieval Phase will be triggered on Round 1.)"""
    state = make(group_twist=1)
    assert all(state.owed[p] == 1 for p in P)
    moves = {p: {"discard": [c("meta", p)], "play": [{"card": c("immune", p)}]} for p in P}
    after, msgs = run(state, moves)
    assert "Retrieval: 1 phase(s); 7 cards" in texts(msgs)
    assert sorted(after.pile) == sorted(c("immune", p) for p in P)


def test_group_twist_2_everyone_discards_every_third_round() -> None:
    """2: Every third round, every player must discard one card."""
    state = make(group_twist=2)
    plays = ["meta", "priority", "immune"]
    for r in (1, 2):
        assert all(state.owed[p] == 0 for p in P)
        state, _ = run(
            state,
            {p: {"play": [{"card": c(plays[r - 1], p)}], "ranking": {"by": "effect", "order": ["bomb"]}} for p in P},
        )
    assert state.round == 3 and all(state.owed[p] == 1 for p in P)
    with pytest.raises(RuleError, match="exactly 1"):
        ENGINE.validate(state, "ann", {"play": [{"card": "immune/ann"}]})


def test_mm_winner_twist_requires_copies_of_a_card_for_exodia() -> None:
    """If you'd like, you may choose any card, and require that X copies of that card be necessary to win the Main
    Match, for some X that is at most 2. / MM Winner Twist chooses an effect of a card to be a requirement. The
    twist is revealed publicly at the start of the game."""
    state = twist_state(mm_winners=["ann"])
    with pytest.raises(RuleError, match="at most 2"):
        ENGINE.validate(state, "ann", {"twist_vote": 0, "mm_twist": {"effect": "meta", "copies": 3}})
    with pytest.raises(RuleError, match="not yours"):
        ENGINE.validate(state, "bob", {"twist_vote": 0, "mm_twist": {"effect": "meta", "copies": 1}})
    after, msgs = run(state, {"ann": {"twist_vote": 0, "mm_twist": {"effect": "gift", "copies": 2}}})
    assert after.requirement == {"gift": 2} and "2 × gift" in texts(msgs)


def test_same_requirement_from_two_winners_is_not_added() -> None:
    """If two winners use the same requirement, they are not added together. (If one winner requires two copies of A
    and another requires one copy of A, then the restriction is just two copies of A.) ... it is possible, for
    instance, to be forced to have two copies of Card A and also two copies of Card B."""
    state = twist_state(mm_winners=["ann", "bob", "cat"])
    after, _ = run(
        state,
        {
            "ann": {"twist_vote": 0, "mm_twist": {"effect": "meta", "copies": 2}},
            "bob": {"twist_vote": 0, "mm_twist": {"effect": "meta", "copies": 1}},
            "cat": {"twist_vote": 0, "mm_twist": {"effect": "bomb", "copies": 2}},
        },
    )
    assert after.requirement == {"meta": 2, "bomb": 2}


def test_requirement_is_part_of_the_exodia() -> None:
    """(In other words, an Exodia requires you to also have at least that many copies of that card in your hand.)"""
    hand = [c("force", o) for o in P]
    state = make({"ann": [*hand, c("meta", "bob")]}, mm_requirement={"meta": 2})
    after, _ = run(state, {"ann": {"play": [{"card": "meta/bob"}]}})
    assert after.phase == "round"
    state = make({"ann": [*hand, c("meta", "bob"), c("meta", "cat")]}, mm_requirement={"meta": 1})
    after, _ = run(state, {"ann": {"play": [{"card": "meta/bob"}]}})
    assert after.winners == ["ann"]


def test_dm_winner_twist_orders_the_retrieval_tiebreaker_revealed() -> None:
    """DM Winner Twist: You decide the ordering of the Retrieval Tiebreaker. Send a list of all alive players.
    (This list stays the same throughout, and will be revealed at the start of the game.)"""
    state = twist_state(dm_winner="eve")
    with pytest.raises(RuleError, match="every player"):
        ENGINE.validate(state, "eve", {"twist_vote": 0, "dm_twist": ["eve"]})
    after, msgs = run(state, {"eve": {"twist_vote": 0, "dm_twist": GW}})
    assert after.tiebreak == GW and ", ".join(GW) in texts(msgs)


def test_without_roles_the_twists_are_skipped_and_orders_drawn_and_announced() -> None:
    """Ruling: with no twist roles nor gamewide order the twists are skipped; both orders drawn at random, announced."""
    state = ENGINE.setup(P, {}, Random("z"))
    assert state.phase == "round" and state.group_twist == 0 and state.requirement == {}
    lines = " ".join(state.history[0]["lines"])
    assert "Gamewide Tiebreak is drawn at random" in lines and "Retrieval Tiebreak is drawn at random" in lines


def test_any_exodia_ends_the_game() -> None:
    """Each player's goal is to obtain one card of each initial owner. This is an Exodia, and doing so will win the
    Main Match. / When any player possesses at least one card from every initial owner, the game ends."""
    state = make(
        {"ann": [*exodia_for("ann", "force"), c("meta", "ann")], "bob": [c("meta", "bob")]}, strikes={"cat": 2}
    )
    after, msgs = run(state, {"ann": {"play": [{"card": "meta/ann"}]}})
    out = ENGINE.outcome(after)
    assert after.winners == ["ann"] and "Exodia!" in texts(msgs)
    # nobody holds strictly fewer Metas than ann (0), so the standard EC: most Strikes.
    assert out is not None and out.winners == ("ann",) and out.tokens == {"ann": 2} and out.candidates[:1] == ("cat",)


def test_several_exodias_more_metas_wins() -> None:
    """If multiple players have achieved this on the same turn, then first, the tie is broken by number of Meta
    cards possessed at the end of the game."""
    state = make(
        {
            "ann": [*exodia_for("ann", "force"), c("immune", "ann")],
            "bob": [*exodia_for("bob", "meta"), c("immune", "bob")],
        }
    )
    after, _ = run(state, {"ann": {"play": [{"card": "immune/ann"}]}, "bob": {"play": [{"card": "immune/bob"}]}})
    assert after.winners == ["bob"] and after.phase == "ec"


def test_joint_win_up_to_three_each_one_token() -> None:
    """If this is also a tie, then a joint win occurs. Up to three players can joint win ... If multiple players win,
    they each gain one Token of Life. The EC is the player with the most Strikes (who did not win)."""
    effects = ["force", "gift", "steal"]
    hands = {p: [*exodia_for(p, e), c("immune", p)] for p, e in zip(P, effects, strict=False)}
    state = make(hands, strikes={"ann": 5, "dan": 1, "eve": 1})
    after, _ = run(state, {p: {"play": [{"card": c("immune", p)}]} for p in hands})
    out = ENGINE.outcome(after)
    assert out is not None and out.winners == ("ann", "bob", "cat") and out.tokens == {"ann": 1, "bob": 1, "cat": 1}
    # dan and eve tie on Strikes and Metas (0): the lowest on the Retrieval Tiebreak (seat order) is eve.
    assert out.candidates[:1] == ("eve",)


def test_more_than_three_tied_highest_on_retrieval_tiebreak_wins() -> None:
    """if more than three players are tied even after considering Metas, then the player highest on the Retrieval
    Tiebreak wins the Main Match."""
    effects = ["force", "gift", "steal", "priority"]
    hands = {p: [*exodia_for(p, e), c("immune", p)] for p, e in zip(P[2:], effects, strict=False)}
    state = make(hands)
    after, _ = run(state, {p: {"play": [{"card": c("immune", p)}]} for p in hands})
    assert after.winners == ["cat"]


def test_sole_winner_picks_ec_among_strictly_fewer_metas() -> None:
    """If there is a single winner, that player earns two Tokens of Life. That player is able to select an EC out of
    any player holding strictly fewer Meta cards than them at the end of the game."""
    state = make(
        {
            "ann": [*exodia_for("ann", "meta"), c("immune", "ann")],
            "bob": [c("immune", "bob")],
            "cat": [c("immune", "cat")],
        },
        strikes={"dan": 9},
    )
    after, msgs = run(state, {"ann": {"play": [{"card": "immune/ann"}]}})
    assert after.phase == "ec" and ENGINE.awaiting(after) == ("ann",) and ENGINE.outcome(after) is None
    assert ENGINE.view(after, None)["public"]["hands"]["bob"] == []  # hands revealed at the end
    with pytest.raises(RuleError, match="strictly fewer"):
        ENGINE.validate(after, "ann", {"ec": "ann"})
    done, msgs = run(after, {"ann": {"ec": "cat"}})
    out = ENGINE.outcome(done)
    assert out is not None and out.candidates[:1] == ("cat",) and out.tokens == {"ann": 2}
    assert ENGINE.default_move(after, "ann") == {"ec": "dan"}  # Ruling 19: the standard EC among the choices


def test_ec_most_strikes_then_fewest_metas_then_lowest_tiebreak() -> None:
    """The EC is the player with the most Strikes (who did not win). If this is a tie, then the player with the
    fewest Meta cards is the loser; if this is still a tie, the player lowest on the Retrieval Tiebreak is the EC."""
    from games.exodia.ending import standard_ec

    state = make({"bob": [c("meta", "bob")], "cat": [], "dan": []}, strikes={"bob": 3, "cat": 3, "dan": 3, "eve": 1})
    assert standard_ec(state, P) == "dan"  # cat and dan: 0 Metas; dan is lower on the tiebreak
    state.hands["dan"] = ["meta/dan"]
    assert standard_ec(state, P) == "cat"
    state.strikes["bob"] = 4
    assert standard_ec(state, P) == "bob"


def test_garnets_are_metas_played_divided_by_two_rounded_down() -> None:
    """Players earn Garnets equal to the number of times they played a Meta card, divided by two, rounded down."""
    state = make({"ann": [*exodia_for("ann", "force"), c("immune", "ann")]}, strikes={"bob": 1})
    state.metas_played.update({"bob": 3, "cat": 4, "dan": 1})
    after, _ = run(state, {"ann": {"play": [{"card": "immune/ann"}]}})
    out = ENGINE.outcome(after)
    assert out is not None and out.garnets["bob"] == 1 and out.garnets["cat"] == 2 and out.garnets["dan"] == 0


def test_round_cap_without_exodia_nobody_wins() -> None:
    """Ruling 20: no Exodia by the round cap: nobody wins, the EC by most Strikes, fewest Metas, lowest tiebreak."""
    state = make({"ann": [c("meta", "ann"), c("meta", "bob")]}, round_cap=1, strikes={"eve": 2})
    after, msgs = run(state, {"ann": {"play": [{"card": "meta/ann"}]}})
    out = ENGINE.outcome(after)
    assert out is not None and out.winners == () and out.tokens == {} and out.candidates[:1] == ("eve",)
    assert "No Exodia by Round 1" in texts(msgs)


def test_effects_listed() -> None:
    """The seven cards are as follows: Steal, Force, Priority, Gift, Immune, Meta, Bomb."""
    assert EFFECTS == ("steal", "force", "priority", "gift", "immune", "meta", "bomb")


def test_later_elimination_candidates_by_the_standard_system() -> None:
    """Ruling 23: "the EC ... first, then the other non-winners by the standard system: most Strikes, fewest
    Metas held, lowest on the Retrieval Tiebreak"."""
    state = make(
        {"ann": [*exodia_for("ann", "force"), c("meta", "ann")], "bob": [c("meta", "bob")]},
        strikes={"cat": 2, "dan": 1},
    )
    after, _ = run(state, {"ann": {"play": [{"card": "meta/ann"}]}})
    out = ENGINE.outcome(after)
    assert out is not None and out.winners == ("ann",)
    no_strikes = [p for p in reversed(P) if p not in ("ann", "bob", "cat", "dan")]  # lowest on the tiebreak first
    assert out.candidates == ("cat", "dan", *no_strikes, "bob")
