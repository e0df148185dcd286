"""The game a host chooses for a season's match: an installed game by its slug, a ready game of the library
as ``library:<name>`` (``games.house.library``), or a dealer's own game as ``house:<id>``
(``games.house.selectors``). The choice is stored as is (``Episode.dm_game``,
``Season.dm_game``, the log) and resolved when the match starts, to the latest version of the dealer's
game then (seasons/RULES.md), which the match keeps in its options. These are the reads; the
check that resolves a choice or refuses it is ``seasons.services.game_choice``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.house import library
from games.house import selectors as house
from games.registry import get_engine, slugs


def installed_games(players: int, *, duel: bool = False, fewer: bool = False) -> list[str]:
    """Installed games (not the dealers' games' engine, which plays only a chosen definition) that take
    ``players`` players; ``duel``: that can be a Death Match (2 players); ``fewer``: those that take
    fewer than ``players`` but not ``players`` (the host ticks who plays)."""
    out = []
    for slug in slugs():
        engine = get_engine(slug)
        if slug == house.SLUG:
            continue
        if not duel and engine.max_players <= 2:  # a 2-player-only game is a Death Match, not a Main Match
            continue
        fits = engine.min_players <= players <= engine.max_players
        if fits if not fewer else (engine.max_players < players and not duel):
            out.append(slug)
    return out


def _span(low: int, high: int) -> str:
    return f"{low}" if low == high else f"{low}–{high}"


def installed_label(slug: str, players: int | None) -> str:
    """An installed game as the host's list names it: its default version's name and player range, or, when
    ``players`` play it only as a house variant, that variant named and explained in a sentence
    ("The Exodus Game — house variant for 13: the pool is sized for 13 …")."""
    engine = get_engine(slug)
    name = engine.title_for({})
    change = engine.house_variant(players) if players is not None else ""
    if change:
        return f"{name} — house variant for {players}: {change}"
    return f"{name} ({_span(engine.min_players, engine.max_players)} players)"


def library_label(game: library.LibraryGame) -> str:
    """A library game as the host's list names it: "Only one (ready game from the library, 2–16 players)"."""
    return f"{game.title} (ready game from the library, {game.span} players)"


def game_choices(user: Any, *, players: int, duel: bool = False, owners: Iterable[Any] = ()) -> list[Any]:
    """The games a host may start for ``players`` players, as choices for a select: installed ones that
    fit, then the library's ready games that fit, then the dealer's own (``user``'s and ``owners``', e.g.
    the season's co-hosts') whose latest version fits. For a Main Match, installed games that take fewer
    players follow in a group of their own (the host ticks who plays)."""
    fitting = [(slug, installed_label(slug, players)) for slug in installed_games(players, duel=duel)]
    kind = "death" if duel else "main"
    fitting += [(g.choice, library_label(g)) for g in library.library_games(players=players, kind=kind)]
    fitting += [(c.value, c.label) for c in house.house_games_fitting(user, players=players, kind=kind, owners=owners)]
    fewer = [(slug, installed_label(slug, None)) for slug in ([] if duel else installed_games(players, fewer=True))]
    if not fewer:
        return fitting
    groups: list[Any] = [(f"For all {players} players", fitting)] if fitting else []
    return [*groups, ("For fewer players (tick who plays)", fewer)]


def game_choice_name(choice: str) -> str:
    """How a stored choice reads on a page: the game's title (a removed dealer's game: the choice itself)."""
    if house.is_house_choice(choice):
        return house.house_choice_title(choice) or choice
    if library.is_library_choice(choice):
        return library.library_game(library.library_choice_name(choice)).title
    try:
        return get_engine(choice).title_for({})
    except KeyError:
        return choice


def game_choice_rules_url(choice: str) -> str:
    """Where a stored choice's rules are read: an installed game's rules page, a dealer's game's latest version's
    ("" when the choice names nothing any more)."""
    from django.urls import NoReverseMatch, reverse

    if house.is_house_choice(choice):
        version = house.house_choice_version(choice)
        return reverse("house:rules", args=[version.game_id, version.number]) if version is not None else ""
    if library.is_library_choice(choice):
        return reverse("house:library_rules", args=[library.library_choice_name(choice)])
    try:
        return reverse("games:rules", args=[choice])
    except NoReverseMatch:
        return ""


def two_player_games() -> list[str]:
    """Installed games a Death Match can be: those that take 2 players (a library's or a dealer's Death Match
    is chosen as ``library:<name>`` or ``house:<id>``, see ``game_choices``)."""
    return installed_games(2, duel=True)
