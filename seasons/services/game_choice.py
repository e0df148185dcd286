"""Checks of a host's game choice: the game a match starts, or the refusal naming why not."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.house import library
from games.house import selectors as house
from games.registry import slugs
from seasons.selectors.game_choice import installed_games
from seasons.services.errors import GameNotShared, GameUnsuitable, UnknownGame


@dataclass(frozen=True)
class ResolvedGame:
    """A game choice ready for ``match_start``: the engine slug and the options the choice brings (a dealer's
    game: its definition, which names the game on every page through ``Engine.title_for``)."""

    slug: str
    options: dict[str, Any] = field(default_factory=dict)


def game_resolve(choice: str, *, players: int, hosts: Iterable[Any], duel: bool = False) -> ResolvedGame:
    """``choice`` as the game a match starts: a SeasonError naming the problem if it is not one that takes
    ``players`` players (a Death Match: a library's or a dealer's Death Match, or an installed game for 2),
    or if it is a dealer's game that none of ``hosts`` (the season's hosts) designed and that is not
    published yet (issue 47: starting a match would publish another designer's draft; seasons/RULES.md).
    A library game (``library:<name>``) brings its definition, as a dealer's game does."""
    if house.is_house_choice(choice):
        version = house.house_choice_version(choice)
        if version is None:
            raise UnknownGame(f"The dealer's game {choice} no longer exists.")
        if not house.version_usable(version, hosts=hosts):
            raise GameNotShared(
                f"The dealer's game {choice} is not yours to start: a season plays a dealer's game only when "
                "its designer hosts or co-hosts the season, or once it is published."
            )
        if duel and version.kind != "death":
            raise GameUnsuitable(f"{version.title} is a Main Match, not a Death Match.")
        if not version.fits(players):
            low, high = version.players
            raise GameUnsuitable(f"{version.title} takes {low}–{high} players, not {players}.")
        return ResolvedGame(house.SLUG, house.house_options(version))
    if library.is_library_choice(choice):
        game = library.library_game(library.library_choice_name(choice))
        if duel and game.kind != "death":
            raise GameUnsuitable(f"{game.title} is a Main Match, not a Death Match.")
        if not duel and game.kind == "death":
            raise GameUnsuitable(f"{game.title} is a Death Match, not a Main Match.")
        if not game.fits(players):
            raise GameUnsuitable(f"{game.title} takes {game.span} players, not {players}.")
        return ResolvedGame(house.SLUG, library.library_options(game.name))
    if choice == house.SLUG or choice not in slugs():
        raise UnknownGame(f'There is no game "{choice}".')
    if duel and choice not in installed_games(2, duel=True):
        raise GameUnsuitable(f'"{choice}" is not an installed 2-player game.')
    return ResolvedGame(choice)


def game_choice_check(choice: str, *, hosts: Iterable[Any], duel: bool = False, players: int = 2) -> None:
    """A SeasonError unless ``choice`` can be started by a season of ``hosts`` (used when a choice is stored
    for later; the start checks again, as the hosts may have changed meanwhile)."""
    game_resolve(choice, players=players, hosts=hosts, duel=duel)
