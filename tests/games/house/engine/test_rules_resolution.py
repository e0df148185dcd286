"""One scenario per clause of the definition format (rules.txt, a copy of FORMAT.md), continued: resolution
by the dealer or a mechanic, the end and outcome rules, scores, secret facts and views."""

from __future__ import annotations

from random import Random

import pytest

from games.engine import DEALER, RuleError
from tests.games.house.scenario import TWO_THIRDS, E, quote, raw, rnd, start, step, texts

THREE = ["ann", "bob", "cat"]


def test_dealer_tally() -> None:
    """ "a **tally turn** awaits the dealer's seat (`games.engine.DEALER`): the dealer sees every submission,
    writes the announcement and any private lines, changes scores, puts players out of the match, and
    continues or ends the match"."""
    quote("a **tally turn** awaits the dealer's seat (`games.engine.DEALER`): the dealer sees every submission")
    state = start(definition=raw())
    state, messages = step(state, {"ann": {"guess": 1}, "bob": {"guess": 2}, "cat": {"guess": 3}})
    assert texts(messages) == ["Round 1 is closed: the dealer is tallying the submissions."]
    assert E.awaiting(state) == (DEALER,) and E.turn_label(state) == "Round 1 · dealer's tally"
    assert E.view(state, DEALER)["dealer"]["pending"] == {"ann": {"guess": 1}, "bob": {"guess": 2}, "cat": {"guess": 3}}
    assert "dealer" not in E.view(state, "ann") and "pending" not in str(E.view(state, None))
    move = {"announcement": "cat wins", "private": {"bob": "close!"}, "points": {"cat": 2, "ann": -1}, "out": ["ann"]}
    state, messages = step(state, {DEALER: move})
    points = "Round 1: ann lost 1 point and cat scored 2 points; nobody else scored."  # first: issue 44
    assert texts(messages) == [points, "cat wins", "Out of the match: ann."] and texts(messages, "bob") == ["close!"]
    assert state["scores"] == {"ann": -1, "bob": 0, "cat": 2} and E.awaiting(state) == ("bob", "cat")
    assert E.view(state, None)["public"]["history"][0]["points"] == {"cat": 2, "ann": -1}


def test_dealer_move_is_checked_key_by_key() -> None:
    """The dealer's move: announcement at most 4000 characters, private lines and points only to players,
    points whole numbers, `outcome` only with `next: "end"`, never naming the dealer."""
    quote('every key optional (`next` defaults to `"continue"`); `outcome` only with `next: "end"`')
    state, _ = step(start(definition=raw()), {})
    bad = [
        ({"announcement": "x" * 4001}, "announcement: must be at most 4000 characters"),
        ({"private": {DEALER: "hi"}}, 'private: "~dealer" is not a player of this match'),
        ({"private": {"zed": "hi"}}, 'private: "zed" is not a player of this match'),
        ({"points": {"ann": 1.5}}, "points of ann: must be a whole number"),
        ({"out": ["ann", "ann"]}, "out: names a player more than once"),
        ({"next": "later"}, 'next: must be "continue" or "end"'),
        ({"outcome": {"winners": ["ann"]}}, "outcome: only a move that ends the match"),
        ({"next": "end", "outcome": {"winners": [DEALER]}}, 'outcome.winners: "~dealer" is not a player'),
        ({"next": "end", "outcome": {"winners": ["ann"], "candidates": [DEALER]}}, "outcome.candidates: "),
        (
            {"next": "end", "outcome": {"winners": ["ann"], "tokens": {"ann": 4}}},
            "outcome.tokens of ann: must be at most 3",
        ),
        ({"next": "end", "outcome": {"winners": ["ann"], "tokens": {"bob": 1}}}, "outcome.tokens: bob is not a winner"),
        ({"next": "end", "outcome": {"winners": THREE}}, "outcome.winners: at least one player must not win"),
        ({"next": "end", "outcome": {"winners": ["ann"], "candidates": ["ann"]}}, "outcome.candidates: ann is also"),
        ({"colour": 1}, "colour: not a key of the dealer's move"),
    ]
    for move, error in bad:
        with pytest.raises(RuleError) as caught:
            E.validate(state, DEALER, move)
        assert str(caught.value).startswith(error), (move, str(caught.value))
    with pytest.raises(RuleError, match="ann is not awaited"):
        E.validate(state, "ann", {"guess": 1})


