"""The Density Deck form offers only legal controls and yields moves the engine accepts; the templates render."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.density.forms import MoveForm
from games.registry import get_entry

from .helpers import E, play, start, to_round


def form_for(state, player: str, data: dict | None = None) -> MoveForm:
    return MoveForm(data, view=E.view(state, player), player=player)


def test_density_is_registered_with_its_form() -> None:
    entry = get_entry("density")
    assert entry.form_class is MoveForm and entry.view_template == "density/view.html"


def test_round_1_offers_no_fight_and_only_the_deck() -> None:
    """Fight only after Round 1 is complete; draw from the deck or another player's discard pile."""
    form = form_for(start(), "ann")
    assert [c for c, _ in form.fields["action"].choices] == ["draw", "surrender"]
    assert [c for c, _ in form.fields["draw_from"].choices] == ["deck"]
    assert "discard" not in form.fields  # the discard is the turn's second step, after the draw is seen


def test_round_2_offers_fight_and_the_other_piles() -> None:
    state = to_round(start(), 2)
    form = form_for(state, "ann")
    assert [c for c, _ in form.fields["action"].choices] == ["draw", "fight", "surrender"]
    assert [c for c, _ in form.fields["draw_from"].choices] == ["deck", "bob", "cat", "dan"]
    assert "bob's discard pile: common 5" in dict(form.fields["draw_from"].choices)["bob"]


def test_posted_draw_then_discard_become_moves_the_engine_accepts() -> None:
    """Draw Phase, then Discard Phase: the second form offers the 4 cards, the drawn one named."""
    state = to_round(start(), 2)
    form = form_for(state, "ann", {"action": "draw", "draw_from": "bob"})
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move == {"action": "draw", "from": "bob"}
    state, _ = play(state, move)
    second = form_for(state, "ann")
    assert (
        second.step == "discard"
        and "common 5 (the card you just drew)" in dict(second.fields["discard"].choices)["drawn"]
    )
    posted = form_for(state, "ann", {"discard": "common 9", "surrender_after": "on"})
    assert posted.is_valid(), posted.errors
    assert E.validate(state, "ann", posted.to_move()) == {"action": "discard", "discard": "common 9", "surrender": True}


def test_posted_fight_and_surrender_become_moves() -> None:
    state = to_round(start(), 2)
    for action in ("fight", "surrender"):
        form = form_for(state, "ann", {"action": action})
        assert form.is_valid(), form.errors
        assert E.validate(state, "ann", form.to_move()) == {"action": action}


def test_illegal_choices_are_refused_by_the_form() -> None:
    form = form_for(start(), "ann", {"action": "fight"})
    assert not form.is_valid()
    form = form_for(start(), "ann", {"action": "draw", "draw_from": "bob", "discard": "drawn"})
    assert not form.is_valid()
    form = form_for(start(), "ann", {"action": "draw"})
    assert not form.is_valid()


def test_the_ec_pick_form() -> None:
    state, _ = play(to_round(start(lives=2), 2), {"action": "fight"})
    form = form_for(state, "ann", {"ec": "cat"})
    assert set(form.fields) == {"ec"} and form.is_valid()
    assert E.validate(state, "ann", form.to_move()) == {"ec": "cat"}


def test_templates_render_the_table_and_the_match_summary() -> None:
    state, _ = play(to_round(start(), 2), {"action": "fight"})
    html = render_to_string("density/view.html", {"view": E.view(state, "bob"), "me": "bob"})
    assert "Match 1 summary" in html and "red: red 10 (hand) + red 5 (hand) + red 3 (Amplification) = 18" in html
    assert "\u2665" * 8 in html and "face down" in html and "Your hand" in html
    public = render_to_string("density/view.html", {"view": E.view(state, None), "me": None})
    assert "Your hand" not in public
    form = render_to_string("density/form.html", {"form": form_for(state, "bob")})
    assert 'value="draw"' in form and 'value="fight"' not in form
    final, _ = play(to_round(start(lives=2), 2), {"action": "fight"})
    html = render_to_string("density/view.html", {"view": E.view(final, "ann"), "me": "ann"})
    assert "picks the EC among bob, cat, dan" in html
    assert 'name="ec"' in render_to_string("density/form.html", {"form": form_for(final, "ann")})
