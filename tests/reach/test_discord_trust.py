"""Issue 40 on the Discord endpoint: a signature is said once whatever its spelling, and a signed but
malformed body is a clear 400 (or a private refusal), never a 500."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from games.models import Match, Turn
from tests.reach.discord_helpers import FakeApp, command, component, modal_submit

pytestmark = pytest.mark.django_db

PING = {"id": "1", "application_id": "1", "type": 1, "token": "t", "version": 1}


# --- item 3: one signature, one use ---------------------------------------------------------------


@pytest.mark.parametrize(
    "respell",
    [
        lambda s: " " + s,
        lambda s: s + "\t",
        lambda s: s[:64] + " " + s[64:],
        lambda s: s[:10] + "\t" + s[10:],
        lambda s: s.upper(),
    ],
    ids=["leading space", "trailing tab", "inner space", "inner tab", "upper case"],
)
def test_a_signature_respelled_is_still_the_same_signature_and_is_refused_as_a_replay(
    app: FakeApp, respell: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The same signed request sent again with its signature header spelled differently (whitespace, case)
    is refused: whitespace is not a canonical signature, and the upper-case spelling decodes to bytes
    already seen."""
    body = json.dumps(PING).encode()
    headers = app.signed(body)
    assert app.post(PING, headers=headers).status_code == 200
    again = {**headers, "HTTP_X_SIGNATURE_ED25519": respell(headers["HTTP_X_SIGNATURE_ED25519"])}
    with caplog.at_level(logging.WARNING, logger="reach.discord"):
        assert app.post(PING, headers=again).status_code == 401
    assert "replayed" in caplog.text or "not 128 hex digits" in caplog.text


def test_a_signature_with_whitespace_is_refused_even_the_first_time(app: FakeApp) -> None:
    """Only exactly 128 hex digits are a signature: a padded one is never let in, so it cannot be replayed."""
    body = json.dumps(PING).encode()
    headers = app.signed(body)
    padded = {
        **headers,
        "HTTP_X_SIGNATURE_ED25519": headers["HTTP_X_SIGNATURE_ED25519"][:64]
        + " "
        + headers["HTTP_X_SIGNATURE_ED25519"][64:],
    }
    assert app.post(PING, headers=padded).status_code == 401
    assert app.post(PING, headers=headers).status_code == 200


# --- item 8: malformed but signed ---------------------------------------------------------------------


def _raw(app: FakeApp, body: bytes) -> Any:
    from django.urls import reverse

    return app.client.post(
        reverse("reach:discord_interactions"), data=body, content_type="application/json", **app.signed(body)
    )


def _string_member_user() -> dict[str, Any]:
    payload = command("ann", "matches")
    payload["member"]["user"] = "ann"
    return payload


def _object_options() -> dict[str, Any]:
    payload = command("ann", "matches")
    payload["data"]["options"] = {"name": "matches", "type": 1}
    return payload


def _int_values(match: Match) -> dict[str, Any]:
    return component("ann", f"mv:{match.pk}:1:f:pairs", None) | {
        "data": {"custom_id": f"mv:{match.pk}:1:f:x", "component_type": 3, "values": 5}
    }


def _bad_rows(rows: Any) -> Any:
    def make(match: Match) -> dict[str, Any]:
        payload = modal_submit("ann", f"mv:{match.pk}:1:m:0", {})
        payload["data"]["components"] = rows
        return payload

    return make


SHAPES = {
    "string member.user": lambda m: _string_member_user(),
    "object data.options": lambda m: _object_options(),
    "int values": _int_values,
    "modal rows not a list": _bad_rows({"type": 1}),
    "modal row a string": _bad_rows(["row"]),
    "modal row's components a string": _bad_rows([{"type": 1, "components": "x"}]),
    "modal input a number": _bad_rows([{"type": 1, "components": [7]}]),
    "string member": lambda m: command("ann", "matches") | {"member": "ann"},
    "list data": lambda m: command("ann", "matches") | {"data": ["garnet"]},
    "subcommands nested 6 deep": lambda m: command("ann", *(["host"] * 6)),
}


@pytest.mark.parametrize("shape", list(SHAPES), ids=list(SHAPES))
def test_a_signed_but_malformed_interaction_is_a_clear_400_never_a_500(
    app: FakeApp, season_match: Match, shape: str
) -> None:
    resp = app.post(SHAPES[shape](season_match))
    assert resp.status_code == 400, (resp.status_code, resp.content[:300])
    assert resp.json()["error"].startswith("malformed interaction: ")


@pytest.mark.parametrize("depth", [100, 30_000])
def test_deeply_nested_json_is_a_400_never_a_recursion_error(app: FakeApp, depth: int) -> None:
    resp = _raw(app, b"[" * depth + b"]" * depth)
    assert resp.status_code == 400
    resp = _raw(app, b'{"type": 2, "data": ' + b'{"a": ' * depth + b"1" + b"}" * depth + b"}")
    assert resp.status_code == 400


@pytest.mark.parametrize(
    "options",
    [
        {"minutes": 10**12},
        {"hours": 10**12},
        {"hours": 336, "minutes": 1},
        {"hours": -1, "minutes": 120},
        {"minutes": "lots"},
    ],
)
def test_host_extend_bounds_minutes_as_well_as_hours(
    app: FakeApp, season_match: Match, options: dict[str, Any]
) -> None:
    """``/garnet host extend`` refuses, privately and in words, anything past two weeks or below a minute."""
    turn = Turn.objects.get(match=season_match, status="open")
    reply = app.send(command("host", "host", "extend", match=season_match.pk, **options))
    assert reply["data"]["flags"] == 64
    assert (
        "at least a minute and at most 336 hours" in reply["data"]["content"]
        or "whole hours" in reply["data"]["content"]
    )
    assert Turn.objects.get(pk=turn.pk).deadline == turn.deadline


def test_an_infinite_number_is_refused_in_words(app: FakeApp, season_match: Match) -> None:
    """Python's JSON reads ``Infinity``: an option holding it is a private refusal, not an OverflowError."""
    body = json.dumps(command("host", "host", "extend", match=season_match.pk, hours=77777)).replace(
        '"value": 77777,', '"value": Infinity,'
    )
    resp = _raw(app, body.encode())
    assert resp.status_code == 200 and "whole hours" in resp.json()["data"]["content"]
    body = json.dumps(command("ann", "view", match=77777)).replace('"value": 77777,', '"value": Infinity,')
    resp = _raw(app, body.encode())
    assert resp.status_code == 200 and "match number" in resp.json()["data"]["content"]
