"""Websockets: a match's watchers get its public pushes, its players their private ones too."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import broadcast
from games.models import Match
from games.selectors import private_last_seq


@database_sync_to_async
def _match_access(match_id: int, user: Any) -> tuple[bool, str | None, dict[str, Any]]:
    """Whether the match exists, the viewer's handle in it, and the sequence numbers they may know."""
    match = Match.objects.filter(pk=match_id).only("pk", "players", "last_seq").first()
    if match is None:
        return False, None, {}
    player = user.username if user is not None and user.is_authenticated and user.username in match.players else None
    seqs: dict[str, Any] = {"seq": match.last_seq}
    if player:
        seqs["private_seq"] = private_last_seq(match.pk, player)
    return True, player, seqs


class MatchConsumer(AsyncJsonWebsocketConsumer):
    """``/ws/matches/<id>/``: pushes for one match; the session decides the private group."""

    groups_joined: list[str]

    async def connect(self) -> None:
        self.groups_joined = []
        match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        exists, player, seqs = await _match_access(match_id, self.scope.get("user"))
        if not exists:
            await self.close(code=4404)
            return
        names = [broadcast.group_public(match_id)]
        if player:
            names.append(broadcast.group_player(match_id, player))
        for name in names:
            await self.channel_layer.group_add(name, self.channel_name)
        self.groups_joined = names
        await self.accept()
        await self.send_json({"event": "hello", "match": match_id, **seqs, "player": player})

    async def disconnect(self, code: int) -> None:
        for name in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(name, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Clients only listen; a ping gets a pong so they can tell a dead socket."""
        if isinstance(content, dict) and content.get("event") == "ping":
            await self.send_json({"event": "pong"})

    async def match_event(self, event: dict[str, Any]) -> None:
        await self.send_json({k: v for k, v in event.items() if k != "type"})


class UserConsumer(AsyncJsonWebsocketConsumer):
    """``/ws/me/``: a signed-in user's notifications (a turn awaits you, you were picked...)."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = broadcast.group_user(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def user_notify(self, event: dict[str, Any]) -> None:
        await self.send_json({k: v for k, v in event.items() if k != "type"})