def test_a_missed_tally_publishes_no_result_and_goes_on() -> None:
    """ "a tally publishes "Round N: the dealer published no result." and the match goes on (or ends by its
    `end` rule)"."""
    quote('a tally publishes "Round N: the dealer published no result." and the match goes on')
    state, _ = step(start(definition=raw(rounds=2)), {})
    assert E.default_ruling(state, DEALER) == "house-3"
    state, messages = E.resolve(state, {}, Random(0))
    published = ["Round 1: nobody scored.", "Round 1: the dealer published no result."]
    assert texts(messages) == published and E.turn_label(state) == "Round 2"
    state, _ = step(state, {})
    state, messages = E.resolve(state, {}, Random(0))
    assert E.outcome(state) is not None and texts(messages)[1] == "Round 2: the dealer published no result."


def test_mechanic_publishes_at_once_without_review() -> None:
    """ "the mechanic resolves the round at the close and its announcement is published at once"."""
    quote("the mechanic resolves the round at the close and its announcement is published at once")
    state = start(definition=raw(round_plan=[rnd(resolve=TWO_THIRDS)]))
    state, messages = step(state, {"ann": {"guess": 0}, "bob": {"guess": 30}, "cat": {"guess": 60}})
    # mean 30, 2/3 of it 20: bob (30) is 10 away, ann (0) 20 away.
    assert texts(messages)[0] == "Round 1: bob scored 1 point; nobody else scored."
    assert texts(messages)[1].startswith("Round 1: the target was 2/3")
    assert state["scores"] == {"ann": 0, "bob": 1, "cat": 0} and E.turn_label(state) == "Round 2"
    assert texts(messages, "bob")


def test_mechanic_review_lets_the_dealer_edit_before_publishing() -> None:
    """ "`review: true`: a **review turn** awaits the dealer with the mechanic's result filled in; the dealer
    may edit the text and the scores before it is published"."""
    quote("a **review turn** awaits the dealer with the mechanic's result filled in")
    state = start(definition=raw(round_plan=[rnd(resolve={**TWO_THIRDS, "review": True})]))
    state, messages = step(state, {"ann": {"guess": 0}, "bob": {"guess": 30}, "cat": {"guess": 60}})
    assert texts(messages) == ["Round 1 is closed: the dealer is reviewing the result."]
    assert E.turn_label(state) == "Round 1 · dealer's review" and state["scores"]["bob"] == 0
    proposal = E.view(state, DEALER)["dealer"]["proposal"]
    assert proposal["points"] == {"bob": 1} and "proposal" not in str(E.view(state, "bob"))
    edited, messages = step(state, {DEALER: {"announcement": "Bob wins, doubled.", "points": {"bob": 2}}})
    assert texts(messages)[1:] == ["Bob wins, doubled."] and edited["scores"]["bob"] == 2
    assert texts(messages, "bob") == [proposal["private"]["bob"]]


def test_a_missed_review_publishes_the_mechanics_result() -> None:
    """ "a review publishes the mechanic's result as it is"."""
    quote("a review publishes the mechanic's result as it is")
    state = start(definition=raw(round_plan=[rnd(resolve={**TWO_THIRDS, "review": True})]))
    state, _ = step(state, {"ann": {"guess": 0}, "bob": {"guess": 30}, "cat": {"guess": 60}})
    proposal = state["proposal"]
    state, messages = E.resolve(state, {}, Random(0))
    assert texts(messages)[1] == proposal["announcement"] and state["scores"]["bob"] == 1


def test_end_after_rounds() -> None:
    """ "the match ends after `rounds` rounds (ignored when rounds is null)"."""
    quote("the match ends after `rounds` rounds (ignored when rounds is null)")
    state = start(definition=raw(rounds=2, round_plan=[rnd(resolve=TWO_THIRDS)]))
    for _ in range(2):
        assert E.outcome(state) is None
        state, messages = step(state, {p: {"guess": 5} for p in THREE})
    assert E.outcome(state) is not None and E.awaiting(state) == () and E.turn_label(state) == "Game over"


