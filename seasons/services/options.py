"""What the season passes into a match's ``options``: per game, the facts its rules read from the season.

- games that declare a season option ``garnets`` (ABC) get ``{"garnets": {player: free balance}}``;
- ``exodia`` gets its twist roles: ``mm_winners`` (the previous episode's MM
  winners), ``dm_winner`` (the previous episode's DM winner) and the
  ``gamewide_order`` (the season's, restricted to the match's players);
- a Death Match game gets ``advantage``: the DMO.

The host's own options (``extra``) are applied last and win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.registry import get_engine
from seasons import selectors
from seasons.models import Episode, Season

TWIST_GAMES = frozenset({"exodia"})
ADVANTAGE_GAMES = frozenset({"warriors"})


def _takes_garnets(game: str) -> bool:
    """Whether the game's engine declares the season option ``garnets`` (the balances brought in)."""
    spec = get_engine(game).option_spec("garnets")
    return spec is not None and spec.season


def previous_episode(season: Season, number: int) -> Episode | None:
    """The episode before ``number``, if any."""
    return Episode.objects.filter(season=season, number__lt=number).order_by("-number").first()


def mm_options(*, season: Season, game: str, players: Sequence[str], number: int,
               extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options of episode ``number``'s Main Match of ``game`` for ``players``."""
    options: dict[str, Any] = {}
    if _takes_garnets(game):
        live = {}
        for handle in players:
            entrant = selectors.entrant_by_handle(season, handle)
            live[handle] = max(0, selectors.live_garnets(entrant)) if entrant else 0
        options["garnets"] = live
    if game in TWIST_GAMES:
        options["gamewide_order"] = [h for h in season.gamewide_order if h in players] + \
            [h for h in players if h not in season.gamewide_order]
        prev = previous_episode(season, number)
        if prev is not None:
            options["mm_winners"] = [w for w in prev.mm_winners if w in players]
            dm_winners = [w for w in dm_winners_of(prev) if w in players]
            if dm_winners:
                options["dm_winner"] = dm_winners[0]
    options.update(dict(extra or {}))
    return options


def dm_options(*, game: str, dmo: str, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options of a Death Match: the DMO holds the advantage."""
    options: dict[str, Any] = {"advantage": dmo} if game in ADVANTAGE_GAMES else {}
    options.update(dict(extra or {}))
    return options


def dm_winners_of(episode: Episode) -> list[str]:
    """The winners of an episode's decided Death Matches (the side of each duel that did not lose)."""
    out = []
    for duel in episode.duels.select_related("ec__user", "dmo__user", "loser"):
        if duel.loser_id is not None and duel.dmo is not None:
            out.append(duel.dmo.handle if duel.loser_id == duel.ec_id else duel.ec.handle)
    return out
