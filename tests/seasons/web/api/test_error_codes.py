"""One error hierarchy: every season and reach refusal is a coded ``GameError`` subclass, codes are unique,
the schema lists them, and the API answers ``{"code", "detail", "rule"}`` with the specific code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rest_framework.test import APIClient

import reach.services.errors as reach_errors
import seasons.services.errors as season_errors
from core.errors import BadRequest, Conflict, Forbidden, GameError, NotFound, error_codes
from seasons.models import Episode
from tests.seasons.factories import abc_episode, started_season, user

ROOT = Path(__file__).resolve().parents[4]
API = "/api/seasons/s1"
FAMILIES = (NotFound, Forbidden, Conflict, BadRequest)


def _tree(root: type[GameError]) -> list[type[GameError]]:
    found: list[type[GameError]] = []
    stack = [root]
    while stack:
        cls = stack.pop()
        if cls not in found:
            found.append(cls)
            stack.extend(cls.__subclasses__())
    return found


def test_no_season_or_reach_raise_uses_the_bare_family_root() -> None:
    """A raise names a coded subclass, never ``SeasonError(...)`` or ``ReachError(...)`` (one code for all)."""
    bare = re.compile(r"\b(SeasonError|ReachError)\(")
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for app in ("seasons", "reach", "story")
        for path in (ROOT / app).rglob("*.py")
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if bare.search(line) and not line.lstrip().startswith("class ")
    ]
    assert offenders == []


@pytest.mark.parametrize("module", [season_errors, reach_errors])
def test_every_family_member_has_its_own_code_and_status(module: object) -> None:
    root = season_errors.SeasonError if module is season_errors else reach_errors.ReachError
    members = [cls for cls in vars(module).values() if isinstance(cls, type) and issubclass(cls, root)]
    assert len(members) > 10 if root is season_errors.SeasonError else len(members) > 8
    for cls in members:
        if cls is root:
            continue
        assert "code" in vars(cls) and cls.code != root.code, cls
        assert issubclass(cls, FAMILIES) or "default_status" in vars(cls), cls
        assert cls.__doc__, cls
        assert error_codes()[cls.code] is cls


def test_codes_are_unique_across_the_whole_hierarchy() -> None:
    by_code: dict[str, list[str]] = {}
    for cls in _tree(GameError):
        by_code.setdefault(cls.code, []).append(cls.__qualname__)
    assert {code: names for code, names in by_code.items() if len(names) > 1} == {}


def test_a_coded_season_error_keeps_its_family_and_status() -> None:
    exc = season_errors.SeasonNotFound("There is no such season.")
    assert isinstance(exc, season_errors.SeasonError) and isinstance(exc, NotFound)
    assert not isinstance(exc, ValueError)  # an `except ValueError` must not turn a refusal into something else
    assert exc.status == 404 and exc.code == "season_not_found"
    assert season_errors.InsufficientFunds("x").status == 409
    assert isinstance(reach_errors.NotThreadOwner("x"), reach_errors.ReachError)
    assert reach_errors.NotThreadOwner("x").status == 403


@pytest.mark.django_db
def test_the_schema_lists_every_code() -> None:
    schema = APIClient().get("/api/schema/?format=json").json()
    ref = schema["components"]["schemas"]["Error"]["properties"]["code"]["allOf"][0]["$ref"]
    listed = set(schema["components"]["schemas"][ref.rsplit("/", 1)[1]]["enum"])
    assert set(error_codes()) <= listed
    assert {"unknown_control", "not_thread_participant", "too_large", "throttled"} <= listed


@pytest.fixture
def episode() -> Episode:
    return abc_episode(started_season())


def _as(handle: str) -> APIClient:
    client = APIClient()
    client.force_authenticate(user(handle))
    return client


@pytest.mark.django_db
def test_a_season_refusal_answers_its_specific_code(episode: Episode) -> None:
    r = _as("ann").post(f"{API}/transfers/", {"to": "ann", "amount": 1}, format="json")
    assert r.status_code == 400
    assert r.json() == {"code": "target_refused", "detail": "You cannot transfer garnets to yourself.", "rule": False}
    host = _as("host")
    pk = episode.mm_match_id
    host.post(f"{API}/matches/{pk}/controls/", {"control": "pause", "reason": "tea"}, format="json")
    closed = host.post(f"{API}/matches/{pk}/controls/", {"control": "close_now", "reason": "x"}, format="json")
    assert closed.status_code == 409 and closed.json()["code"] == "match_not_running"
    assert _as("ann").post(f"{API}/matches/{pk}/controls/", {"control": "pause", "reason": "x"}, format="json").json()[
        "code"
    ] == ("not_season_host")
    assert APIClient().get("/api/seasons/nope/").json()["code"] == "season_not_found"


@pytest.mark.django_db
def test_a_reach_refusal_answers_its_specific_code(episode: Episode) -> None:
    r = _as("host").post(f"{API}/questions/", {"text": "hi"}, format="json")
    assert r.status_code == 403
    assert r.json() == {
        "code": "not_thread_participant",
        "detail": "Only the players of this season can write to its dealer.",
        "rule": False,
    }
    missing = _as("ann").post(f"{API}/questions/", {"text": "hi", "match": 999999}, format="json")
    assert missing.status_code == 404 and missing.json()["code"] == "match_not_found"


def test_every_season_and_reach_code_is_documented() -> None:
    rules = (ROOT / "seasons" / "web" / "api" / "RULES.md").read_text()
    for root in (season_errors.SeasonError, reach_errors.ReachError):
        for cls in _tree(root)[1:]:
            assert f"`{cls.code}`" in rules, cls.code
