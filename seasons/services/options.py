"""What the season passes into a match's ``options``: the options a game declares with ``season=True``.

A game says which season facts its rules read by declaring them (``games/engine.OptionSpec``):

- ``garnets`` (player → whole number): each player's live garnet balance;
- ``gamewide_order``: the season's tiebreak order, restricted to the match's players;
- ``mm_winners`` / ``dm_winner``: the previous episode's Main Match winners / Death Match winner;
- ``advantage`` (a player): in a Death Match, the DMO, who holds the advantage.

The host's own options (``extra``) are checked against the game's schema and win over defaults;
the player count is checked against what the chosen options allow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import RuleError
from games.options import options_clean, players_check
from games.registry import get_engine, slugs
from seasons import selectors
from seasons.models import Episode, Season
from seasons.services.errors import MatchSetupRefused, UnknownGame


def _takes_garnets(game: str) -> bool:
    """Whether the game's engine declares the season option ``garnets`` (the balances brought in)."""
    spec = get_engine(game).option_spec("garnets")
    return spec is not None and spec.season


def previous_episode(season: Season, number: int) -> Episode | None:
    """The episode before ``number``, if any."""
    return Episode.objects.filter(season=season, number__lt=number).order_by("-number").first()


def season_filled(game: str) -> set[str]:
    """The names of the options ``game`` declares for the season to fill in."""
    return {o.name for o in get_engine(game).options_schema if o.season}


def _season_facts(*, season: Season, wanted: set[str], players: Sequence[str], number: int) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    if "garnets" in wanted:
        live = {}
        for handle in players:
            entrant = selectors.entrant_by_handle(season, handle)
            live[handle] = max(0, selectors.live_garnets(entrant)) if entrant else 0
        facts["garnets"] = live
    if "gamewide_order" in wanted:
        facts["gamewide_order"] = [h for h in season.gamewide_order if h in players] + [
            h for h in players if h not in season.gamewide_order
        ]
    prev = previous_episode(season, number) if wanted & {"mm_winners", "dm_winner"} else None
    if prev is not None:
        if "mm_winners" in wanted:
            facts["mm_winners"] = [w for w in prev.mm_winners if w in players]
        dm_winners = [w for w in dm_winners_of(prev) if w in players]
        if "dm_winner" in wanted and dm_winners:
            facts["dm_winner"] = dm_winners[0]
    return facts


def match_options(
    *, game: str, players: Sequence[str], facts: Mapping[str, Any], extra: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The host's ``extra`` cleaned against ``game``'s schema, the season's ``facts`` under them, the count checked."""
    if game not in slugs():
        raise UnknownGame(f'There is no game "{game}".')
    engine = get_engine(game)
    try:
        options = {**facts, **options_clean(engine.options_schema, extra, players=players)}
        players_check(engine, options, len(players))
    except RuleError as exc:
        raise MatchSetupRefused(str(exc)) from exc
    return options


def mm_options(
    *, season: Season, game: str, players: Sequence[str], number: int, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The options of episode ``number``'s Main Match of ``game`` for ``players``."""
    if game not in slugs():
        raise UnknownGame(f'There is no game "{game}".')
    facts = _season_facts(season=season, wanted=season_filled(game), players=players, number=number)
    return match_options(game=game, players=players, facts=facts, extra=extra)


def dm_options(*, game: str, dmo: str, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options of a Death Match: the DMO holds the advantage, if the game declares one."""
    options: dict[str, Any] = {"advantage": dmo} if "advantage" in season_filled(game) else {}
    options.update(dict(extra or {}))
    return options


def dm_winners_of(episode: Episode) -> list[str]:
    """The winners of an episode's decided Death Matches (the side of each duel that did not lose)."""
    out = []
    for duel in episode.duels.select_related("ec__user", "dmo__user", "loser"):
        if duel.loser_id is not None and duel.dmo is not None:
            out.append(duel.dmo.handle if duel.loser_id == duel.ec_id else duel.ec.handle)
    return out
