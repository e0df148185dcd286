"""The standings say how each eliminated player left: a host's elimination before the semifinal is not
"eliminated in the semifinal" (it read so when the player had no episode), the semifinal's loser is."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from seasons import selectors
from seasons import standings as board
from seasons.services import episode_start
from seasons.services.final import final_leg_start
from seasons.services.host import entrant_eliminate_by_host
from tests.seasons.factories import HANDLES, play_to_end, started_season

pytestmark = pytest.mark.django_db


def _status_cells(page: str) -> dict[str, str]:
    rows = re.findall(r"<tr class=\"\w+\">\s*<td>(?:🏆 )?(\w+)</td>\s*<td class=\"status\">([^<]*)</td>", page)
    return dict(rows)


def test_a_host_elimination_before_the_semifinal_says_so_and_the_semifinal_loser_says_semifinal() -> None:
    season = started_season(["ann", "bob", "cat", "dan"], finalists=3)
    host = season.hosts.first()
    out = selectors.alive_handles(season)[-1]
    entrant_eliminate_by_host(season=season, handle=out, user=host, reason="left the community")
    words = {s.handle: s.fell for s in board.standings(season)}
    assert words[out] == "eliminated by a host"
    for n in range(6):  # a drawn game does not count: the host starts another
        leg = final_leg_start(season_id=season.pk, game="warriors", user=host, seed=f"semi-{n}")
        play_to_end(leg.match, seed=f"semi-play-{n}")
        out_now = [s for s in board.standings(season) if s.handle in leg.players and s.status == "eliminated"]
        if out_now:
            break
    (loser,) = out_now
    assert loser.fell == "eliminated in the semifinal" and loser.place == 3
    cells = _status_cells(Client().get(f"/seasons/{season.slug}/").content.decode())
    assert cells[out] == "eliminated by a host" and cells[loser.handle] == "eliminated in the semifinal"
    assert sum("semifinal" in text for text in cells.values()) == 1


def test_a_host_elimination_after_an_episode_names_the_host_not_a_death_match() -> None:

    season = started_season(HANDLES[:5])
    host = season.hosts.first()
    episode_start(season_id=season.pk, game="abc", players=HANDLES[:5], user=host, seed="e1")
    entrant_eliminate_by_host(season=season, handle="ann", user=host, reason="")
    assert {s.handle: s.fell for s in board.standings(season)}["ann"] == "eliminated by a host (Episode 1)"
