"""Bad input: one JSON entry point with size and depth limits; every parse or type error is a 4xx naming the
field, never a 500. The five inputs that gave a 500 are pinned; hypothesis fuzzes every form and API field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.jsoninput import JsonInputError, json_parse
from games.models import Submission
from seasons.models import Pick
from tests.factories import UserFactory, abc_match
from tests.seasons.factories import abc_episode, finish_mm, host_user, started_season

pytestmark = pytest.mark.django_db

SUBMIT = "/matches/{pk}/submit/"
API_SUBMIT = "/api/matches/{pk}/submit/"
PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}


@pytest.fixture
def fast(settings: Any) -> None:
    settings.GARNET_SUBMIT_RATE = "1000000/m"
    settings.GARNET_LOGIN_RATE = "1000000/m"


def _ann() -> Client:
    client = Client()
    client.force_login(UserFactory(username="ann"))
    return client


def _message(response: Any) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


@pytest.mark.parametrize("turn", ["²", "9" * 5000, "-1", "1.5", "１"])
def test_form_turn_that_is_not_a_number_is_refused_by_name(turn: str, fast: None) -> None:
    """The form's turn=² and a 5,000-digit turn gave a 500; now nothing is saved and the field is named."""
    match = abc_match()
    r = _ann().post(SUBMIT.format(pk=match.pk), {"move_json": json.dumps(PAIRS), "turn": turn}, follow=True)
    assert r.status_code == 200 and 'the field "turn"' in _message(r)
    assert not Submission.objects.exists()


def test_form_move_json_of_twenty_thousand_brackets_is_refused_by_name(fast: None) -> None:
    """A move_json of 20,000 "[" gave a 500 (the parser's recursion); now the field is named."""
    match = abc_match()
    r = _ann().post(SUBMIT.format(pk=match.pk), {"move_json": "[" * 20000, "turn": "1"}, follow=True)
    assert "move_json: is nested more than 20 levels deep" in _message(r)
    assert not Submission.objects.exists()


def test_api_body_of_twenty_thousand_brackets_is_a_400(fast: None) -> None:
    """On the API a body of 20,000 "[" gave a 500; now a 400 naming the body."""
    match = abc_match()
    r = _ann().post(API_SUBMIT.format(pk=match.pk), "[" * 20000, content_type="application/json")
    assert r.status_code == 400 and "the request body" in r.json()["detail"]


def test_api_move_nested_five_thousand_deep_is_a_400(fast: None) -> None:
    """A move nested 5,000 deep gave a 500; now a 400."""
    match = abc_match()
    deep: Any = {}
    for _ in range(5000):
        deep = {"a": deep}
    body = '{"move": ' + '{"a": ' * 5000 + "{}" + "}" * 5000 + "}"
    r = _ann().post(API_SUBMIT.format(pk=match.pk), body, content_type="application/json")
    assert r.status_code == 400 and "nested" in r.json()["detail"]


@pytest.mark.parametrize(
    "body, status",
    [
        ('{"move": {"pairs": NaN}}', 400),
        ('{"move": {"x": 1e999}}', 400),
        ('{"move": {"x": "\\u0000"}}', 400),
        ('{"move": {"x": "\\ud800"}}', 400),
        ('{"move": {}, "turn": 99999999999999999999}', 400),
        ('{"move": ' + '"' + "x" * 70000 + '"}', 413),
        ("\xff", 400),
    ],
)
def test_api_values_the_database_cannot_store_are_refused(body: str, status: int, fast: None) -> None:
    """NaN, infinities, NUL, unpaired surrogates, huge numbers and huge bodies: a 4xx, nothing saved."""
    match = abc_match()
    r = _ann().post(
        API_SUBMIT.format(pk=match.pk), body.encode("utf-8", "surrogatepass"), content_type="application/json"
    )
    assert r.status_code == status, r.content[:300]
    assert not Submission.objects.exists()


