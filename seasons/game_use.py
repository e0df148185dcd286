"""A dealer's game page asks: in which of my seasons can this game be used, and how (issue 38)? Reads only;
the page's slot (``house_game_use``) draws the answer, so the game app knows nothing of seasons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from games.house.models import HouseGame
from seasons import selectors
from seasons.models import Episode, Season


@dataclass(frozen=True)
class GameUse:
    """One of the host's seasons as the game's page shows it: what the game can do there, or why not."""

    season: Season
    alive: int
    text: str
    link: str = ""  # a page to go on to (the console, with the game chosen)
    link_text: str = ""
    widen_to: int = 0  # a count the game's range must take to fit (0: it fits)
    make_dm: str = ""  # the choice to post to make it the season's Death Match game


def house_game_uses(user: Any, game: HouseGame) -> list[GameUse]:
    """Each unfinished season ``user`` hosts, with how ``game`` (its latest version) can be used in it."""
    version = game.latest
    choice = f"house:{game.pk}"
    out: list[GameUse] = []
    for season in selectors.seasons_hosted_by(user).exclude(status=Season.Status.FINISHED):
        alive = (
            len(selectors.alive_handles(season)) if season.status != Season.Status.DRAFT else season.entrants.count()
        )
        console = reverse("season_host", args=[season.slug])
        if version.kind == "death":
            if season.dm_game == choice:
                out.append(GameUse(season, alive, "It is this season's Death Match game."))
            else:
                out.append(GameUse(season, alive, "Make it the season's default Death Match game.", make_dm=choice))
            continue
        if not version.fits(alive):
            low, high = version.players
            out.append(
                GameUse(season, alive, f"It takes {low}–{high} players; {alive} are in this season.", widen_to=alive)
            )
        elif season.status == Season.Status.DRAFT:
            out.append(
                GameUse(
                    season,
                    alive,
                    "Start the season first; its first episode can then play it.",
                    console,
                    "Host console",
                )
            )
        elif season.episodes.exclude(status=Episode.Status.DONE).exists():
            out.append(
                GameUse(season, alive, "An episode is in progress: use it for the next one.", console, "Host console")
            )
        else:
            out.append(
                GameUse(
                    season,
                    alive,
                    "Ready for the next episode's Main Match.",
                    f"{console}?game={choice}#episode",
                    "Start an episode with it",
                )
            )
    return out