def test_end_first_to() -> None:
    """ "a score that ends the match when someone reaches it"."""
    quote("a score that ends the match when someone reaches it")
    state = start(definition=raw(rounds=None, end={"first_to": 3}))
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"points": {"bob": 3}}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("bob",)


def test_end_last_standing() -> None:
    """ "the match ends when one player is left in it"."""
    quote("the match ends when one player is left in it")
    state = start(definition=raw(rounds=10, end={"last_standing": True}))
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"out": ["ann", "cat"], "points": {"ann": 5}}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("bob",)
    assert outcome.candidates == ("cat", "ann")  # both out in the same round: the lower score is worse


def test_the_dealer_ends_a_match_without_a_round_count() -> None:
    """ "`rounds`: ... null: until the dealer ends the match"."""
    quote("a whole number 1..99, or null: until the dealer ends the match")
    state = start(definition=raw(rounds=None))
    for _ in range(5):
        state, _ = step(state, {})
        state, _ = step(state, {DEALER: {}})
    assert E.outcome(state) is None and state["round"] == 6
    state, _ = step(state, {})
    state, messages = step(state, {DEALER: {"next": "end", "points": {"cat": 1}}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("cat",)
    assert texts(messages)[-1].startswith("The match is over. Winners: cat (1 Token of Life).")


def test_outcome_rule_top_and_bottom_with_the_tiebreak() -> None:
    """ "top: every player with the highest score"; "bottom: lowest score first, ties by the tiebreak order
    (later = lower)"; "Tokens of Life for each winner"; "{"winner": 5} garnets to each winner"."""
    quote("bottom: lowest score first, ties by the tiebreak order (later = lower)")
    quote("top: every player with the highest score")
    definition = raw(rounds=1, outcome={"tokens": 2, "garnets": {"winner": 5}})
    players = ["ann", "bob", "cat", "dan", "eve"]
    state = start(players, definition=definition, gamewide_order=["eve", "dan", "cat", "bob", "ann"])
    assert state["tiebreak"] == ["eve", "dan", "cat", "bob", "ann"]
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"points": {"ann": 3, "bob": 3, "cat": 1, "dan": 1, "eve": 1}}})
    outcome = E.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("bob", "ann")  # best first: bob is earlier in the tiebreak
    assert outcome.candidates == ("cat", "dan", "eve")  # tied on 1: cat is latest in the tiebreak
    assert outcome.tokens == {"ann": 2, "bob": 2}
    assert {p: n for p, n in outcome.garnets.items() if n} == {"ann": 5, "bob": 5}
    assert outcome.scores["ann"] == 3.0


def test_without_a_season_the_seat_order_breaks_ties() -> None:
    """RULES.md house-1: outside a season the seat order is the tiebreak order."""
    state = start(definition=raw(rounds=1))
    assert state["tiebreak"] == THREE
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"points": {"ann": 1}}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.candidates == ("cat", "bob")


