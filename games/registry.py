"""The engine registry: each game app registers its engine (and its pages) here.

A game app calls :func:`register` from its ``AppConfig.ready``; adding a game is
one new app and one line in ``INSTALLED_APPS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import Engine


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its engine and how its pages render it."""

    engine: Engine[Any]
    form_class: type | None
    view_template: str
    form_template: str


_REGISTRY: dict[str, GameEntry] = {}


def register(
    engine: Engine[Any],
    *,
    form_class: type | None = None,
    view_template: str | None = None,
    form_template: str | None = None,
) -> None:
    """Register ``engine`` under its slug; registering the same slug again replaces it."""
    slug = engine.slug
    _REGISTRY[slug] = GameEntry(
        engine=engine,
        form_class=form_class,
        view_template=view_template or f"{slug}/view.html",
        form_template=form_template or f"{slug}/form.html",
    )


def get_entry(slug: str) -> GameEntry:
    """The registered entry for ``slug``; KeyError if no such game."""
    return _REGISTRY[slug]


def get_engine(slug: str) -> Engine[Any]:
    """The registered engine for ``slug``; KeyError if no such game."""
    return _REGISTRY[slug].engine


def slugs() -> list[str]:
    """Every registered slug, sorted."""
    return sorted(_REGISTRY)


def engines() -> list[Engine[Any]]:
    """Every registered engine, by slug."""
    return [_REGISTRY[s].engine for s in slugs()]
