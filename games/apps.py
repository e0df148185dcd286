"""The framework's app, and the AppConfig base every game app uses (one line of settings per game)."""

from __future__ import annotations

import inspect
from importlib import import_module
from typing import Any

from django.apps import AppConfig, apps
from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Matches"


class GameAppConfig(AppConfig):
    """A game app: ``ready`` registers ``<app>.engine``'s engine and ``<app>.forms.MoveForm`` with the registry.

    A game's ``apps.py`` names only itself (import the module, not the class: Django picks the one
    AppConfig subclass an ``apps.py`` holds)::

        from games import apps as base

        class ToyConfig(base.GameAppConfig):
            name = "games.toy"
            verbose_name = "Toy"

    The engine is the one ``BaseEngine`` subclass defined in ``<app>/engine.py`` (set ``engine_class``
    to its name if the module defines several); without a ``forms.py`` the page falls back to a JSON
    box (:class:`games.forms.JsonMoveForm`). The label defaults to ``game_<slug>``.
    """

    engine_class: str | None = None

    def __init__(self, app_name: str, app_module: Any) -> None:
        if "label" not in type(self).__dict__:
            self.label = f"game_{app_name.rpartition('.')[2]}"
        super().__init__(app_name, app_module)

    def ready(self) -> None:
        from games.registry import register

        engine = self.find_engine_class()()
        try:
            form_class = getattr(import_module(f"{self.name}.forms"), "MoveForm", None)
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.name}.forms":
                raise
            form_class = None
        register(engine, form_class=form_class)
        self.slug = engine.slug

    def find_engine_class(self) -> type:
        """The engine class of ``<app>/engine.py``: ``engine_class`` by name, else the one defined there."""
        from games.engine import BaseEngine

        module = import_module(f"{self.name}.engine")
        if self.engine_class:
            return getattr(module, self.engine_class)
        found = [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, BaseEngine) and c.__module__ == module.__name__
        ]
        if len(found) != 1:
            raise ImproperlyConfigured(
                f"{self.name}.engine must define exactly one BaseEngine subclass "
                f"(found {len(found)}); set engine_class on {type(self).__name__}"
            )
        return found[0]


@checks.register()
def check_game_apps(**kwargs: Any) -> list[checks.CheckMessage]:
    """Every ``GAME_APPS`` entry is installed as a :class:`GameAppConfig` (a misspelt one fails loudly),
    and holds every piece the framework's pages need (:func:`game_app_problems`)."""
    errors: list[checks.CheckMessage] = []
    for name in getattr(settings, "GAME_APPS", []):
        config = next((c for c in apps.get_app_configs() if c.name == name), None)
        if not isinstance(config, GameAppConfig):
            errors.append(
                checks.Error(
                    f"GAME_APPS entry {name!r} is not an installed game app",
                    hint="Its apps.py must subclass games.apps.GameAppConfig.",
                    id="games.E001",
                )
            )
            continue
        errors.extend(game_app_problems(config))
    return errors


def game_app_problems(config: GameAppConfig) -> list[checks.CheckMessage]:
    """What the match pages would crash on, found at start-up instead (games/README.md's package shape):
    ``games.E002``, no ``<app>/rules_text.py`` with ``VARIANTS`` (a non-empty list of names) and
    ``rules(variant)``, the rules panel every match page shows. (Templates and ``forms.py`` have
    framework defaults, so they are not checked here.)"""
    try:
        module = import_module(f"{config.name}.rules_text")
    except ModuleNotFoundError as exc:
        if exc.name != f"{config.name}.rules_text":
            raise
        module = None
    if module is not None and callable(getattr(module, "rules", None)) and getattr(module, "VARIANTS", None):
        return []
    return [
        checks.Error(
            f"game app {config.name!r} has no usable rules_text.py: its match pages would fail",
            hint='Add rules_text.py with VARIANTS = [""] (or the variant names) and rules(variant) '
            "returning a games.rules_text.RulesText (see games/README.md).",
            obj=config.name,
            id="games.E002",
        )
    ]
