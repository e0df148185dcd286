"""One scenario per clause of the definition format (rules.txt, a copy of FORMAT.md): rounds and labels,
who is awaited, fields and their defaults, resolution by the dealer or a mechanic, end and outcome rules."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from games.engine import DEALER, RuleError
from tests.games.house.scenario import TWO_THIRDS, E, quote, raw, rnd, start, step, texts

THREE = ["ann", "bob", "cat"]


def test_rules_txt_is_the_published_format() -> None:
    """rules.txt is FORMAT.md word for word, so the clauses these tests quote are the agreed format."""
    here = Path(__file__).resolve().parents[4] / "games" / "house"
    assert (here / "rules.txt").read_text() == (here / "FORMAT.md").read_text()


def test_round_plan_last_entry_repeats_and_labels() -> None:
    """ "round n uses round_plan[min(n, len) - 1]: the last entry repeats" and "the turn label is
    "<label> <n>" ("Round 3")"."""
    quote("round n uses round_plan[min(n, len) - 1]: the last entry repeats")
    quote('the turn label is "<label> <n>" ("Round 3")')
    plan = [rnd(label="Opening", resolve=TWO_THIRDS), rnd(label="Round", resolve=TWO_THIRDS)]
    state = start(definition=raw(rounds=4, round_plan=plan))
    labels = []
    while E.outcome(state) is None:
        labels.append(E.turn_label(state))
        state, _ = step(state, {p: {"guess": 50} for p in E.awaiting(state)})
    assert labels == ["Opening 1", "Round 2", "Round 3", "Round 4"]


def test_awaits_all_never_awaits_players_out() -> None:
    """ "all: every player still in the match"; out players are never awaited."""
    quote("all: every player still in the match")
    state = start(definition=raw())
    assert E.awaiting(state) == tuple(THREE)
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"out": ["bob"]}})
    assert E.awaiting(state) == ("ann", "cat") and state["out"] == ["bob"]
    with pytest.raises(RuleError, match="bob is not awaited"):
        E.validate(state, "bob", {"guess": 1})


def test_named_round_opens_with_the_dealer() -> None:
    """ "`open` comes before a round whose `awaits` is `named` when no earlier dealer turn named them";
    "The opening move is `{"next_awaits": [...]}`"."""
    quote("`open` comes before a round whose `awaits` is `named` when no earlier dealer turn named them")
    state = start(definition=raw(round_plan=[rnd(awaits="named")]))
    assert E.awaiting(state) == (DEALER,) and E.turn_label(state) == "Round 1 · dealer opens"
    with pytest.raises(RuleError, match="an opening move only names the players"):
        E.validate(state, DEALER, {"announcement": "hi"})
    state, messages = step(state, {DEALER: {"next_awaits": ["cat", "ann"]}})
    assert E.awaiting(state) == ("ann", "cat") and texts(messages) == ["Round 1 awaits ann, cat."]
    # A tally that names the next round's players skips the opening turn.
    state, _ = step(state, {})
    assert E.turn_label(state) == "Round 1 · dealer's tally"
    state, _ = step(state, {DEALER: {"next_awaits": ["bob"]}})
    assert E.awaiting(state) == ("bob",) and E.turn_label(state) == "Round 2"


def test_a_missed_opening_awaits_everyone_still_in() -> None:
    """RULES.md house-4: the opening's default awaits every player still in the match."""
    state = start(definition=raw(round_plan=[rnd(awaits="named")]))
    assert E.default_move(state, DEALER) == {"next_awaits": THREE}
    assert E.default_ruling(state, DEALER) == "house-4"
    state, _ = E.resolve(state, {}, Random(1))
    assert E.awaiting(state) == tuple(THREE)


def test_next_awaits_only_before_a_named_round() -> None:
    """ "`next_awaits` only before a round whose `awaits` is `named`"; never a player out of the match."""
    quote("`next_awaits` only before a round whose `awaits` is `named`")
    state, _ = step(start(definition=raw()), {})
    with pytest.raises(RuleError, match="next_awaits: Round 2 awaits every player"):
        E.validate(state, DEALER, {"next_awaits": ["ann"]})
    state, _ = step(start(definition=raw(round_plan=[rnd(awaits="all"), rnd(awaits="named")])), {})
    with pytest.raises(RuleError, match="next_awaits: bob is out of this match"):
        E.validate(state, DEALER, {"out": ["bob"], "next_awaits": ["bob"]})
    with pytest.raises(RuleError, match='next_awaits: "~dealer" is not a player'):
        E.validate(state, DEALER, {"next_awaits": [DEALER]})


def test_round_seconds_override_and_tally_seconds() -> None:
    """ "overrides turn_seconds for this round"; "how long the dealer has for a tally/review/opening turn"."""
    quote("overrides turn_seconds for this round")
    quote("how long the dealer has for a tally/review/opening turn")
    definition = raw(turn_seconds=600, tally_seconds=120, round_plan=[rnd(seconds=60), rnd()])
    state = start(definition=definition)
    assert E.turn_seconds(state) == 60
    state, _ = step(state, {})
    assert E.turn_seconds(state) == 120
    state, _ = step(state, {})
    assert E.turn_seconds(state) == 600


