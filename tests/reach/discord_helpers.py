"""Talking to the interactions endpoint as Discord does: requests signed with a key made in the test."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

from allauth.socialaccount.models import SocialAccount
from django.test import Client
from django.urls import reverse
from nacl.signing import SigningKey

_ids = itertools.count(1)


@dataclass
class FakeApp:
    """A Discord application: its signing key, and helpers that send signed interactions."""

    key: SigningKey = field(default_factory=SigningKey.generate)
    client: Client = field(default_factory=Client)

    @property
    def public_key(self) -> str:
        return self.key.verify_key.encode().hex()

    def signed(self, body: bytes, *, timestamp: int | None = None) -> dict[str, str]:
        stamp = str(int(time.time()) if timestamp is None else timestamp)
        sig = self.key.sign(stamp.encode() + body).signature.hex()
        return {"HTTP_X_SIGNATURE_ED25519": sig, "HTTP_X_SIGNATURE_TIMESTAMP": stamp}

    def post(self, payload: dict[str, Any], *, headers: dict[str, str] | None = None) -> Any:
        body = json.dumps(payload).encode()
        return self.client.post(
            reverse("reach:discord_interactions"),
            data=body,
            content_type="application/json",
            **(headers if headers is not None else self.signed(body)),
        )

    def send(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Post ``payload`` and return its answer; a deferred answer (5/6) is returned as the answer its webhook
        edit put in place (the edit is caught at the REST client, never sent: see :func:`catch_edits`)."""
        with catch_edits() as edits:
            resp = self.post(payload)
        assert resp.status_code == 200, resp.content
        answer = dict(resp.json())
        if answer["type"] not in (5, 6):
            return answer
        assert len(edits) == 1, edits
        method, path, body = edits[0]
        assert (
            method == "PATCH" and path == f"/webhooks/{payload['application_id']}/{payload['token']}/messages/@original"
        )
        if answer["type"] == 6:
            # The edited message is the one the button sits on: the move form, always private (ephemeral).
            return {"type": 7, "data": {"flags": 64, **body}, "deferred": 6}
        return {"type": 4, "data": {**answer.get("data", {}), **body}, "deferred": 5}


@contextmanager
def catch_edits(status: int = 200) -> Iterator[list[tuple[str, str, Any]]]:
    """Catch the edits of deferred answers at the REST client (``reach.discord.rest.call``), running the
    deferred work's after-commit hook at once; every other REST call goes on as before."""
    from django.test import TestCase

    from reach.discord import rest

    edits: list[tuple[str, str, Any]] = []
    real = rest.call

    def fake(method: str, path: str, *, json: Any = None, bot: bool = True) -> Any:
        if path.startswith("/webhooks/"):
            edits.append((method, path, json))
            return rest.Result(status=status, data={"id": "1"})
        return real(method, path, json=json, bot=bot)

    with mock.patch.object(rest, "call", side_effect=fake), TestCase.captureOnCommitCallbacks(execute=True):
        yield edits


def discord_id(handle: str) -> str:
    """The Discord id the tests give ``handle``'s linked account."""
    return str(80351110224678000 + sum(ord(c) * 31**i for i, c in enumerate(handle)) % 1000)


def link(user: Any) -> Any:
    """Link ``user`` to their test Discord id, as Log in with Discord does."""
    SocialAccount.objects.get_or_create(provider="discord", uid=discord_id(user.username), defaults={"user": user})
    return user


def _base(handle: str, kind: int, data: dict[str, Any], guild: bool) -> dict[str, Any]:
    person = {"id": discord_id(handle), "username": handle}
    payload: dict[str, Any] = {
        "id": str(next(_ids)),
        "application_id": "1",
        "type": kind,
        "data": data,
        "token": "t",
        "version": 1,
    }
    if guild:
        payload.update(guild_id="42", channel_id="43", member={"user": person, "roles": []})
    else:
        payload["user"] = person
    return payload


def command(handle: str, *path: str, guild: bool = True, **options: Any) -> dict[str, Any]:
    """A ``/garnet <path…>`` slash command with ``options``."""
    leaf: list[dict[str, Any]] = [
        {"name": k, "value": v, "type": 4 if isinstance(v, int) else 3} for k, v in options.items()
    ]
    node: list[dict[str, Any]] = leaf
    for i, name in enumerate(reversed(path)):
        node = [{"name": name, "type": 1 if i == 0 else 2, "options": node}]
    return _base(handle, 2, {"id": "9", "name": "garnet", "type": 1, "options": node}, guild)


def autocomplete(handle: str, *path: str, focused: str, typed: Any = "", **options: Any) -> dict[str, Any]:
    """An autocomplete request while ``focused`` is typed."""
    payload = command(handle, *path, **options, **{focused: typed})
    payload["type"] = 4
    leaf = payload["data"]["options"]
    while leaf and leaf[0].get("type") in (1, 2):
        leaf = leaf[0]["options"]
    for opt in leaf:
        if opt["name"] == focused:
            opt["focused"] = True
    return payload


def component(handle: str, custom_id: str, values: list[str] | None = None, *, guild: bool = True) -> dict[str, Any]:
    """A click on a button (no values) or a choice in a select menu."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
    if values is not None:
        data["values"] = values
    return _base(handle, 3, data, guild)


def modal_submit(handle: str, custom_id: str, inputs: dict[str, str]) -> dict[str, Any]:
    """A modal's submission with its text inputs."""
    rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in inputs.items()]
    return _base(handle, 5, {"custom_id": custom_id, "components": rows}, True)


def components_of(reply: dict[str, Any]) -> list[dict[str, Any]]:
    """Every component of a message reply, rows opened."""
    return [c for row in reply["data"].get("components") or [] for c in row["components"]]


def find(reply: dict[str, Any], *, label: str = "", placeholder: str = "") -> dict[str, Any]:
    """The button whose label starts with ``label``, or the select whose placeholder starts with ``placeholder``."""
    for c in components_of(reply):
        if label and c.get("type") == 2 and c["label"].startswith(label):
            return c
        if placeholder and c.get("type") == 3 and c["placeholder"].startswith(placeholder):
            return c
    raise AssertionError(f"no component {label or placeholder!r} in {components_of(reply)}")


def is_private(reply: dict[str, Any]) -> bool:
    return bool(reply["data"].get("flags", 0) & 64)
