"""The Jinja2 environment of the live part (games/web/jinja.py): Django's meaning for every filter, nothing drawn for an
undefined name, escaping always on, a one-way boundary (a Django page takes Jinja2's drawings, never the other way
round), and the drawings a process remembers (games/web/drawings.py): one rule under DEBUG, one clear."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.template import Context, Template, TemplateDoesNotExist, engines
from django.test import override_settings
from django.utils import timezone
from django.utils.safestring import mark_safe
from jinja2 import ChoiceLoader, DictLoader

from games.web import drawings


def jinja() -> Any:
    """The Jinja2 engine as the code under test finds it now: Django builds its engines again after a test
    overrides TEMPLATES, so one kept at import went stale when such a test ran first (issue 47, random order)."""
    return engines["jinja2"]


def draw(source: str, **names: Any) -> str:
    return str(jinja().from_string(source).render(names))


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


def test_the_live_part_includes_a_jinja2_template_with_its_names_and_never_a_django_one() -> None:
    """A game's view is a Jinja2 template (the suite's toy game's too), included with the page's names; the games'
    templates are looked up among Jinja2's alone, so what a close draws never crosses back into Django's."""
    page = jinja().from_string("{% include t %}")
    toy = drawings.included(("odds/view.html",))
    assert type(toy).__module__ == "jinja2.environment"
    view = {"public": {"target": 3, "standing": [], "rounds": [[1, 2]]}, "turn": "Round 1"}
    assert "First to 3 points" in page.render({"t": toy, "view": view, "me": None})
    assert "<li>1 + 2</li>" in page.render({"t": toy, "view": view, "me": None})
    own = drawings.included(("games/_view_default.html",))
    assert "<h2>Round 1</h2>" in page.render({"t": own, "view": view})
    with pytest.raises(TemplateDoesNotExist):
        drawings.included(("games/match_detail.html",))  # a Django template: not Jinja2's to draw


@pytest.fixture
def templates() -> Iterator[dict[str, str]]:
    """Templates of the Jinja2 engine by name, for one test."""
    env = jinja().env
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
    jinja().env.cache.clear()  # the template is compiled again: only a drawing kept by its values can still show "[1|]"
    assert draw(page, view={"public": {"n": 1}}, me="bob") == first  # the drawing of those values, reused
    assert draw(page, view={"public": {"n": 2}}, me="bob") == "changed"


@override_settings(GARNET_TEMPLATE_SLOTS={"match_loser_label": ["seasons/_loser_label_slot.html"]})
def test_a_slot_draws_the_django_templates_the_settings_name_with_the_pages_names() -> None:
    assert draw('{{ slot("match_loser_label", "fallback") }}', match=None) == "Elimination Candidate"
    assert draw('{{ slot("nothing_here", "fallback") }}') == "fallback"


def test_a_django_page_draws_a_django_slot_and_a_jinja2_page_a_jinja2_one_by_the_same_function() -> None:
    """``{% slot %}`` and ``slot()`` are one drawing (``jinja.slot_drawn``), each of its page's own engine."""
    page = Template('{% load garnet %}[{% slot "x" "<none>" %}]')
    with override_settings(GARNET_TEMPLATE_SLOTS={"x": ["games/_move_check.html"]}):
        assert draw('{{ slot("x") }}', problem="<late>").startswith('<p class="errors">Not allowed yet: &lt;late&gt;')
    with override_settings(GARNET_TEMPLATE_SLOTS={"x": ["accounts/password_reset_subject.txt"]}):
        assert page.render(Context({})) == "[Your Garnet password]"
        with pytest.raises(TemplateDoesNotExist):
            draw('{{ slot("x") }}')  # a Django template is not Jinja2's to draw
    with override_settings(GARNET_TEMPLATE_SLOTS={}):
        # A Django template's literal is safe as written; a Jinja2 one is escaped, as any value.
        assert page.render(Context({})) == "[<none>]" and draw('[{{ slot("x", "<none>") }}]') == "[&lt;none&gt;]"


def test_the_games_templates_are_looked_up_once_until_the_templates_change() -> None:
    names = ("abc/view.html", "games/_view_default.html")
    first = drawings.pick(names)
    assert drawings.pick(names) is first
    with override_settings(TEMPLATES=list(settings.TEMPLATES)):
        assert drawings.pick(names) is not first  # the engines were built again: so is the look-up
    with override_settings(DEBUG=True):
        assert drawings.pick(names) is not drawings.pick(names)  # looked up each time, so an edit shows


def test_every_drawing_follows_one_rule_under_debug_and_one_clear_forgets_them_all() -> None:
    """Under DEBUG nothing is remembered (an edit shows at once); otherwise a drawing is kept until ``clear()``."""
    from games.rules_text import rules_for

    rules = rules_for("abc")
    first, looked_up = drawings.rules_body(rules), drawings.pick(("games/_view_default.html",))
    assert drawings.rules_body(rules) is first and drawings.pick(("games/_view_default.html",)) is looked_up
    with override_settings(DEBUG=True):
        assert drawings.rules_body(rules) is not drawings.rules_body(rules)  # drawn again each time
        assert drawings.log_item(1, False, "a") is not drawings.log_item(1, False, "a")
    kept = drawings.rules_body(rules)
    assert drawings.rules_body(rules) is kept and drawings.log_item(1, False, "a") is drawings.log_item(1, False, "a")
    drawings.clear()
    assert drawings.rules_body(rules) is not kept and drawings.rules_body(rules) == kept
