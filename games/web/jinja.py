"""The Jinja2 environment of everything a close draws: the live part of a match page (``games/jinja2/``) and the
games' own views and forms (``<app>/jinja2/<slug>/``).

Every close draws the live part once per seat, and Django's template engine spent about 1.5 ms of CPU on each
(bench/README.md, issue 29): Jinja2 compiles a template to Python once, so these pages are Jinja2 templates while
the rest of the site stays in Django's. The boundary is one-way: a Django page may take a Jinja2 drawing (the
match page takes its live part drawn, ``games.web.views``), and nothing drawn here draws a Django template (a
game's view, form and key are looked up among Jinja2's alone, ``games.web.drawings.included``). What a process remembers
of its drawings is in ``games.web.drawings``.

The filters are the Django template libraries' own functions (``OPTIONS["libraries"]`` names them, so this module
imports no app above the framework) and the Django built-ins the templates use, all with Django's meaning
(``{{ x|default("none") }}`` is ``{{ x|default:"none" }}``). Undefined names and attributes draw nothing, as in
Django's templates.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import Any

from django.conf import settings
from django.template import defaultfilters, engines
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from jinja2 import ChainableUndefined, Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from games.web.drawings import pick, shared

# Django's built-in filters the templates use, with Django's meaning, so a filter reads the same in both kinds of
# template (Jinja2's own ``default``, ``slice``, ``length``, ``join`` and ``title`` differ: ``slice`` makes columns,
# ``default`` ignores a falsy value, ``length`` of None raises).
_DJANGO_BUILTINS = (
    "add",
    "capfirst",
    "center",
    "cut",
    "date",
    "default",
    "default_if_none",
    "first",
    "join",
    "last",
    "length",
    "linebreaksbr",
    "lower",
    "pluralize",
    "pprint",
    "slice",
    "stringformat",
    "title",
    "upper",
    "yesno",
)


def _django_filter(function: Callable[..., Any]) -> Callable[..., Any]:
    """A Django filter as Jinja2 calls it: a time in the current zone when it expects one (Django's templates
    convert it before the filter), and escaping on when it asks whether it is."""
    localtime = getattr(function, "expects_localtime", False)
    autoescape = getattr(function, "needs_autoescape", False)
    if not (localtime or autoescape):
        return function

    @functools.wraps(function)
    def wrapped(value: Any, *args: Any) -> Any:
        if localtime:
            value = timezone.template_localtime(value)  # type: ignore[attr-defined]  # not in the stubs
        return function(value, *args, autoescape=True) if autoescape else function(value, *args)

    return wrapped


def _url(name: str, *args: Any, **kwargs: Any) -> str:
    """``{% url %}``: the path of the view ``name``."""
    return reverse(name, args=args or None, kwargs=kwargs or None)


def slot_drawn(name: str, names: Mapping[Any, Any], default: str = "", *, using: str) -> Markup:
    """What the apps above put in a page's slot ``name``: each template ``settings.GARNET_TEMPLATE_SLOTS`` lists for
    it, of the page's own engine ``using``, drawn with the page's ``names`` (as an include would), in order;
    ``default`` (escaped) when none draws anything. The one drawing of a slot, for both engines' pages. A Jinja2
    page's ``names`` are its context's all (``Context.get_all()``: the environment's globals among them).

    The framework's pages name slots and never a template of an app above them (seasons, reach, story):
    the project's settings, which know every app, say what fills them (tests/games/test_template_layers.py).
    """
    drawn = "".join(_drawn(t, names, using) for t in settings.GARNET_TEMPLATE_SLOTS.get(name, ()))
    return Markup(drawn.strip()) if drawn.strip() else escape(default)  # noqa: S704 - drawn by a template engine


def _drawn(name: str, names: Mapping[Any, Any], using: str) -> str:
    template = pick((name,), using)
    if using == "jinja2":
        # As ``{% include %}`` draws: a Jinja2 page's names already hold the environment's globals, so they are
        # used as they are (``shared``), not merged with the globals into a second copy (issue 45: every seat's page
        # draws the live part's slots on every close).
        return str(template.template.make_module(dict(names), shared=True))
    return str(template.render(names))


@pass_context
def slot(context: Context, name: str, default: str = "") -> Markup:
    """``slot_drawn`` of the Jinja2 slot ``name`` with this template's names (the live part's slots)."""
    return slot_drawn(name, context.get_all(), default, using="jinja2")


def render(name: str, context: Mapping[Any, Any], request: Any = None) -> str:
    """The Jinja2 template ``name`` drawn with ``context`` (and, given a request, its CSRF field as ``csrf_input``)."""
    return str(engines["jinja2"].get_template(name).render(dict(context), request))


def _library_filters(paths: Iterable[str]) -> dict[str, Callable[..., Any]]:
    filters: dict[str, Callable[..., Any]] = {}
    for path in paths:
        library = import_module(path).register
        filters.update({name: _django_filter(f) for name, f in library.filters.items()})
    return filters


def environment(*, libraries: Iterable[str] = (), **options: Any) -> Environment:
    """The environment of ``TEMPLATES``' Jinja2 engine: ``libraries`` are the Django template libraries (dotted
    module paths) whose filters and tags the templates use, as filters and globals of the same names."""
    options["undefined"] = ChainableUndefined  # Django's backend would pick DebugUndefined under DEBUG
    options.pop("autoescape", None)  # always on, whatever a setting says
    env = Environment(autoescape=True, **options)
    env.filters.update({name: _django_filter(defaultfilters.register.filters[name]) for name in _DJANGO_BUILTINS})
    env.filters.update(_library_filters(libraries))
    env.globals.update(url=_url, static=static, slot=slot, shared=shared)
    for path in libraries:
        # A library's simple tags (``log_items``, ``rules_body``) are plain functions of their arguments.
        for name, tag in getattr(import_module(path), "JINJA_GLOBALS", {}).items():
            env.globals[name] = tag
    return env
