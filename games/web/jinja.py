"""The Jinja2 environment of the live part of a match page (``games/jinja2/``) and of the games' own templates.

Every close draws the live part once per seat, and Django's template engine spent about 1.5 ms of CPU on each
(bench/README.md, issue 29): Jinja2 compiles a template to Python once, so the hot pages are Jinja2 templates
while the rest of the site stays in Django's. Both engines are in ``TEMPLATES``: a game's templates may be
either kind, and :func:`draw` draws either from a Jinja2 template.

The filters are the Django template libraries' own functions (``OPTIONS["libraries"]`` names them, so this module
imports no app above the framework) and the Django built-ins the templates use, all with Django's meaning
(``{{ x|default("none") }}`` is ``{{ x|default:"none" }}``). Undefined names and attributes draw nothing, as in
Django's templates.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import defaultfilters, engines
from django.template.loader import select_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone, translation
from jinja2 import ChainableUndefined, Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from games.web.drawings import Drawings

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

_SHARED = Drawings(256)


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


@pass_context
def draw(context: Context, template: Any, **values: Any) -> Markup:
    """A template of either engine (a ``select_template`` result) drawn with this template's names and ``values``:
    how a Jinja2 template includes a game's view or form, whichever engine the game wrote it for."""
    return Markup(template.render({**context.get_all(), **values}))  # noqa: S704 - drawn by a template engine


@pass_context
def slot(context: Context, name: str, default: str = "") -> Markup | str:
    """What the apps above put in the page's slot ``name`` (see ``games.templatetags.garnet.slot``): the templates
    ``settings.GARNET_TEMPLATE_SLOTS`` lists for it (of either engine: the live part's are Jinja2), drawn with this
    template's names, in order; ``default`` when none draws anything."""
    names = context.get_all()
    drawn = "".join(pick((t,)).render(names) for t in settings.GARNET_TEMPLATE_SLOTS.get(name, ()))
    return Markup(drawn.strip()) if drawn.strip() else default  # noqa: S704 - drawn by a template engine


def shared(template: str, **values: Any) -> Markup:
    """The Jinja2 template ``template`` drawn with ``values`` alone, drawn once for all who give the same values.

    The template sees only the names it is given, so what it draws depends on their values alone, and a drawing
    is reused for every viewer and request that gives the same values (the same JSON), in this process. That is
    how the public part of a game's view (a history table, the X order) is drawn once per close instead of once
    per seat, and it can never show one viewer what another's values drew: equal values, equal output. Values
    that are not JSON are drawn every time.
    """
    jinja = engines["jinja2"]
    try:
        dumped = json.dumps(values, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return Markup(jinja.get_template(template).render(values))  # noqa: S704 - drawn by a template engine
    key = (template, dumped, timezone.get_current_timezone_name(), translation.get_language())
    drawn = None if settings.DEBUG else _SHARED.get(key)  # under DEBUG an edited template shows at once
    if drawn is None:
        drawn = jinja.get_template(template).render(values)
        _SHARED.put(key, drawn)
    return Markup(drawn)  # noqa: S704 - drawn by a template engine


def render(name: str, context: Mapping[Any, Any], request: Any = None) -> str:
    """The Jinja2 template ``name`` drawn with ``context`` (and, given a request, its CSRF field as ``csrf_input``)."""
    return str(engines["jinja2"].get_template(name).render(dict(context), request))


def pick(names: tuple[str, ...]) -> Any:
    """``select_template(names)`` of either engine, looked up once per process: a page per seat asks it for the
    same game's view and form on every close, and the Django engine's miss for a Jinja2 template is an exception.
    Under DEBUG it is looked up every time, so an edited template shows without a restart."""
    return select_template(list(names)) if settings.DEBUG else _picked(names)


@functools.lru_cache(maxsize=256)
def _picked(names: tuple[str, ...]) -> Any:
    return select_template(list(names))


@receiver(setting_changed)
def _forget_picks(*, setting: str, **kwargs: Any) -> None:
    if setting == "TEMPLATES":
        _picked.cache_clear()


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
    env.globals.update(url=_url, static=static, draw=draw, slot=slot, shared=shared)
    for path in libraries:
        # A library's simple tags (``log_items``, ``rules_body``) are plain functions of their arguments.
        for name, tag in getattr(import_module(path), "JINJA_GLOBALS", {}).items():
            env.globals[name] = tag
    return env
