"""Move forms are drawn by Django's Jinja2 copies of its widget templates (games/forms.py): the controls they
draw are the ones Django's own templates draw, for every game's form, its errors included."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest
from django.forms.renderers import DjangoTemplates

from games import registry
from games.forms import MOVE_FORM_RENDERER, JsonMoveForm, MoveFormBase
from tests.games.contract import players_for, rng_for

DJANGO = DjangoTemplates()


def _same_markup(html: str) -> str:
    """The markup with whitespace between and inside tags made uniform, and an apostrophe escaped one way (the two
    sets of templates lay it out differently and escape it as ``&#39;`` and ``&#x27;``; a browser draws both alike)."""
    html = html.replace("&#x27;", "&#39;")
    return re.sub(r"\s+", " ", re.sub(r">\s+", ">", re.sub(r"\s+<", "<", html))).strip()


def _drawn(form: MoveFormBase, renderer: Any) -> list[str]:
    form.renderer = renderer
    return [_same_markup(str(field)) + _same_markup(str(field.errors)) for field in form] + [
        _same_markup(str(form.non_field_errors()))
    ]


def _forms(slug: str, turns: int = 8) -> list[MoveFormBase]:
    """The move forms of every awaited player over the first ``turns`` turns of a random match, unbound and
    bound to an empty submission (every required field then has an error)."""
    entry = registry.get_entry(slug)
    engine = entry.engine
    form_class = entry.form_class or JsonMoveForm
    state = engine.setup(players_for(engine), {}, rng_for(slug, 0))
    chooser = Random(f"forms:{slug}")
    forms: list[MoveFormBase] = []
    for turn in range(1, turns + 1):
        if engine.outcome(state) is not None:
            break
        moves = {}
        for player in engine.awaiting(state):
            view = engine.view(state, player)
            forms.append(form_class(view=view, player=player))
            bound = form_class({}, view=view, player=player)
            bound.is_valid()
            forms.append(bound)
            moves[player] = engine.validate(state, player, engine.random_move(state, player, chooser))
        state, _ = engine.resolve(state, moves, rng_for(slug, turn))
    return forms


def test_move_forms_share_one_jinja2_renderer() -> None:
    """One renderer for every move form of the process: its engine (the compiled templates) is built once."""
    first, second = (JsonMoveForm(view={}, player="p1") for _ in range(2))
    assert first.renderer is second.renderer is MOVE_FORM_RENDERER
    assert type(MOVE_FORM_RENDERER).__name__ == "Jinja2"


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_games_move_form_draws_the_controls_djangos_templates_draw(slug: str) -> None:
    """Every field of the game's move form, and its errors, as Django's template engine would draw them."""
    forms = _forms(slug)
    assert forms, f"{slug}: no move form in its first turns"
    for form in forms:
        assert _drawn(form, MOVE_FORM_RENDERER) == _drawn(form, DJANGO)
