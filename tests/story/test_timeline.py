"""The season page's timeline: public events newest first, each linking the match at that turn, nudged
live over the season's socket by public steps only."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from games.match import broadcast
from reach.services.clarify import clarification_post
from seasons.models import Season
from seasons.services.host import entrant_eliminate_by_host
from story.broadcast import group_season
from story.selectors import timeline
from story.services import confessional_write
from tests.seasons.factories import abc_episode, finish_mm, play_to_end, started_season, user
from tests.trust.wsutil import communicator, drain

pytestmark = pytest.mark.django_db


@pytest.fixture
def pushes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    sent: list[tuple[str, dict[str, Any]]] = []

    def record(events: Any) -> int:
        batch = list(events)
        sent.extend(batch)
        return len(batch)

    monkeypatch.setattr(broadcast, "send", record)
    return sent


def _season_pushes(sent: list[tuple[str, dict[str, Any]]], season: Season) -> list[dict[str, Any]]:
    return [p for g, p in sent if g == group_season(season.pk)]


def test_the_timeline_tells_the_episode_newest_first_with_links_to_the_turn() -> None:
    season = started_season()
    ep = abc_episode(season)
    assert ep.mm_match is not None
    play_to_end(ep.mm_match, seed="tl")
    entries = timeline(season)
    texts = [e.text for e in entries]
    assert texts[-1].startswith("The season started")
    assert any("Main Match (The ABC Game) started" in t for t in texts)
    assert any("was named the Elimination Candidate (EC)" in t for t in texts)
    rounds = [e for e in entries if e.kind == "round"]
    assert rounds and all(f"/matches/{ep.mm_match.pk}/" in e.url for e in rounds)
    assert [e.at for e in entries] == sorted((e.at for e in entries), reverse=True)
    page = Client().get(f"/seasons/{season.slug}/").content.decode()
    assert 'id="timeline"' in page and "?turn=" in page


def test_public_steps_push_and_sealed_confessionals_do_not(
    pushes: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    season = started_season()
    season.hosts.add(user("host"))
    with django_capture_on_commit_callbacks(execute=True):
        confessional_write(season=season, user=user("ann"), text="sealed")
    assert _season_pushes(pushes, season) == []
    with django_capture_on_commit_callbacks(execute=True):
        clarification_post(user=user("host"), text="Ties go to the gamewide order.", season=season)
    assert _season_pushes(pushes, season) == [{"type": "season.event", "event": "timeline", "season": season.pk}]
    pushes.clear()
    with django_capture_on_commit_callbacks(execute=True):
        ep = abc_episode(season)
    assert _season_pushes(pushes, season)
    pushes.clear()
    with django_capture_on_commit_callbacks(execute=True):
        finish_mm(ep, winners=["bob"], candidates=["ann"])
        entrant_eliminate_by_host(season=season, handle="cat", user=user("host"), reason="left")
    assert _season_pushes(pushes, season)
    assert all(set(p) == {"type", "event", "season"} for p in _season_pushes(pushes, season))  # never any text


@pytest.mark.django_db(transaction=True)
def test_the_season_socket_admits_everyone_and_relays_the_nudge() -> None:
    season = started_season()

    async def probe() -> list[Any]:
        comm = communicator(f"/ws/seasons/{season.slug}/")
        connected, _ = await comm.connect()
        assert connected
        hello = await drain(comm, 0.2)
        from channels.layers import get_channel_layer

        await get_channel_layer().group_send(
            group_season(season.pk), {"type": "season.event", "event": "timeline", "season": season.pk}
        )
        frames = await drain(comm, 0.5)
        await comm.disconnect()
        return hello + frames

    frames = async_to_sync(probe)()
    assert frames[0]["event"] == "hello"
    assert {"event": "timeline", "season": season.pk} in frames
