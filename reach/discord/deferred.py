"""Answers that may take longer than Discord's three seconds: acknowledged at once, finished off the request.

A Save or Lock in from the move form, and ``/garnet host close``, may close a turn, which draws and
pushes every seat's page before it returns (seconds for a large table). Discord shows "interaction
failed" past three seconds, so these are answered at once with a deferred response (type 6, "I will
update the message", for a button; type 5, a private "thinking…", for a command) and the work runs
after commit, off the request: in a Celery task when a worker runs, else in a background thread. When
it is done its answer replaces the deferred one through the interaction's webhook
(``PATCH /webhooks/<application>/<token>/messages/@original``), valid for 15 minutes.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from typing import Any

from django.conf import settings
from django.db import connections, transaction

from reach.discord import moves, replies, rest

log = logging.getLogger("reach.discord")

DEFERRED_MESSAGE = 5  # "thinking…", then the answer (a command)
DEFERRED_UPDATE = 6  # the message stays; its update follows (a component)
SLOW_ACTIONS = frozenset({"s", "l"})  # Save and Lock in may close the turn
SLOW_COMMANDS = frozenset({("host", "close")})
EDIT_ATTEMPTS = 4
SNOWFLAKE = re.compile(r"\d{1,20}")
TOKEN = re.compile(r"[A-Za-z0-9_.\-]{1,500}")
FAILED = "Something went wrong while Garnet finished this; check the match page to see what was saved."


def is_slow(payload: dict[str, Any], path: tuple[str, ...]) -> bool:
    """Whether this interaction may take longer than Discord waits (and can be finished by its webhook)."""
    if not (
        SNOWFLAKE.fullmatch(str(payload.get("application_id") or ""))
        and TOKEN.fullmatch(str(payload.get("token") or ""))
    ):
        return False
    if payload.get("type") == replies.COMMAND:
        return path[:2] in SLOW_COMMANDS
    if payload.get("type") == replies.COMPONENT:
        cid = str((payload.get("data") or {}).get("custom_id") or "")
        parts = cid.split(":")
        return len(parts) == 5 and parts[0] == moves.PREFIX and parts[3] in SLOW_ACTIONS
    return False


def interaction_defer(*, payload: dict[str, Any]) -> replies.Reply:
    """The immediate answer; the real one is worked out after commit, off the request, and edited in."""
    transaction.on_commit(lambda: finish_off_request(payload))
    if payload.get("type") == replies.COMMAND:
        return {"type": DEFERRED_MESSAGE, "data": {"flags": replies.EPHEMERAL}}
    return {"type": DEFERRED_UPDATE}


def finish_off_request(payload: dict[str, Any]) -> None:
    """Hand the work to Celery when a worker runs; else to a background thread of this process.

    The publish itself leaves from a background thread too: with Redis hung it waits for the broker's
    timeouts (and Celery's retries), and Discord wants the deferred answer within three seconds (issue 47).
    """
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):  # tests: run it now, as the worker would
        from reach.tasks import discord_interaction_finish

        discord_interaction_finish.delay(payload)
        return
    threading.Thread(target=_queue_or_finish, args=(payload,), daemon=True).start()


def _queue_or_finish(payload: dict[str, Any]) -> None:
    if settings.GARNET_CELERY_ENABLED:
        from reach.tasks import discord_interaction_finish

        try:
            discord_interaction_finish.delay(payload)
            return
        except Exception:
            log.warning("could not queue a deferred interaction; finishing it in a thread", exc_info=True)
    _in_thread(payload)


def _in_thread(payload: dict[str, Any]) -> None:
    try:
        interaction_finish(payload=payload)
    finally:
        connections.close_all()  # this thread's own connections


def interaction_finish(*, payload: dict[str, Any]) -> bool:
    """Work out the deferred interaction's answer and put it in place of the deferred one; whether it landed."""
    from reach.discord.interactions import interaction_answer_now

    try:
        reply = interaction_answer_now(payload=payload)
    except Exception:
        log.exception("a deferred Discord interaction failed")
        reply = replies.message(FAILED, update=payload.get("type") == replies.COMPONENT)
    data = dict(reply.get("data") or {})
    if payload.get("type") == replies.COMPONENT and reply.get("type") != replies.UPDATE:
        data.setdefault("components", [])  # a refusal takes the form's place: its buttons are stale
    return answer_edit(payload=payload, data=data)


def answer_edit(*, payload: dict[str, Any], data: dict[str, Any]) -> bool:
    """PATCH the interaction's original answer with ``data``; a 429 waits as long as Discord says."""
    body = {k: v for k, v in data.items() if k != "flags"}  # an edit cannot change the message's flags
    path = f"/webhooks/{payload['application_id']}/{payload['token']}/messages/@original"
    for _ in range(EDIT_ATTEMPTS):
        result = rest.call("PATCH", path, json=body, bot=False)
        if result.ok:
            return True
        if result.retry_in is None and result.status and result.status < 500:
            log.warning("Discord refused the edit of a deferred answer: %s", result.error)
            return False
        time.sleep(min(5.0, result.retry_in if result.retry_in is not None else 1.0))
    log.warning("the edit of a deferred answer did not land after %s attempts", EDIT_ATTEMPTS)
    return False
