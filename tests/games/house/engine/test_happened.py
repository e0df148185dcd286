"""``happened.py``: a close leads with the round's points and the changed holdings, in sentences, each told only
to whom may read it; amounts and a trade's terms read as English (issue 44, item 6)."""

from __future__ import annotations

from typing import Any

from games.house.engine import happened
from tests.games.house.engine.test_sections_holdings import rnd, v2
from tests.games.house.scenario import start, step, texts

GIFT = {"name": "gift", "label": "Your gift", "type": "give", "holding": "gems", "required": False}
TRADE = {"name": "offer", "label": "Your trade", "type": "trade", "holdings": ["chips", "gems"], "required": False}
SCORE_GIFTS = {"to": "score", "who": "each", "amount": "3 * got['gems']"}


def _match(*, scores: str = "public", gems: str = "holder", reveal: str = "none") -> dict[str, Any]:
    """ann, bob and cat each hold 5 public chips and 2 gems of ``gems`` visibility; a round asks a gift of
    gems and a trade, and scores 3 points per gem received."""
    definition = v2(
        scores={"label": "Points", "start": 0, "visibility": scores},
        holdings=[
            {"name": "chips", "label": "Chips", "start": 5, "min": 0, "visibility": "public"},
            {"name": "gems", "label": "Gems", "start": 2, "min": 0, "visibility": gems},
        ],
        round_plan=[rnd(fields=[GIFT, TRADE], effects=[SCORE_GIFTS], reveal=reveal)],
    )
    return start(["ann", "bob", "cat"], definition=definition)


def test_a_label_is_a_noun_singular_for_one_and_plural_otherwise() -> None:
    """ "gave 1 gem" / "gave 2 gems": a dealer's label bent as a noun, a plural label as written for a count."""
    assert [happened.amount("Gems", n) for n in (0, 1, 2)] == ["0 gems", "1 gem", "2 gems"]
    assert [happened.amount("Gem", n) for n in (1, 2)] == ["1 gem", "2 gems"]
    assert [happened.amount("Rubies", n) for n in (1, 3)] == ["1 ruby", "3 rubies"]
    assert [happened.amount("Red cubes", n) for n in (1, 2)] == ["1 red cube", "2 red cubes"]
    assert [happened.amount("Topaz", n) for n in (1, 2)] == ["1 topaz", "2 topazes"]
    assert happened.amount("Doubles used", 2) == "2 doubles used"  # no noun last: left as written


def test_a_trades_terms_read_as_a_sentence() -> None:
    """ "give 3 chips, get nothing" / "give 3 chips for 1 gem", never "give chips 3, get ."."""
    names = happened.labels(_match())
    nothing = {"with": "bob", "give": {"chips": 3}, "get": {}}
    both = {"with": "bob", "give": {"chips": 3}, "get": {"gems": 1}}
    assert happened.trade_words(names, nothing) == "give 3 chips, get nothing with bob"
    assert happened.trade_words(names, both) == "give 3 chips for 1 gem with bob"
    assert happened.trade_words(names, {"give": {"chips": 1, "gems": 2}}) == "give 1 chip and 2 gems"


def test_a_private_score_is_told_to_its_owner_alone_first() -> None:
    """ "You scored 3 points this round": with private scores each player reads their own points, as the close's
    first line to them, and nobody else's; the public reads no points at all."""
    state = _match(scores="private")
    state, messages = step(state, {"ann": {"gift": {"to": "bob", "amount": 1}}})
    assert texts(messages, "bob")[0] == "You scored 3 points this round."
    assert texts(messages, "ann")[0] == "You scored no points this round."
    assert not any("point" in line for line in texts(messages))
    assert [m.to for m in messages[:3]] == ["ann", "bob", "cat"]


def test_public_scores_are_one_public_line() -> None:
    """Public scores: one line everyone reads, naming who scored, before the round's other lines."""
    state = _match()
    state, messages = step(state, {"ann": {"gift": {"to": "bob", "amount": 1}}})
    assert texts(messages)[0] == "Round 1: bob scored 3 points; nobody else scored."


def test_a_gift_of_a_holding_its_holder_alone_sees_is_told_to_the_two_in_sentences() -> None:
    """ "bob gave you 1 gem": the gift and the gems it changed reach the giver and the receiver only."""
    state = _match()
    state, messages = step(state, {"ann": {"gift": {"to": "bob", "amount": 1}}})
    assert texts(messages, "bob") == ["You now hold 3 gems (1 more).", "ann gave you 1 gem."]
    assert texts(messages, "ann") == ["You now hold 1 gem (1 fewer).", "You gave 1 gem to bob."]
    assert texts(messages, "cat") == [] and not any("gem" in line for line in texts(messages))


def test_a_public_holding_that_changed_is_told_to_everyone() -> None:
    """A public holding's change is one public line per player whose holding changed."""
    state = _match(gems="public")
    offer = {"with": "bob", "give": {"chips": 3}, "get": {"gems": 1}}
    back = {"with": "ann", "give": {"gems": 1}, "get": {"chips": 3}}
    state, messages = step(state, {"ann": {"offer": offer}, "bob": {"offer": back}})
    public = texts(messages)
    assert "ann now holds 2 chips (3 fewer) and 3 gems (1 more)." in public
    assert "bob now holds 8 chips (3 more) and 1 gem (1 fewer)." in public
    assert "ann and bob traded: ann gave 3 chips, bob gave 1 gem." in public
    assert public.index("ann now holds 2 chips (3 fewer) and 3 gems (1 more).") < public.index(
        "ann and bob traded: ann gave 3 chips, bob gave 1 gem."
    )


def test_revealed_submissions_say_a_trade_and_a_gift_in_words() -> None:
    """``reveal: all``: a trade reads "give 3 chips, get nothing with bob" and a gift "1 gem to bob"."""
    state = _match(reveal="all")
    offer = {"with": "bob", "give": {"chips": 3}, "get": {}}
    state, messages = step(state, {"ann": {"offer": offer, "gift": {"to": "bob", "amount": 1}}})
    shown = next(line for line in texts(messages) if "submissions" in line)
    assert "ann: Your gift 1 gem to bob, Your trade give 3 chips, get nothing with bob" in shown
