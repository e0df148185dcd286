"""'/seasons/: ... the Final as a bracket' (issue 26): the finale's stages with their players, each leg's
result and a link to its match, on /seasons/ and the season page (``seasons.bracket.final_bracket``)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from seasons.bracket import SEMI_WINNER, final_bracket
from seasons.models import FinalLeg, Season
from seasons.services.final import final_leg_start
from seasons.services.host import entrant_eliminate_by_host
from tests.seasons.factories import crown_champion, play_to_end, started_season

pytestmark = pytest.mark.django_db

PLAYERS = ["ann", "bob", "cat", "dan"]


def _down_to(season: Season, keep: int) -> Season:
    from seasons import selectors

    host = season.hosts.first()
    for handle in selectors.alive_handles(season)[keep:]:
        entrant_eliminate_by_host(season=season, handle=handle, user=host, reason="down to the finalists")
    season.refresh_from_db()
    return season


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&#x27;", "'")


def test_no_bracket_before_the_season_reaches_its_final() -> None:
    season = started_season(PLAYERS)
    assert final_bracket(season) is None
    assert 'class="bracket"' not in Client().get(f"/seasons/{season.slug}/").content.decode()
    assert 'class="bracket"' not in Client().get("/seasons/").content.decode()


def test_a_final_under_way_shows_its_players_its_leg_playing_and_a_link_to_it() -> None:
    """A running Final: both players with 0 wins, game 1 'playing', linked to its match, on both pages."""
    season = _down_to(started_season(PLAYERS, finalists=2), 2)
    leg = final_leg_start(season_id=season.pk, game="warriors", user=season.hosts.first(), seed="f1")
    bracket = final_bracket(season)
    assert bracket is not None and [s.label for s in bracket.stages] == ["Final"]
    assert bracket.stages[0].players == leg.players and not bracket.stages[0].winner
    for url in ("/seasons/", f"/seasons/{season.slug}/"):
        page = Client().get(url).content.decode()
        assert 'class="bracket"' in page and f'href="/matches/{leg.match_id}/"' in page
        text = _text(page)
        assert f"Game 1: A Warrior's Death — {leg.players[0]} vs {leg.players[1]} · playing" in text
        assert "best of 3 · first to 2" in text


def test_a_decided_final_shows_each_legs_winner_and_the_champion() -> None:
    """Crowned: every leg says who won it and links to its match; the champion is marked."""
    season = crown_champion(_down_to(started_season(PLAYERS, finalists=2), 2))
    champion = season.champion.handle
    legs = list(FinalLeg.objects.filter(season=season))
    bracket = final_bracket(season)
    assert bracket is not None and bracket.champion == champion and bracket.stages[-1].winner == champion
    assert bracket.stages[-1].wins[champion] == 2
    page = Client().get(f"/seasons/{season.slug}/").content.decode()
    text = _text(page)
    for leg in legs:
        assert f'href="/matches/{leg.match_id}/"' in page
        assert f"Game {leg.number}: A Warrior's Death" in text and f"won by {leg.winner.handle}" in text
    assert f"{champion} 2 🏆 champion" in text
    Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    listing = Client().get("/seasons/").content.decode()
    assert listing.index("Finished") < listing.index('class="bracket"')  # a finished season keeps its bracket


def test_with_three_finalists_the_final_waits_for_the_semifinal_winner_against_the_bye() -> None:
    """With three left: the semifinal between the two without the bye, then the Final of the bye against
    'winner of the semifinal' until it is decided."""
    season = _down_to(started_season(PLAYERS, finalists=3), 3)
    leg = final_leg_start(season_id=season.pk, game="warriors", user=season.hosts.first(), seed="s1")
    bracket = final_bracket(season)
    assert bracket is not None and [s.label for s in bracket.stages] == ["Semifinal", "Final"]
    semi, final = bracket.stages
    assert sorted(semi.players) == sorted(leg.players)
    (bye,) = set(season.entrants.filter(status="alive").values_list("user__username", flat=True)) - set(leg.players)
    assert final.players == [bye, SEMI_WINNER] and not final.legs
    text = _text(Client().get(f"/seasons/{season.slug}/").content.decode())
    assert "Semifinal" in text and f"{bye} 0 winner of the semifinal 0" in text and "No game yet." in text
    play_to_end(leg.match, seed="semi-play")
    assert final_bracket(season).stages[0].legs[0].winner in leg.players


def test_the_bracket_stacks_on_a_phone() -> None:
    """'readable at 360 px, no sideways scroll: stacked on a phone': stages wrap (each at least 16rem wide,
    so two never fit side by side in 360 px) and long names break instead of widening the page."""
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "seasons.css").read_text()
    assert ".bracket { display: flex; flex-wrap: wrap;" in css
    assert "flex: 1 1 16rem; min-width: 0;" in css and "overflow-wrap: anywhere" in css
