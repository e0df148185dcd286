"""Every frame a season page's socket receives matches its schema in games/match/events.py (SEASON_SCHEMAS):
the nudges come from the real steps (a finished Main Match, a Death Match's ready check), not hand-sent."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from games.match.events import SEASON_SCHEMAS, check_event
from seasons.models import Season
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season, user
from tests.trust.wsutil import communicator, drain

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def _main_match_then_ready(season: Season) -> None:
    """A Main Match played to its end (closed rounds, public steps: ``timeline``), then the Death Match's
    ready check (``duel``)."""
    from seasons.services import episode_dmo_pick
    from seasons.services.duels import duel_ready

    episode = finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    duel = episode_dmo_pick(pick_id=open_pick(episode).pk, user=user("eve"), dmo="gus")
    duel_ready(duel_id=duel.pk, user=user("eve"))


def test_every_frame_of_the_season_socket_fits_its_schema_and_every_schema_is_used() -> None:
    season = started_season(dm_lead_seconds=900)

    async def watch() -> list[dict[str, Any]]:
        comm = communicator(f"/ws/seasons/{season.slug}/")
        assert (await comm.connect())[0]
        await comm.send_json_to({"event": "ping"})
        await comm.send_json_to({"event": "nonsense"})
        frames = await drain(comm, 0.2)
        await sync_to_async(_main_match_then_ready)(season)
        frames += await drain(comm, 0.5)
        await comm.disconnect()
        return frames

    frames = async_to_sync(watch)()
    seen = {check_event(frame, SEASON_SCHEMAS) for frame in frames}
    assert seen == set(SEASON_SCHEMAS), f"never produced: {set(SEASON_SCHEMAS) - seen}"
    assert all(frame["season"] == season.pk for frame in frames if "season" in frame)


def test_a_match_frame_is_not_a_season_frame() -> None:
    with pytest.raises(ValueError, match="unknown event"):
        check_event({"event": "seat", "match": 1, "seq": 2}, SEASON_SCHEMAS)
    with pytest.raises(ValueError, match="unexpected"):
        check_event({"event": "timeline", "season": 1, "text": "leaked"}, SEASON_SCHEMAS)