def test_reveal_all_publishes_every_submission() -> None:
    """ "all: after the round, everyone's submissions are published"; with `none` they stay secret."""
    quote("after the round, everyone's submissions are published")
    state = start(definition=raw(round_plan=[rnd(reveal="all", resolve=TWO_THIRDS)]))
    state, messages = step(state, {"ann": {"guess": 10}, "bob": {"guess": 20}, "cat": {"guess": 30}})
    assert "Round 1 submissions: ann: 10; bob: 20; cat: 30." in texts(messages)
    assert E.view(state, None)["public"]["history"][0]["moves"]["bob"] == {"guess": 20}
    hidden = start(definition=raw(round_plan=[rnd(resolve=TWO_THIRDS)]))
    hidden, messages = step(hidden, {"ann": {"guess": 10}, "bob": {"guess": 20}, "cat": {"guess": 30}})
    assert "moves" not in E.view(hidden, None)["public"]["history"][0]
    assert E.view(hidden, "bob")["you"]["moves"] == {"Round 1": {"guess": 20}}
    assert E.secrets(hidden, "bob")["moves"] == {"Round 1": {"guess": 20}}
    assert "moves" not in str(E.view(hidden, "ann")["public"]["history"])


def test_field_values_are_checked_with_the_fields_label() -> None:
    """Field validation names the field and the rule ("Your guess: must be at most 100")."""
    state = start(definition=raw())
    with pytest.raises(RuleError, match="^Your guess: must be at most 100$"):
        E.validate(state, "ann", {"guess": 101})
    with pytest.raises(RuleError, match="^Your guess: must be a whole number$"):
        E.validate(state, "ann", {"guess": "lots"})
    with pytest.raises(RuleError, match="^Your guess: is required$"):
        E.validate(state, "ann", {"guess": ""})
    with pytest.raises(RuleError, match="^Your guess: is required$"):
        E.validate(state, "ann", {})
    assert E.validate(state, "ann", {"guess": None}) == {}  # null: "nothing", what sending nothing becomes
    with pytest.raises(RuleError, match='This round has no field "bid"'):
        E.validate(state, "ann", {"guess": 1, "bid": 2})
    assert E.validate(state, "ann", {"guess": " 42 "}) == {"guess": 42}


def _form(*fields: dict[str, object]) -> dict[str, object]:
    return raw(round_plan=[rnd(fields=list(fields))])


def test_choice_field() -> None:
    """ "`choice` | one of `choices` (a string)"."""
    quote("| `choice` | one of `choices` (a string) |")
    state = start(
        definition=_form({"name": "hand", "label": "Your hand", "type": "choice", "choices": ["Rock", "Paper"]})
    )
    assert E.validate(state, "ann", {"hand": "rock"}) == {"hand": "Rock"}
    with pytest.raises(RuleError, match="^Your hand: must be one of: Rock, Paper$"):
        E.validate(state, "ann", {"hand": "Lizard"})


def test_player_field_not_self_and_alive_only() -> None:
    """ "`player` | a handle | `not_self` (true), `alive_only` (true: players still in this match)"."""
    quote("| `player` | a handle | `not_self` (true), `alive_only` (true: players still in this match) |")
    state = start(definition=_form({"name": "vote", "label": "Your vote", "type": "player"}))
    assert E.validate(state, "ann", {"vote": "bob"}) == {"vote": "bob"}
    with pytest.raises(RuleError, match="^Your vote: cannot be yourself$"):
        E.validate(state, "ann", {"vote": "ann"})
    with pytest.raises(RuleError, match='^Your vote: "zed" is not a player you may name here'):
        E.validate(state, "ann", {"vote": "zed"})
    state, _ = step(state, {})
    state, _ = step(state, {DEALER: {"out": ["cat"]}})
    with pytest.raises(RuleError, match='"cat" is not a player you may name here'):
        E.validate(state, "ann", {"vote": "cat"})
    form = E.view(state, None)["public"]["form"][0]
    assert form["players"] == ["ann", "bob"] and form["not_self"] is True
    anyone = start(definition=_form({"name": "vote", "type": "player", "not_self": False, "alive_only": False}))
    assert E.validate(anyone, "ann", {"vote": "ann"}) == {"vote": "ann"}


def test_players_field_counts() -> None:
    """ "`players` | a list of distinct handles | `not_self`, `alive_only`, `count_min` (1), `count_max`"."""
    quote("| `players` | a list of distinct handles | `not_self`, `alive_only`, `count_min` (1), `count_max`")
    state = start(
        ["ann", "bob", "cat", "dan"],
        definition=_form({"name": "team", "label": "Your team", "type": "players", "count_min": 1, "count_max": 2}),
    )
    assert E.validate(state, "ann", {"team": ["cat", "bob"]}) == {"team": ["cat", "bob"]}
    with pytest.raises(RuleError, match="^Your team: must name at most 2 players$"):
        E.validate(state, "ann", {"team": ["bob", "cat", "dan"]})
    with pytest.raises(RuleError, match="^Your team: names bob more than once$"):
        E.validate(state, "ann", {"team": ["bob", "bob"]})
    with pytest.raises(RuleError, match="^Your team: must be a list of players$"):
        E.validate(state, "ann", {"team": "bob"})


