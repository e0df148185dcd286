"""The Exodus submission form: built from a real view, offering only legal choices, yielding valid moves."""

from __future__ import annotations

from random import Random

from django.template.loader import render_to_string

from games.exodus.forms import MoveForm
from tests.games.exodus.scenario import E, play, start

HANDS = {
    "p1": ["red", "blue", "green", "white"],
    "p2": ["red", "yellow", "white", "black"],
    "p3": ["blue", "yellow", "green", "black"],
    "p4": ["red", "blue", "yellow", "black"],
}


def form_for(state: object, player: str, data: dict[str, str] | None = None) -> MoveForm:
    return MoveForm(data, view=E.view(state, player), player=player)


def test_trade_rows_offer_only_legal_partners_and_held_items() -> None:
    s = start("cubes", HANDS)
    form = form_for(s, "p1")
    assert form.rows == 2
    assert [c for c, _ in form.fields["with_0"].choices] == ["", "p2", "p3", "p4"]
    assert [c for c, _ in form.fields["give_1"].choices] == ["", "red", "blue", "green", "white"]


def test_posted_rows_give_a_move_the_engine_accepts_and_blank_rows_are_ignored() -> None:
    s = start("cubes", HANDS)
    form = form_for(s, "p1", {"with_0": "p3", "give_0": "white", "with_1": "", "give_1": ""})
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move == {"trades": [{"with": "p3", "give": "white"}]}
    assert E.validate(s, "p1", move) == move


def test_form_refuses_half_rows_repeats_and_too_many_of_an_item() -> None:
    s = start("cubes", HANDS)
    assert not form_for(s, "p1", {"with_0": "p3", "give_0": ""}).is_valid()
    assert not form_for(s, "p1", {"with_0": "p3", "give_0": "red", "with_1": "p3", "give_1": "blue"}).is_valid()
    assert not form_for(s, "p1", {"with_0": "p3", "give_0": "red", "with_1": "p2", "give_1": "red"}).is_valid()
    assert not form_for(s, "p1", {"with_0": "p1", "give_0": "red"}).is_valid()


def test_gem_form_has_three_rows_and_hides_last_years_partners_and_locked_diamonds() -> None:
    s = start("gems", {"p1": ["diamond", "ruby"], "p2": ["ruby", "diamond"], "p3": ["topaz"], "p4": ["onyx"]}, 5)
    s, _ = play(s, ("p1", "diamond", "p2", "ruby"))
    form = form_for(s, "p2")
    assert form.rows == 3
    assert [c for c, _ in form.fields["with_0"].choices] == ["", "p3", "p4"]
    assert [c for c, _ in form.fields["give_0"].choices] == ["", "diamond"]
    assert form_for(s, "p2", {"with_0": "p3", "give_0": "diamond"}).is_valid()
    assert not form_for(s, "p2", {"with_0": "p3", "give_0": "diamond", "with_1": "p4", "give_1": "diamond"}).is_valid()


def test_ec_form_for_the_winners() -> None:
    s = start("cubes", {"p1": ["red"], "p2": ["black"], "p3": ["black"], "p4": ["red"]}, 7)
    s.scores = {"p1": 50, "p2": 1, "p3": 1, "p4": 0}
    s, _ = play(s)
    form = form_for(s, "p1", {"ec": "p3"})
    assert form.is_valid() and form.to_move() == {"ec": "p3"} and E.validate(s, "p1", form.to_move())
    blank = form_for(s, "p1", {"ec": ""})
    assert blank.is_valid() and E.validate(s, "p1", blank.to_move()) == {"ec": None}
    assert form_for(s, "p2").mode == "none"


def test_random_views_build_forms_whose_moves_validate() -> None:
    for variant in ("cubes", "gems"):
        players = [f"p{i}" for i in range(1, 9)]
        s = E.setup(players, {"variant": variant}, Random(4))
        rng = Random(9)
        while s.phase == "trade":
            for p in players:
                move = E.random_move(s, p, rng)
                data = {}
                for i, t in enumerate(move["trades"]):
                    data[f"with_{i}"], data[f"give_{i}"] = t["with"], t["give"]
                form = form_for(s, p, data)
                assert form.is_valid(), form.errors
                assert E.validate(s, p, form.to_move()) == move
            s, _ = E.resolve(s, {p: E.random_move(s, p, rng) for p in players}, Random(0))


def test_templates_render_for_player_and_spectator() -> None:
    s = start("gems", {"p1": ["diamond", "ruby"], "p2": ["ruby"], "p3": ["topaz"], "p4": ["onyx"]})
    s, _ = play(s, ("p1", "diamond", "p2", "ruby"))
    mine = render_to_string("exodus/view.html", {"view": E.view(s, "p1"), "me": "p1"})
    assert "chip-ruby" in mine and "Year 2 scoring" in mine
    public = render_to_string("exodus/view.html", {"view": E.view(s, None), "me": None})
    assert "chip-ruby" not in public.split("scoring")[0] and "Year 1: 1" not in public
    assert "with_0" in render_to_string("exodus/form.html", {"form": form_for(s, "p1")})
    while s.phase == "trade":
        s, _ = play(s)
    assert "Every trade" in render_to_string("exodus/view.html", {"view": E.view(s, None), "me": None})


def test_pick_page_shows_the_tied_players_and_the_ec_field() -> None:
    s = start("cubes", {"p1": ["red"], "p2": ["black"], "p3": ["black"], "p4": ["red"]}, 7)
    s.scores = {"p1": 50, "p2": 1, "p3": 1, "p4": 0}
    s, _ = play(s)
    page = render_to_string("exodus/view.html", {"view": E.view(s, None), "me": None})
    assert "p2, p3 are tied" in page
    assert 'name="ec"' in render_to_string("exodus/form.html", {"form": form_for(s, "p1")})
