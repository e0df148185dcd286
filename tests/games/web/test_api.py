"""The API: my matches, a match's view for me, submit / lock, schema; clear 4xx on garbage."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from games.models import Match, Submission

pytestmark = pytest.mark.django_db

PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


def post(c: Client, url: str, body: object) -> tuple[int, dict]:
    r = c.post(url, data=json.dumps(body) if not isinstance(body, str) else body, content_type="application/json")
    return r.status_code, r.json()


def test_schema_is_served(db: None) -> None:
    """An OpenAPI schema served at /api/schema/."""
    r = Client().get("/api/schema/")
    assert r.status_code == 200 and b"/api/matches/{id}/submit/" in r.content


def test_my_matches_and_view(match: Match, client_for: Callable[[str], Client]) -> None:
    c = client_for("ann")
    assert [m["id"] for m in c.get("/api/matches/").json()] == [match.pk]
    data = c.get(f"/api/matches/{match.pk}/").json()
    assert data["me"] == "ann" and data["turn"]["awaiting"] == ["ann"] and data["role"] == "player"
    assert Client().get(f"/api/matches/{match.pk}/").json()["me"] is None


@pytest.mark.django_db(transaction=True)  # its turns close, and notices go out, after commit
def test_submit_and_lock_through_the_api(match: Match, client_for: Callable[[str], Client]) -> None:
    status, body = post(client_for("ann"), f"/api/matches/{match.pk}/submit/", {"move": PAIRS, "lock": True})
    assert status == 201 and body["locked"] is True
    assert client_for("ann").get(f"/api/matches/{match.pk}/").json()["turn"]["number"] == 2


def test_token_authentication(match: Match, client_for: Callable[[str], Client]) -> None:
    """Session and token authentication."""
    client_for("ann")
    r = Client().post("/api/token/", {"username": "ann", "password": "garnet-pass-1"})
    assert r.status_code == 200
    token = r.json()["token"]
    assert Token.objects.filter(key=token).exists()
    r = Client(HTTP_AUTHORIZATION=f"Token {token}").post(
        f"/api/matches/{match.pk}/submit/", data=json.dumps({"move": PAIRS}), content_type="application/json"
    )
    assert r.status_code == 201


@pytest.mark.parametrize(
    ("who", "body", "status", "text"),
    [
        ("ann", "{broken", 400, "the request body: is not valid JSON"),
        ("ann", {"lock": True}, 400, "move"),
        ("ann", {"move": {"pairs": [["bob", "ghost"], ["dan", "eve"]]}}, 400, "ghost"),
        ("ann", {"move": PAIRS, "turn": 3}, 409, "That turn is over"),
        ("bob", {"move": {"action": "ally"}}, 409, "does not await you"),
        ("zed", {"move": PAIRS}, 403, "not a player"),
    ],
)
def test_garbage_gets_a_clear_4xx_and_changes_nothing(
    match: Match, client_for: Callable[[str], Client], who: str, body: object, status: int, text: str
) -> None:
    """Every API call with garbage gets a clear 4xx message and changes nothing."""
    code, data = post(client_for(who), f"/api/matches/{match.pk}/submit/", body)
    assert code == status and text in data["detail"]
    assert not Submission.objects.exists()


def test_anonymous_cannot_submit(match: Match) -> None:
    code, _ = post(Client(), f"/api/matches/{match.pk}/submit/", {"move": PAIRS})
    assert code in (401, 403)


def test_unknown_match_is_404(db: None, client_for: Callable[[str], Client]) -> None:
    code, data = post(client_for("ann"), "/api/matches/999999/submit/", {"move": PAIRS})
    assert code == 404 and data["detail"]
