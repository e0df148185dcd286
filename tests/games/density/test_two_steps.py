"""Density Deck's turn in two steps: the Draw Phase (private to the player when from the deck),
then the Discard Phase (public), each a turn of the match that awaits the same player."""

from __future__ import annotations

import json
from random import Random

import pytest

from games.engine import RuleError
from tests.games.density.helpers import DEAL, E, play, start, texts


def test_draw_phase_then_discard_phase() -> None:
    """Draw Phase: Draw a card from the central pile or another player's discard pile. …
    Discard Phase: Discard one card into your personal discard pile, ensuring your hand is back to 3 cards."""
    state = start()
    state, msgs = play(state, {"action": "draw", "from": "deck"})
    assert state.hands["ann"] == [*DEAL["hands"]["ann"], "common 4"]
    assert E.view(state, "ann")["you"]["drawn"] == "common 4"
    assert E.turn_label(state).endswith("· discard") and E.awaiting(state) == ("ann",)
    assert "common 4" not in texts(msgs) and "ann draws from the deck" in texts(msgs)
    assert any(m.to == "ann" and "You drew common 4" in m.text for m in msgs)
    state, msgs = play(state, {"discard": "red 5"})
    assert state.hands["ann"] == ["red 10", "common 9", "common 4"] and state.discards["ann"] == ["red 5"]
    assert "ann discards red 5." in texts(msgs) and E.awaiting(state) == ("bob",)


def test_the_drawn_card_stays_private_until_discarded() -> None:
    """Draw Phase from the central pile: only the drawer sees the card (no other view, message or label shows it)."""
    state = start()
    state, msgs = play(state, {"action": "draw", "from": "deck"})
    for viewer in (None, "bob", "cat", "dan"):
        seen = json.dumps(E.view(state, viewer))
        assert "common 4" not in seen, viewer
    assert "common 4" not in E.turn_label(state)
    assert E.view(state, None)["public"]["step"] == "discard"
    assert E.view(state, None)["public"]["drawn_from"] == "deck"


def test_a_card_drawn_from_a_pile_is_public() -> None:
    """Draw Phase: … or another player's discard pile (its top card was face up)."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "common 9"})
    state, msgs = play(state, {"action": "draw", "from": "ann"})
    assert "ann's discard pile (common 9)" in texts(msgs)
    assert state.hands["bob"][-1] == "common 9"


def test_surrender_after_the_draw_phase() -> None:
    """Surrender Option: Players may surrender before or after their Draw Phase."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck"})
    state, msgs = play(state, {"discard": "drawn", "surrender": True})
    assert "ann" in state.surrendered and "ann surrenders." in texts(msgs)
    assert len(state.hands["ann"]) == 3


def test_no_fight_or_second_draw_after_drawing() -> None:
    """Fight Option: … Before drawing (a player who has drawn can only discard)."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck"})
    with pytest.raises(RuleError, match="now discard one of your 4 cards"):
        E.validate(state, "ann", {"action": "fight"})
    with pytest.raises(RuleError, match="now discard one of your 4 cards"):
        E.validate(state, "ann", {"action": "draw", "from": "deck"})
    with pytest.raises(RuleError, match="discard one of the 4 cards in your hand"):
        E.validate(state, "ann", {"discard": "gold 10"})


def test_a_missed_discard_step_discards_the_drawn_card_in_a_shorter_turn() -> None:
    """Ruling 16 (default move) and 21 (the discard step lasts a quarter of the turn, at least 30 s)."""
    state = start(turn_seconds=3600)
    assert E.turn_seconds(state) == 3600
    state, _ = play(state, {"action": "draw", "from": "deck"})
    assert E.turn_seconds(state) == 900
    state, _ = E.resolve(state, {}, Random("timeout"))
    assert state.hands["ann"] == DEAL["hands"]["ann"] and state.discards["ann"] == ["common 4"]
    live = start(turn_seconds=60)
    live, _ = play(live, {"action": "draw", "from": "deck"})
    assert E.turn_seconds(live) == 30


def test_draw_and_discard_in_one_submission_still_works() -> None:
    """Ruling 5: a player may still name the discard with the draw (the whole turn in one step)."""
    state = start()
    state, _ = play(state, {"action": "draw", "from": "deck", "discard": "drawn"})
    assert state.hands["ann"] == DEAL["hands"]["ann"] and E.awaiting(state) == ("bob",)