def test_everyone_tied_means_nobody_wins() -> None:
    """RULES.md house-8: if every player ties for the top, nobody wins."""
    state = start(definition=raw(rounds=1))
    state, _ = step(state, {})
    state, messages = step(state, {DEALER: {}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.candidates == ("cat", "bob", "ann")
    assert "Nobody wins." in texts(messages)[-1]


def test_the_dealer_gives_the_outcome() -> None:
    """A dealer's outcome: winners and candidates are players, tokens 0..3; gaps filled (RULES.md house-8)."""
    state, _ = step(start(definition=raw()), {})
    outcome_move = {"winners": ["cat"], "tokens": {"cat": 3}, "garnets": {"bob": 2}}
    state, _ = step(state, {DEALER: {"next": "end", "points": {"ann": 1}, "outcome": outcome_move}})
    outcome = E.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("cat",) and outcome.candidates == ("bob", "ann")
    assert outcome.tokens == {"cat": 3} and outcome.garnets == {"bob": 2}


def test_death_match_the_winner_and_the_other_as_candidate() -> None:
    """ "death (a Death Match: exactly 2 players)"."""
    quote("death (a Death Match: exactly 2 players)")
    definition = raw(kind="death", players={"min": 2, "max": 2}, rounds=1)
    state = start(["ec", "dmo"], definition=definition)
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"points": {"dmo": 1}}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("dmo",) and outcome.candidates == ("ec",) and not outcome.tokens
    again, _ = step(start(["ec", "dmo"], definition=definition), {})
    with pytest.raises(RuleError, match="a Death Match has exactly one winner"):
        E.validate(again, DEALER, {"next": "end", "outcome": {"winners": []}})
    with pytest.raises(RuleError, match="Best|needs exactly 2|Test game needs exactly 2"):
        start(THREE, definition=definition)


def test_private_scores_are_each_players_own() -> None:
    """ "private: each player sees their own"; "public: everyone sees every score"."""
    quote("public: everyone sees every score | private: each player sees their own")
    state = start(definition=raw(scores={"visibility": "private", "label": "Gold", "start": 4}))
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"points": {"bob": 2}}})
    public = E.view(state, None)["public"]
    assert "scores" not in public and "points" not in public["history"][0] and public["score_label"] == "Gold"
    assert E.view(state, "bob")["you"]["score"] == 6 and E.secrets(state, "bob")["score"] == 6
    assert E.view(state, DEALER)["dealer"]["scores"] == {"ann": 4, "bob": 6, "cat": 4}
    assert E.public_series(E.view(state, None)) == {}
    shown = start(definition=raw())
    shown, _ = step(shown, {})
    shown, _ = step(shown, {DEALER: {"points": {"bob": 2}}})
    assert E.view(shown, None)["public"]["scores"] == {"ann": 0, "bob": 2, "cat": 0}
    assert E.public_series(E.view(shown, None)) == {"Points": {"Round 1": {"ann": 0.0, "bob": 2.0, "cat": 0.0}}}


def test_secrets_are_dealt_hidden_and_fixable() -> None:
    """ "hidden per-player facts dealt at setup"; "drawn for each player independently, uniformly"."""
    quote("drawn for each player independently, uniformly")
    secrets = [{"name": "role", "label": "Your role", "values": ["Thief", "Citizen"]}]
    state = start(definition=raw(secrets=secrets), secrets={"bob": {"role": "Thief"}, "ann": {"role": "Citizen"}})
    assert E.view(state, "bob")["you"]["secrets"] == {"role": "Thief"}
    assert E.secrets(state, "bob") == {"secrets": {"role": "Thief"}, "garnets": 0}  # their own balance
    assert "Thief" not in str(E.view(state, "ann")["you"]) and "Thief" not in str(
        E.view(state, None)["public"]["history"]
    )
    assert E.view(state, DEALER)["dealer"]["secrets"]["bob"] == {"role": "Thief"}
    with pytest.raises(RuleError, match="bob's role must be one of the declared values"):
        start(definition=raw(secrets=secrets), secrets={"bob": {"role": "King"}})
    dealt = {tuple(start(seed=str(i), definition=raw(secrets=secrets))["secrets"]["ann"].values()) for i in range(20)}
    assert dealt == {("Thief",), ("Citizen",)}


def test_everything_is_public_once_the_match_is_over() -> None:
    """RULES.md house-9: the final scores and every secret are published at the end."""
    secrets = [{"name": "role", "values": ["Thief", "Citizen"]}]
    state = start(
        definition=raw(rounds=1, secrets=secrets, scores={"visibility": "private"}), secrets={"bob": {"role": "Thief"}}
    )
    state, _ = step(state, {})
    state, messages = step(state, {DEALER: {"points": {"cat": 1}}})
    final = E.view(state, None)["public"]["final"]
    assert final["secrets"]["bob"] == {"role": "Thief"} and final["scores"]["cat"] == 1
    assert any("bob: Role Thief" in t for t in texts(messages)) and E.secrets(state, "bob") == {}


