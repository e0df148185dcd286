"""Rules panels: each game's rules in our words, as data its pages show.

Every game package has a ``rules_text`` module with ``VARIANTS`` (the variant names
the rules page shows, ``[""]`` for a game without variants) and ``rules(variant)``
returning a :class:`RulesText`. The text restates the game's ``RULES.md``; the
engine never reads it. Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class Table:
    """A small table (a payoff or scoring table): a caption, a header row and body rows."""

    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RulesText:
    """One game (one variant) in our words: what the rules panel and the rules page show."""

    name: str
    variant: str
    summary: tuple[str, ...]
    default_move: str
    tables: tuple[Table, ...] = ()
    abilities: tuple[tuple[str, str], ...] = ()
    ability_heading: str = "Abilities"
    card_help: Callable[[str], str] = field(default=lambda _card: "")
    html: str = ""  # a game's own rules as sanitised HTML (a dealer's game: its definition's Markdown), before the rest
    url: str = ""  # the full rules page, when it is not /games/<slug>/rules/ (a dealer's game: that version's page)

    def help_for(self, card: str) -> str:
        """What the card or unit called ``card`` does, in a line ("" when nothing to say)."""
        return self.card_help(card)


def _module(slug: str):  # noqa: ANN202 - a module object
    # Beside the game's engine, wherever its app lives (a game is one folder, not always under games/).
    from games.registry import get_engine

    package = type(get_engine(slug)).__module__.rpartition(".")[0]
    return import_module(f"{package}.rules_text")


def variants(slug: str) -> list[str]:
    """The variants of ``slug`` that have their own rules ("" for the only one)."""
    return list(_module(slug).VARIANTS)


def rules_for(slug: str, variant: str | None = None) -> RulesText:
    """The rules text of ``slug`` in ``variant`` (the game's first variant when unknown or None)."""
    module = _module(slug)
    names = list(module.VARIANTS)
    chosen = variant if variant in names else names[0]
    return module.rules(chosen)


def rules_for_match(
    slug: str, options: Mapping[str, Any], variant: str | None = None, *, turn_seconds: int | None = None
) -> RulesText:
    """The rules a match of ``slug`` shows: what the game's ``rules_for_options(options, turn_seconds=…)``
    gives when its rules_text module has one and it answers (a dealer's game: the rules of the definition the
    match plays, its rounds as long as the match's own ``turn_seconds``, a season's), else :func:`rules_for`
    ``(slug, variant)``."""
    own = getattr(_module(slug), "rules_for_options", None)
    found = own(options, turn_seconds=turn_seconds) if own is not None else None
    return found if isinstance(found, RulesText) else rules_for(slug, variant)
