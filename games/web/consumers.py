"""Websockets: a match's watchers get its public pushes, its players their private ones too, and a player's
page sends its moves over its match socket (``submit``), answered on that socket (``answer``)."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync, database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from core.errors import BadRequest, error_payload
from games.match import broadcast
from games.match.presence import presence_join, presence_leave, user_socket_seen
from games.match.selectors import Role, private_last_seq
from games.match.viewing import MatchForViewer, match_for_viewer
from games.models import Match
from games.web.crowd import crowd_join, crowd_leave
from games.web.submitting import socket_submit

RESEAT_CLOSE = 4009
"""Close code when the socket's seat changed hands (the client reconnects)."""

MAX_FRAME = 64 * 1024
"""The longest frame a socket reads (a move form's fields are a few hundred bytes; Django caps a post at 2.5 MB)."""

# A submit waits on the turn's row lock and the commit: off the one thread the consumers' other database calls share
# (thread_sensitive=False), so one match's wait never holds up another's; DatabaseSyncToAsync closes stale
# connections around it in the thread that owns them.
_socket_submit = DatabaseSyncToAsync(socket_submit, thread_sensitive=False)


@database_sync_to_async
def _viewer(match_id: int, user: Any) -> tuple[MatchForViewer | None, dict[str, Any]]:
    """The viewer (None: no such match) and the sequence numbers they may know."""
    match = Match.objects.filter(pk=match_id).defer("state", "outcome").first()
    if match is None:
        return None, {}
    viewer = match_for_viewer(match, user)
    seqs: dict[str, Any] = {"seq": viewer.seq}
    if viewer.me:
        seqs["private_seq"] = private_last_seq(match.pk, viewer.me)
    return viewer, seqs


# Counting listeners is one Redis round trip, off the event loop and off the database thread.
_presence_join = sync_to_async(presence_join, thread_sensitive=False)
_presence_leave = sync_to_async(presence_leave, thread_sensitive=False)
_user_socket_seen = sync_to_async(user_socket_seen, thread_sensitive=False)

_FRAME = "_garnet_frame"


