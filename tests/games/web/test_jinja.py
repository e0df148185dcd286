"""The Jinja2 environment of the live part (games/web/jinja.py): Django's meaning for every filter, nothing drawn for an
undefined name, escaping always on, and templates of either engine drawn into a Jinja2 page."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.template import Context, Template, engines
from django.template.loader import select_template
from django.test import RequestFactory, override_settings
from django.utils import timezone
from django.utils.safestring import mark_safe
from jinja2 import ChoiceLoader, DictLoader

from games.web import jinja

JINJA = engines["jinja2"]


def draw(source: str, **names: Any) -> str:
    return str(JINJA.from_string(source).render(names))


def test_the_filters_mean_what_djangos_mean() -> None:
    """``default`` takes a falsy value, ``slice`` slices, ``length`` of None is 0, ``join`` escapes each item, and a
    template library's filter (``get``, ``num``) is there by its name."""
    assert draw('{{ x|default("none") }}', x="") == "none"
    assert draw('{{ x|slice(":2")|join(", ") }}', x=["a", "b", "c"]) == "a, b"
    assert draw("{{ x|length }}", x=None) == "0"
    assert draw('{{ x|join(" & ") }}', x=["<b>", "c"]) == "&lt;b&gt; &amp; c"
    assert draw("{{ x|title }} {{ n|pluralize }} {{ v|yesno('1,0') }}", x="blue mage", n=2, v=False) == "Blue Mage s 0"
    assert draw("{{ d|get('k')|num }}", d={"k": 22.0}) == "22"


def test_a_time_is_drawn_in_the_current_zone_as_djangos_templates_draw_it() -> None:
    moment = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
    source = '{{ t|date("H:i T") }} {{ t|when("D j M, H:i T") }}'
    django = Template("{% load garnet %}{{ t|date:'H:i T' }} {{ t|when:'D j M, H:i T' }}")
    for zone in (UTC, ZoneInfo("America/New_York")):
        with timezone.override(zone):
            assert draw(source, t=moment) == django.render(Context({"t": moment}))


def test_an_undefined_name_or_attribute_draws_nothing_and_escaping_is_on() -> None:
    assert draw("[{{ nobody.there.at_all }}]") == "[]"
    assert draw("{{ x }}{{ y }}", x="<i>", y=mark_safe("<b>")) == "&lt;i&gt;<b>"


def test_draw_takes_a_template_of_either_engine_with_the_callers_names() -> None:
    """A game's view may be a Django template (the suite's toy game) or a Jinja2 one: both draw from the page's
    names."""
    page = JINJA.from_string("{{ draw(t) }}")
    django = select_template(["odds/view.html"])
    assert type(django).__module__ == "django.template.backends.django"
    view = {"public": {"target": 3, "scores": {}, "history": []}, "turn": "Round 1"}
    assert "First to 3 points" in page.render({"t": django, "view": view, "me": None})
    own = select_template(["games/_view_default.html"])
    assert type(own).__module__ == "django.template.backends.jinja2"
    assert "<h2>Round 1</h2>" in page.render({"t": own, "view": view})


@pytest.fixture
def templates() -> Iterator[dict[str, str]]:
    """Templates of the Jinja2 engine by name, for one test."""
    env = JINJA.env
    mine: dict[str, str] = {}
    original = env.loader
    env.loader = ChoiceLoader([DictLoader(mine), original])
    env.cache.clear()
    yield mine
    env.loader = original
    env.cache.clear()


def test_a_shared_drawing_sees_only_its_values_and_is_drawn_once_per_value(templates: dict[str, str]) -> None:
    """``shared`` draws its template from the values it is given alone, so equal values draw equal output for
    every viewer, and the drawing is reused."""
    templates["t/_public.html"] = "[{{ pub.n }}|{{ me }}]"
    page = '{{ shared("t/_public.html", pub=view.public) }}'
    first = draw(page, view={"public": {"n": 1}}, me="ann")
    assert first == "[1|]"  # ``me`` is not among its values: the template cannot show it
    templates["t/_public.html"] = "changed"
    JINJA.env.cache.clear()  # the template is compiled again: only a drawing kept by its values can still show "[1|]"
    assert draw(page, view={"public": {"n": 1}}, me="bob") == first  # the drawing of those values, reused
    assert draw(page, view={"public": {"n": 2}}, me="bob") == "changed"


@override_settings(GARNET_TEMPLATE_SLOTS={"match_loser_label": ["seasons/_loser_label_slot.html"]})
def test_a_slot_draws_the_django_templates_the_settings_name_with_the_pages_names() -> None:
    assert draw('{{ slot("match_loser_label", "fallback") }}', match=None) == "Elimination Candidate"
    assert draw('{{ slot("nothing_here", "fallback") }}') == "fallback"


def test_a_django_page_includes_a_jinja2_template_with_its_names_and_csrf_field() -> None:
    request = RequestFactory().get("/")
    page = Template('{% load garnet %}{% jinja "games/_submit_result.html" %}')
    result = type("Result", (), {"kind": "error", "code": "x", "text": "Too late"})()
    html = page.render(Context({"result": result, "preserve_form": True, "request": request}))
    assert 'data-result="x"' in html and 'hx-swap-oob="innerHTML"' in html


def test_a_games_templates_are_looked_up_once_until_the_templates_change() -> None:
    names = ("abc/view.html", "games/_view_default.html")
    first = jinja.pick(names)
    assert jinja.pick(names) is first
    with override_settings(TEMPLATES=list(settings.TEMPLATES)):
        assert jinja.pick(names) is not first  # the engines were built again: so is the look-up
    with override_settings(DEBUG=True):
        assert jinja.pick(names) is not jinja.pick(names)  # looked up each time, so an edit shows