def test_view_shape() -> None:
    """FORMAT.md "Views": the public keys, a player's ``you`` and the dealer's ``dealer``."""
    quote('`view(state, viewer)["public"]` carries `title`, `kind`, `round`, `phase`, `players`, `out`,')
    state = start(definition=raw())
    public = E.view(state, None)["public"]
    for key in (
        "title",
        "kind",
        "round",
        "phase",
        "players",
        "out",
        "awaits",
        "scores",
        "score_label",
        "rounds",
        "history",
        "form",
    ):
        assert key in public, key
    assert public["form"][0]["name"] == "guess" and public["phase"] == "play" and public["rounds"] == 3
    you = E.view(state, "ann")["you"]
    assert you == {"awaited": True, "moves": {}, "garnets": 0}
    state, _ = step(state, {"ann": {"guess": 5}})
    assert E.view(state, "ann")["you"]["moves"] == {"Round 1": {"guess": 5}}
    dealer = E.view(state, DEALER)["dealer"]
    assert {"scores", "secrets", "pending", "proposal", "default", "next_named"} <= set(dealer)
    assert E.view(state, None)["public"]["awaits"] == [DEALER]


def test_the_dealers_seat_is_never_a_player() -> None:
    """ "`"~dealer"`, a name no handle can take"."""
    quote('(`"~dealer"`, a name no handle can take)')
    with pytest.raises(RuleError, match="the dealer's seat is not a player"):
        start([DEALER, "ann"], definition=raw())


def test_a_match_nobody_ends_stops_at_round_99() -> None:
    """RULES.md house-6: a match "until the dealer ends it" that nobody ends stops after round 99."""
    state = start(definition=raw(rounds=None))
    turns = 0
    while E.outcome(state) is None:
        state, _ = E.resolve(state, {p: E.default_move(state, p) for p in E.awaiting(state)}, Random(turns))
        turns += 1
    assert state["round"] == 99 and turns == 198


def test_garnets_field_values_and_an_if_won_field_the_mechanic_does_not_price() -> None:
    """ "`garnets` | a whole number of garnets"; RULES.md house-5: an `if_won` field the mechanic does not
    resolve is paid in full by the round's winners only."""
    quote("| `garnets` | a whole number of garnets |")
    fields = [
        {"name": "bid", "label": "Your bid", "type": "garnets", "max": 5, "pays": "if_won"},
        {"name": "side", "label": "Side bet", "type": "garnets", "max": 5, "pays": "if_won"},
    ]
    resolve = {"by": "mechanic", "mechanic": "highest_bid", "params": {"field": "bid", "price": "second"}}
    before = start(
        definition=raw(round_plan=[rnd(fields=fields, resolve=resolve)]),
        garnets=dict.fromkeys(["ann", "bob", "cat"], 20),
    )  # house-46
    with pytest.raises(RuleError, match="^Your bid: must be at most 5$"):
        E.validate(before, "ann", {"bid": 6, "side": 0})
    moves = {"ann": {"bid": 5, "side": 2}, "bob": {"bid": 1, "side": 3}, "cat": {"bid": 0, "side": 0}}
    after, _ = step(before, moves)
    spent = E.round_spent(before, moves, after)
    assert spent["ann"] == 1 + 2 and "bob" not in spent  # the second price, and the side bet in full


def test_a_tied_death_match_goes_to_the_dmo() -> None:
    """RULES.md house-1: in a season's Death Match the DMO (the season's ``advantage``) is first in the
    tiebreak order, so a Death Match ended level goes to them."""
    definition = raw(kind="death", players={"min": 2, "max": 2}, rounds=1)
    state = start(["ec", "dmo"], definition=definition, advantage="dmo")
    assert state["tiebreak"] == ["dmo", "ec"]
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {}})
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == ("dmo",) and outcome.candidates == ("ec",)
    assert start(["ec", "dmo"], definition=raw(rounds=1), advantage="dmo")["tiebreak"] == ["ec", "dmo"]


def test_a_mechanic_that_fails_hands_the_round_to_the_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES.md house-16: a mechanic that cannot resolve the round gives the dealer a tally turn for it."""
    from games.house.engine import mechanics

    def broken(name: str, inp: object, rng: Random) -> None:
        raise ValueError("no")

    monkeypatch.setattr(mechanics, "mechanic_run", broken)
    state = start(definition=raw(round_plan=[rnd(resolve=TWO_THIRDS)]))
    state, messages = step(state, {p: {"guess": 5} for p in THREE})
    assert E.turn_label(state) == "Round 1 · dealer's tally" and messages[0].ruling == "house-16"
    assert state["pending"]["ann"] == {"guess": 5}
