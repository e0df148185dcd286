"""Websocket of a season's page: public nudges that the timeline changed (anyone may watch)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from games.web.consumers import ListenOnlyConsumer
from seasons.models import Season
from story.broadcast import group_season


@database_sync_to_async
def _season_id(slug: str) -> int | None:
    return Season.objects.filter(slug=slug).values_list("pk", flat=True).first()


class SeasonConsumer(ListenOnlyConsumer):
    """``/ws/seasons/<slug>/``: the season's public group; every viewer gets the same frames."""

    group: str | None = None

    async def connect(self) -> None:
        season_id = await _season_id(str(self.scope["url_route"]["kwargs"]["slug"]))
        if season_id is None:
            await self.close(code=4404)
            return
        self.group = group_season(season_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"event": "hello", "season": season_id})

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def season_event(self, event: dict[str, Any]) -> None:
        await self.send_event(event)