class PushConsumer(AsyncJsonWebsocketConsumer):
    """A consumer whose handlers reach the database only through ``database_sync_to_async``.

    Channels closes stale database connections before every handler, in a hop to the one
    sync thread (``aclose_old_connections``): with thousands of sockets, one announcement
    queued thousands of hops there, one after another, before a frame went out. These
    handlers either touch no database (a push, a ping, a hang-up) or do so through
    ``database_sync_to_async``, which closes stale connections on both sides of its call
    in the thread that owns them, so the hop is skipped.
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def send_event(self, event: dict[str, Any]) -> None:
        """Send a channel-layer event as a frame (all but its ``type``), encoding it once per process.

        The layer hands one event to every local socket of a group as the same dict, so the
        first socket keeps the encoded frame on it and the thousands after it reuse it.
        """
        frame = event.get(_FRAME)
        if not isinstance(frame, str):
            frame = await self.encode_json({k: v for k, v in event.items() if k not in ("type", _FRAME)})
            event[_FRAME] = frame
        await self.send(text_data=frame)


class ListenOnlyConsumer(PushConsumer):
    """A socket that only pushes: clients listen, and a ping gets a pong so they can tell a dead socket."""

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "ping":
            await self.send_json({"event": "pong"})
        else:
            await self.send_json(
                {"event": "error", **error_payload(BadRequest("This socket only listens; send a ping."))}
            )


class MatchConsumer(ListenOnlyConsumer):
    """``/ws/matches/<id>/``: pushes for one match; the session decides the private group.

    Every socket joins the match's public group; a player's also joins their seat's group (a dealer's,
    the dealer's seat's: ``selectors.viewer_handle``), and a spectator's (anonymous or signed in) the
    watchers' group, where a close pushes the public page. A spectator's socket joins them through its process's
    one channel for the match's spectators (``games.web.crowd``), which writes each push to every local spectator:
    a Final's crowd costs the process one message per push, not one per socket.

    A page's move form is sent here while the socket is open: ``{"event": "submit", "ref": <the page's own
    number>, "fields": [[name, value], ...]}`` (the form's fields, as it would post them) is answered with
    ``{"event": "answer", "ref": ..., "status": ..., "into": "submit"|"live", "html": ...}``, the fragment
    the HTTP post answers with (``games.web.submitting``), or ``code`` and ``text`` alone when there is no page to
    draw. The submit acts as the user who opened the socket, while their session stands. A ``check`` frame
    (the same fields) asks the rules' verdict on the move being composed: its answer goes ``into`` "check".
    """

    groups_joined: list[str]
    match_id: int
    spectator: bool

    async def connect(self) -> None:
        self.groups_joined = []
        match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        viewer, seqs = await _viewer(match_id, self.scope.get("user"))
        if viewer is None:
            await self.close(code=4404)
            return
        names = [broadcast.group_public(match_id)]
        self.spectator = not viewer.me and viewer.role != Role.HOST
        if viewer.me:
            names.append(broadcast.group_player(match_id, viewer.me))
        elif self.spectator:  # a host's page shows every seat's view: it fetches its own
            names.append(broadcast.group_watch(match_id))
        self.match_id = match_id
        self.groups_joined = names
        if self.spectator:
            # The process's one channel for the match's spectators (``games.web.crowd``) writes to this socket as
            # soon as it is in, so the socket is accepted first; the hello still comes after the join.
            await _presence_join(match_id=match_id, groups=names)
            await self.accept()
            await crowd_join(layer=self.channel_layer, match_id=match_id, groups=names, socket=self)
        else:
            for name in names:
                await self.channel_layer.group_add(name, self.channel_name)
            await _presence_join(match_id=match_id, groups=names)
            await self.accept()
        await self.send_json({"event": "hello", "match": match_id, **seqs, "player": viewer.me})

    async def disconnect(self, code: int) -> None:
        await self._leave()

    async def _leave(self) -> None:
        names, self.groups_joined = getattr(self, "groups_joined", []), []
        if names and self.spectator:
            await crowd_leave(match_id=self.match_id, socket=self)
        else:
            for name in names:
                await self.channel_layer.group_discard(name, self.channel_name)
        if names:
            await _presence_leave(match_id=self.match_id, groups=names)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        if len(text_data or bytes_data or "") > MAX_FRAME:
            too_long = BadRequest(f"A frame may be at most {MAX_FRAME // 1024} KB.")
            await self.send_json({"event": "error", **error_payload(too_long)})
            return
        await super().receive(text_data=text_data, bytes_data=bytes_data, **kwargs)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("event") if isinstance(content, dict) else None
        if kind not in ("submit", "check"):
            await super().receive_json(content, **kwargs)
            return
        session = self.scope.get("session")
        answer = await _socket_submit(
            user=self.scope.get("user"),
            match_id=self.match_id,
            fields=content.get("fields"),
            session_key=getattr(session, "session_key", None),
            check=kind == "check",
        )
        await self.send_json({"event": "answer", "ref": content.get("ref"), **answer})

    async def match_event(self, event: dict[str, Any]) -> None:
        await self.send_event(event)

    async def match_reseat(self, event: dict[str, Any]) -> None:
        """The seat this socket listened for changed hands: leave every group and close, so nothing
        private reaches the old player; the client reconnects and is seated (or not) afresh."""
        await self._leave()
        await self.close(code=RESEAT_CLOSE)


class UserConsumer(ListenOnlyConsumer):
    """``/ws/me/``: a signed-in user's notifications (a turn awaits you, you were picked...).

    Listen-only like every page's socket: the pages' one socket helper pings each socket it keeps. The socket
    marks its user as having one open at its connect and at each ping (``presence.user_socket_seen``): turn alerts
    send their frames only to users so marked.
    """

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = broadcast.group_user(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await _user_socket_seen(user_id=user.pk)
        await self.accept()

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "ping":
            await _user_socket_seen(user_id=self.scope["user"].pk)
        await super().receive_json(content, **kwargs)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def user_notify(self, event: dict[str, Any]) -> None:
        await self.send_event(event)
