"""The player's form for a field whose choices depend on their state (RULES.md house-82): it offers only what
the rule allows them now, and what it hands back is a move the engine accepts."""

from __future__ import annotations

from random import Random
from typing import Any

from django import forms

from games.house.engine import HouseEngine
from games.house.engine.samples import sample_definition
from games.house.forms import MoveForm

ENGINE = HouseEngine()


def _form(state: Any, player: str, data: dict[str, Any] | None = None) -> MoveForm:
    return MoveForm(data=data, view=ENGINE.view(state, player), player=player)


def test_a_warriors_unit_select_offers_only_the_living_units() -> None:
    """A Warrior's Death: "You cannot play a unit that's dead": after ann's Bard (3) dies, her unit select
    offers 0-9 but 3; bob's, whose units all live, offers every unit; the disguise (read with the unit) stays
    a whole number the save judges."""
    state = ENGINE.setup(["ann", "bob"], {"definition": sample_definition("warriors_classic")}, Random(1))
    state, _ = ENGINE.resolve(state, {"ann": {"unit": 3}, "bob": {"unit": 0}}, Random(2))
    ann = _form(state, "ann")
    unit = ann.fields["unit"]
    assert isinstance(unit, forms.TypedChoiceField)
    assert [v for v, _ in unit.choices] == ["", "0", "1", "2", "4", "5", "6", "7", "8", "9"]
    assert [v for v, _ in _form(state, "bob").fields["unit"].choices][1:] == [str(n) for n in range(10)]
    assert isinstance(ann.fields["disguise"], forms.IntegerField)
    form = _form(state, "ann", {"unit": "2", "disguise": "5"})
    assert form.is_valid(), form.errors
    assert ENGINE.validate(state, "ann", form.to_move()) == {"unit": 2, "disguise": 5}
    assert not _form(state, "ann", {"unit": "3"}).is_valid()


def test_a_field_required_by_the_players_own_state_is_asked_as_required() -> None:
    """Exodia: "You must always play at least one card per round, if you are able" (the first card field's
    ``required_if: "len(hand) > 0"``, RULES.md house-173): while ann's hand holds a card, her first card field is
    asked as required, not "(optional)", and her form refuses it blank, as the save would; the list is in her own
    view only; once her hand is empty the field is optional again."""
    players = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]
    state = ENGINE.setup(players, {"definition": sample_definition("exodia")}, Random("0:0"))
    view = ENGINE.view(state, "p1")
    assert view["you"]["required"] == ["card1"]
    assert "you" not in ENGINE.view(state, None) and "required" not in view["public"]
    form = _form(state, "p1")
    assert form.fields["card1"].required and not form.fields["card2"].required
    assert not _form(state, "p1", {}).is_valid()
    state["piles"]["hand"]["p1"] = []  # a hand played down to nothing
    assert "required" not in ENGINE.view(state, "p1")["you"]
    assert not _form(state, "p1").fields["card1"].required