def test_order_field_places_every_eligible_player_once() -> None:
    """ "`order` | every eligible player exactly once, best first"."""
    quote("| `order` | every eligible player exactly once, best first |")
    state = start(definition=_form({"name": "rank", "label": "Your ranking", "type": "order"}))
    assert E.validate(state, "ann", {"rank": ["cat", "bob"]}) == {"rank": ["cat", "bob"]}
    with pytest.raises(RuleError, match="^Your ranking: must place every player exactly once; missing: cat$"):
        E.validate(state, "ann", {"rank": ["bob"]})


def test_text_field_is_stripped_and_bounded() -> None:
    """ "`text` | a string (stripped) | `max_length` (1..2000, default 280)"."""
    quote("| `text` | a string (stripped) | `max_length` (1..2000, default 280) |")
    state = start(definition=_form({"name": "note", "label": "Your note", "type": "text", "max_length": 5}))
    assert E.validate(state, "ann", {"note": "  hi  "}) == {"note": "hi"}
    with pytest.raises(RuleError, match="^Your note: must be at most 5 characters$"):
        E.validate(state, "ann", {"note": "too long"})


def test_defaults_and_abstaining() -> None:
    """ "`default` (what a missing submission becomes for this field; null: the field is left out, the player
    abstains)"; the default move is always accepted (RULES.md house-2)."""
    quote("null: the field is left out, the player abstains")
    definition = _form(
        {"name": "hand", "type": "choice", "choices": ["Rock", "Paper"], "default": "Paper"},
        {"name": "vote", "type": "player"},
        {"name": "note", "type": "text", "required": False},
    )
    state = start(definition=definition)
    assert E.default_move(state, "ann") == {"hand": "Paper", "vote": None, "note": None}
    assert E.validate(state, "ann", E.default_move(state, "ann")) == {"hand": "Paper"}
    with pytest.raises(RuleError, match="Vote: is required"):
        E.validate(state, "ann", {"hand": "Rock"})
    assert E.default_ruling(state, "ann") == "house-2"
    state, _ = E.resolve(state, {}, Random(0))
    assert state["pending"] == {p: {"hand": "Paper"} for p in THREE}


def test_garnet_cost_is_the_sum_of_the_fields_that_pay() -> None:
    """ "the move's `garnet_cost` is the sum of its garnets fields with `pays` other than `none`"."""
    quote("the move's `garnet_cost` is the sum of its garnets fields with `pays` other than `none`")
    fields = [
        {"name": "a", "type": "garnets", "pays": "bid"},
        {"name": "b", "type": "garnets", "pays": "if_won"},
        {"name": "c", "type": "garnets", "pays": "none"},
    ]
    resolve = {"by": "mechanic", "mechanic": "highest_bid", "params": {"field": "b"}}
    state = start(
        definition=raw(round_plan=[rnd(fields=fields, resolve=resolve)]),
        garnets=dict.fromkeys(["ann", "bob", "cat"], 20),
    )  # house-46
    move = E.validate(state, "ann", {"a": 2, "b": 5, "c": 9})
    assert E.garnet_cost(state, "ann", move) == 7


def test_round_spent_charges_bids_in_full_and_if_won_as_the_mechanic_prices() -> None:
    """ "at the close the season charges what the round actually spent (`Engine.round_spent`)"; RULES.md
    house-5: a `bid` field in full, an `if_won` field as the mechanic charges."""
    quote("at the close the season charges what the round actually spent (`Engine.round_spent`)")
    fields = [{"name": "fee", "type": "garnets", "pays": "bid"}, {"name": "bid", "type": "garnets", "pays": "if_won"}]
    resolve = {"by": "mechanic", "mechanic": "highest_bid", "params": {"field": "bid", "price": "own"}}
    before = start(
        definition=raw(round_plan=[rnd(fields=fields, resolve=resolve)]),
        garnets=dict.fromkeys(["ann", "bob", "cat"], 20),
    )  # house-46
    moves = {"ann": {"fee": 1, "bid": 9}, "bob": {"fee": 2, "bid": 4}, "cat": {"fee": 0, "bid": 1}}
    after, _ = step(before, moves)
    assert E.round_spent(before, moves, after) == {"ann": 10, "bob": 2}
    tally, _ = step(
        start(definition=raw(round_plan=[rnd(fields=fields[:1])]), garnets=dict.fromkeys(["ann", "bob", "cat"], 20)),
        {"ann": {"fee": 3}},
    )
    assert tally["spent"] == {"ann": 3}
    done, _ = step(tally, {DEALER: {}})
    assert E.round_spent(tally, {DEALER: {}}, done) == {}
