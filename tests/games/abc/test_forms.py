"""The ABC MoveForm: built from a real view, it offers only legal choices and yields engine-valid moves."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from games.abc.forms import MoveForm
from games.abc.state import AbcState

from .helpers import ENGINE, before_last_round, new, step


def _form(
    state: AbcState, player: str, data: dict[str, Any] | None = None, initial: dict[str, Any] | None = None
) -> MoveForm:
    return MoveForm(data, view=ENGINE.view(state, player), player=player, initial_move=initial)


def test_x_picks_one_of_the_three_perfect_matchings() -> None:
    state = new({"ann": 2})
    form = _form(state, "ann")
    assert [value for value, _ in form.fields["partner"].choices] == ["cat", "dan", "eve"]
    assert "double" in form.fields
    form = _form(state, "ann", {"partner": "dan", "double": "on"})
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move == {"pairs": [["bob", "dan"], ["cat", "eve"]], "double": True}
    assert ENGINE.validate(state, "ann", move) == move


def test_no_double_offered_without_the_garnets() -> None:
    state = new()
    form = _form(state, "ann", {"partner": "cat"})
    assert "double" not in form.fields
    assert form.is_valid()
    assert ENGINE.validate(state, "ann", form.to_move())["double"] is False


def test_a_bad_choice_is_a_form_error() -> None:
    form = _form(new(), "ann", {"partner": "ann"})
    assert not form.is_valid() and "partner" in form.errors


def test_paired_player_picks_an_action() -> None:
    state, _ = step(new({"cat": 3}), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]]}})
    form = _form(state, "cat", {"action": "censure", "double": "on"}, initial={"action": "ally"})
    assert form.fields["action"].initial == "ally"
    assert "bob" in form.fields["action"].label
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move == {"action": "censure", "double": True}
    assert ENGINE.validate(state, "cat", move) == move


def test_a_player_not_awaited_gets_no_fields() -> None:
    state, _ = step(new(), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]]}})
    form = _form(state, "ann", {})
    assert not form.fields and form.is_valid() and form.to_move() == {}


def test_winner_picks_the_ec_among_the_tied() -> None:
    state = before_last_round({"ann": 10, "bob": 5, "cat": 1, "dan": 1, "eve": -3})
    for_round = {"pairs": [["ann", "bob"], ["cat", "dan"]]}
    state, _ = step(state, {"eve": for_round})
    state, _ = step(state, {p: {"action": "betray"} for p in ("ann", "bob", "cat", "dan")})
    form = _form(state, "ann", {"ec": "eve"})
    assert [v for v, _ in form.fields["ec"].choices] == ["cat", "dan", "eve"]
    assert form.is_valid(), form.errors
    assert ENGINE.validate(state, "ann", form.to_move()) == {"ec": "eve"}


def test_templates_render_for_players_and_the_public() -> None:
    state, _ = step(new({"ann": 2}), {"ann": {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": True}})
    html = render_to_string("abc/view.html", {"view": ENGINE.view(state, "ann"), "me": "ann"})
    assert "bob &amp; cat" in html and "You are doubling" in html
    public = render_to_string("abc/view.html", {"view": ENGINE.view(state, None), "me": None})
    assert "doubling" not in public
    form = _form(state, "bob")
    assert "Ally" in render_to_string("abc/form.html", {"form": form})
