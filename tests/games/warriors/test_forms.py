"""The Warriors' Death MoveForm: built from a real view, it offers only playable units and yields engine-valid moves."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.warriors.forms import MoveForm

from .helpers import ENGINE, POOL_2, A, B, new, play


def _form(state, player, data=None):  # type: ignore[no-untyped-def]
    return MoveForm(data, view=ENGINE.view(state, player), player=player)


def test_cards_offer_only_living_units() -> None:
    state = play(new(), "bard", "sage")
    form = _form(state, A)
    offered = [v for v, _ in form.fields["unit"].choices]
    assert "bard" not in offered and "chocobo" in offered and "sage" in offered
    rows = {r["name"]: r for r in form.card_rows()}
    assert not rows["bard"]["alive"] and not rows["bard"]["pickable"]
    html = render_to_string("warriors/form.html", {"form": form})
    assert 'value="bard" disabled' in html and 'class="card dead' in html


def test_posting_an_astrologian_with_its_guess_gives_a_valid_move() -> None:
    state = new()
    form = _form(state, A, {"unit": "astrologian", "guess": "samurai", "rounds": "0"})
    assert form.is_valid(), form.errors
    move = form.to_move()
    assert move == {"unit": "astrologian", "guess": "samurai"}
    assert ENGINE.validate(state, A, move) == move


def test_the_active_choice_is_required() -> None:
    form = _form(new(), A, {"unit": "blue mage"})
    assert not form.is_valid() and "disguise" in form.errors


def test_extended_ninja_dancer_and_faking_blue_mage() -> None:
    state = new(
        "extended",
        [
            "astrologian",
            "blue mage",
            "dancer",
            "sage",
            "samurai",
            "reaper",
            "ninja",
            "dark knight",
            "dragoon",
            "black mage",
        ],
    )
    for data, expected in [
        ({"unit": "ninja", "rounds": "-1"}, {"unit": "ninja", "rounds": -1}),
        ({"unit": "dancer", "select": "reaper"}, {"unit": "dancer", "select": "reaper"}),
        (
            {"unit": "blue mage", "disguise": "dancer", "select": "ninja"},
            {"unit": "blue mage", "disguise": "dancer", "select": "ninja"},
        ),
    ]:
        form = _form(state, B, data)
        assert form.is_valid(), form.errors
        assert form.to_move() == expected
        assert ENGINE.validate(state, B, expected) == expected


def test_rescue_forces_the_only_card() -> None:
    state = new("extended", POOL_2)
    state = play(state, {"unit": "white mage", "guess": "dancer"}, {"unit": "dancer", "select": "monk"})
    form = _form(state, B, {"unit": "dancer"})
    assert [v for v, _ in form.fields["unit"].choices] == ["dancer"]
    assert form.is_valid(), form.errors
    assert ENGINE.validate(state, B, form.to_move()) == {"unit": "dancer", "select": "monk"}


def test_no_fields_in_a_pause_and_the_view_renders() -> None:
    state = ENGINE.setup([A, B], {"variant": "extended", "pool": POOL_2}, __import__("random").Random(0))
    assert not _form(state, A).fields
    html = render_to_string("warriors/view.html", {"view": ENGINE.view(state, A), "me": A})
    assert "Summoner" in html and "Pool look" in html
    state = play(new(), {"unit": "blue mage", "disguise": "dragoon"}, "bard")
    html = render_to_string("warriors/view.html", {"view": ENGINE.view(state, B), "me": B})
    assert "Dragoon" in html and "Your units" not in html  # awaited: the form's cards show them
    state = play(state, "chocobo", "chocobo")
    for _ in range(8):
        state = play(state, "chocobo", "chocobo")
    html = render_to_string("warriors/view.html", {"view": ENGINE.view(state, B), "me": B})
    assert "Your units" in html and 'class="card dead"' in html and "Bouts" in html


def test_the_form_carries_each_units_active_choice_for_the_page_script() -> None:
    """The page's script reads the unit table from the form: each radio and disguise option names its active."""
    pool = ["astrologian", "blue mage", "dancer", "sage", "samurai", "reaper", "ninja", "dark knight", "dragoon"]
    form = _form(new("extended", [*pool, "black mage"]), A)
    html = render_to_string("warriors/form.html", {"form": form})
    assert 'data-active="guess" name="unit" value="astrologian"' in html
    assert 'data-active="" name="unit" value="chocobo"' in html
    assert '<option value="ninja" data-active="rounds">' in html
    assert '<option value="dancer" data-active="select">' in html
    assert '<option value="sage">' in html  # no active, nothing to show
    assert "data-fakes" in html  # the extended Blue Mage's disguise fakes an active
    # Without JavaScript every active field shows: the player picks what their unit needs.
    assert 'class="warriors-active" data-for="guess">' in html
    assert "data-fakes" not in render_to_string("warriors/form.html", {"form": _form(new(), A)})