def test_json_parse_names_the_field() -> None:
    """The one entry point: every failure names the field it came from."""
    for raw in ["[" * 50, "{", "NaN", '"\\u0000"', "x" * 70000]:
        with pytest.raises(JsonInputError, match="^options: "):
            json_parse(raw, field="options")
    assert json_parse('{"a": [1, 2.5, "b"]}', field="options") == {"a": [1, 2.5, "b"]}


# --- The fuzz test: every form and API field, random values of every kind. ---

TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=200),
    st.integers().map(str),
    st.sampled_from(["²", "١٢", "9" * 5000, "-0", "1e999", "NaN", "[" * 20000, "{" * 300, "\x00", "", " ", "null"]),
    st.builds(lambda n: "[" * n + "]" * n, st.integers(0, 60)),
)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


def _no_5xx(response: Any, where: str) -> None:
    assert response.status_code < 500, f"{where} gave {response.status_code}"


@FUZZ
@given(
    fields=st.dictionaries(
        st.sampled_from(["move_json", "turn", "lock", "pairs", "double", "action", "ec", "pair_1", "pair_2", "move"]),
        TEXT,
        max_size=5,
    )
)
def test_fuzz_the_match_form_finds_no_5xx(fields: dict[str, str], fast: None) -> None:
    """The match page's form: any field with any text is a 302 with a message or a 4xx, never a 5xx."""
    match = abc_match()
    _no_5xx(_ann().post(SUBMIT.format(pk=match.pk), fields), "the match form")


@FUZZ
@given(move=JSONISH, lock=JSONISH, turn=JSONISH, raw=TEXT)
def test_fuzz_the_api_finds_no_5xx(move: Any, lock: Any, turn: Any, raw: str, fast: None) -> None:
    """The API: any JSON in move / lock / turn, any raw body, any query string: never a 5xx."""
    match = abc_match()
    client = _ann()
    url = API_SUBMIT.format(pk=match.pk)
    _no_5xx(client.post(url, {"move": move, "lock": lock, "turn": turn}, content_type="application/json"), "submit")
    _no_5xx(client.post(url, raw.encode("utf-8", "surrogatepass"), content_type="application/json"), "raw submit")
    _no_5xx(client.post(url, {"move": raw[:500], "turn": raw[:500]}), "form-encoded submit")
    for path in (f"/api/matches/{match.pk}/messages/", f"/matches/{match.pk}/log/"):
        _no_5xx(client.get(path, {"after": raw[:300], "after_private": raw[:300]}), path)
    _no_5xx(Client().post("/api/token/", {"username": raw[:300], "password": raw[:300]}), "token")


@FUZZ
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [
                "to",
                "amount",
                "confirmed",
                "choice",
                "step",
                "reason",
                "player",
                "other",
                "target_id",
                "currency",
                "game",
                "players",
                "options",
                "next",
            ]
        ),
        TEXT,
        max_size=6,
    )
)
def test_fuzz_the_season_forms_find_no_5xx(fields: dict[str, str], fast: None) -> None:
    """The season's forms (transfer, pick, host step, episode start, notices): never a 5xx."""
    season = Pick.objects.first().episode.season if Pick.objects.exists() else None
    if season is None:
        season = started_season()
        finish_mm(abc_episode(season), winners=["ann"], candidates=["eve"])
    pick = Pick.objects.first()
    player, host = Client(), Client()
    player.force_login(UserFactory(username="eve"))
    host.force_login(host_user())
    slug = season.slug
    _no_5xx(player.post(f"/seasons/{slug}/me/", fields), "transfer")
    _no_5xx(player.post(f"/seasons/{slug}/picks/{pick.pk}/", fields), "pick")
    _no_5xx(host.post(f"/seasons/{slug}/host/", fields), "host step")
    _no_5xx(host.post(f"/seasons/{slug}/host/episode/", fields), "episode start")
    _no_5xx(player.post("/notices/seen/", fields), "notices")
