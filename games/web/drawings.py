"""Every drawing a process remembers, in one place: one rule for all of them and one :func:`clear`.

A close draws the live part of the page of every seat (games/web/live.py), so what many pages draw alike is drawn
once per process and remembered here: a template as looked up (:func:`pick`), the public part of a
game's view (:func:`shared`), a game's rules text (:func:`rules_body`), each log line (:func:`log_item`), a time
as a format writes it (:func:`date_text`) and a match's submit and check addresses (:func:`match_urls`). Each is
keyed by everything its drawing depends on, so a remembered drawing is the one drawing it again would give.

The rule: under ``settings.DEBUG`` nothing is remembered, every drawing is drawn again (an edited template shows
without a restart); otherwise a drawing is kept, the oldest forgotten first past a bound, until the process ends
or :func:`clear` (a change of the template settings, and tests) forgets them all.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from datetime import datetime
from typing import Any, TypeVar

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import engines
from django.template.loader import select_template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import formats, timezone, translation
from django.utils.html import escape
from django.utils.text import normalize_newlines
from markupsafe import Markup

_R = TypeVar("_R")
_CLEARS: list[Callable[[], None]] = []


class Drawings:
    """The last ``size`` drawings by key (a few MB at most), shared by a process's threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[Any, Markup] = OrderedDict()
        self.lock = threading.Lock()
        _CLEARS.append(self.clear)

    def get(self, key: Any) -> Markup | None:
        """The drawing kept under ``key``; None if none is, or under DEBUG (the rule above)."""
        if settings.DEBUG:
            return None
        with self.lock:
            drawn = self.items.get(key)
            if drawn is not None:
                self.items.move_to_end(key)
            return drawn

    def put(self, key: Any, drawn: Markup) -> None:
        """Keep ``drawn`` under ``key``, forgetting the oldest past ``size``."""
        with self.lock:
            self.items[key] = drawn
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        """Forget every drawing."""
        with self.lock:
            self.items.clear()


def remembered(size: int) -> Callable[[Callable[..., _R]], Callable[..., _R]]:
    """A function of hashable positional arguments remembered by them (``functools.lru_cache`` of ``size``), by the
    rule above."""

    def decorate(function: Callable[..., _R]) -> Callable[..., _R]:
        kept = functools.lru_cache(maxsize=size)(function)
        _CLEARS.append(kept.cache_clear)

        @functools.wraps(function)
        def call(*args: Hashable) -> _R:
            return function(*args) if settings.DEBUG else kept(*args)

        return call

    return decorate


def clear() -> None:
    """Forget every drawing of this process (each is drawn again on its next use)."""
    for forget in _CLEARS:
        forget()


@receiver(setting_changed)
def _templates_changed(*, setting: str, **kwargs: Any) -> None:
    # Django builds its template engines again on these (django.test.signals): a template looked up may differ.
    if setting in {"TEMPLATES", "DEBUG", "INSTALLED_APPS"}:
        clear()


@remembered(256)
def pick(names: tuple[str, ...], using: str = "jinja2") -> Any:
    """The first of the templates ``names`` of the engine ``using`` (``select_template``): a page per seat asks for
    the same game's view and form on every close. Jinja2's by default: what a close draws never crosses back into
    Django's templates."""
    return select_template(list(names), using=using)


def included(names: tuple[str, ...]) -> Any:
    """The Jinja2 template itself of ``pick(names)``, for the live part to ``{% include %}``: a game's view, form
    and key, drawn with the page's own names as an include draws them (not copied into a second context)."""
    return pick(names).template


_SHARED = Drawings(256)


def shared(name: str, **values: Any) -> Markup:
    """The Jinja2 template ``name`` drawn with ``values`` alone, drawn once for all who give the same values.

    The template sees only the names it is given, so what it draws depends on their values alone, and a drawing
    is reused for every viewer and request that gives the same values (the same JSON, in the same zone and
    language). That is how the public part of a game's view (a history table, the X order) is drawn once per
    close instead of once per seat, and it can never show one viewer what another's values drew: equal values,
    equal output. Values that are not JSON are drawn every time.
    """
    jinja = engines["jinja2"]
    try:
        dumped = json.dumps(values, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return Markup(jinja.get_template(name).render(values))  # noqa: S704 - drawn by a template engine
    key = (name, dumped, timezone.get_current_timezone_name(), translation.get_language())
    drawn = _SHARED.get(key)
    if drawn is None:
        drawn = Markup(jinja.get_template(name).render(values))  # noqa: S704 - drawn by a template engine
        _SHARED.put(key, drawn)
    return drawn


_RULES_BODIES = Drawings(64)


def _no_help(card: str) -> str:
    """One helper for every key of ``_RULES_BODIES``: the rules' own help is left out of it."""
    return ""


def rules_body(rules: Any) -> Markup:
    """A game's rules text (the Jinja2 ``games/_rules_body.html``), drawn once per text. The key is the
    ``RulesText`` by value without its ``card_help`` (a game builds a new one, with a new helper function, on every
    call), so a field added later is in the key by itself."""
    jinja = engines["jinja2"]
    try:
        key = dataclasses.replace(rules, card_help=_no_help)
        hash(key)
    except TypeError:  # not a frozen RulesText of hashable parts: draw it each time
        return Markup(jinja.get_template("games/_rules_body.html").render({"rules": rules}))  # noqa: S704
    drawn = _RULES_BODIES.get(key)
    if drawn is None:
        drawn = Markup(jinja.get_template("games/_rules_body.html").render({"rules": rules}))  # noqa: S704
        _RULES_BODIES.put(key, drawn)
    return drawn


@remembered(8192)
def log_item(seq: int, private: bool, text: str) -> str:
    """A log line as the page's ``<li>`` (a private one tagged), its text escaped: the lines of a match never
    change, and every live part draws the whole log."""
    lines = "<br>".join(escape(line) for line in normalize_newlines(text).split("\n"))
    if private:
        return f'<li class="private" data-seq="{seq}"><span class="tag">private</span> {lines}</li>'
    return f'<li class="" data-seq="{seq}">{lines}</li>'


@remembered(1024)
def date_text(value: datetime, zone: Any, fmt: str, language: str | None) -> str:
    """Django's ``date_format`` of ``value`` (a format with the zone's name costs ~75 µs). ``zone`` is in the key
    because aware datetimes compare equal across zones: the same instant shows differently."""
    return formats.date_format(value, fmt)


@remembered(4096)
def _match_urls(match_id: int, prefix: str, urlconf: Any) -> tuple[str, str]:
    return reverse("games:match_submit", args=[match_id]), reverse("games:match_check", args=[match_id])


def match_urls(match_id: int) -> tuple[str, str]:
    """Where a match page posts its move and its check: reversed once per match, not per page drawn (each reversal
    is tens of microseconds)."""
    return _match_urls(match_id, get_script_prefix(), get_urlconf())
