"""The season API: reads for everyone and for the caller, a player's writes and a host's steps, each through
the service the pages use, with its refusals as HTTP codes."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Match, Turn
from reach.models import Post
from seasons.models import Episode, LedgerEntry, Pick, Season
from seasons.services import season_create
from tests.seasons.factories import abc_episode, finish_mm, open_pick, started_season, user

pytestmark = pytest.mark.django_db

API = "/api/seasons/s1"


def as_user(handle: str | None) -> APIClient:
    client = APIClient()
    if handle:
        client.force_authenticate(user(handle))
    return client


@pytest.fixture
def episode() -> Episode:
    return abc_episode(started_season())


def test_seasons_list_and_one(episode: Episode) -> None:
    season_create(name="Draft", slug="draft", players=["ann", "bob"], hosts=[user("host")])
    rows = as_user(None).get("/api/seasons/").json()
    assert [r["slug"] for r in rows] == ["s1"]  # a draft is not public
    one = as_user(None).get(f"{API}/").json()
    assert one["status"] == "running" and one["hosts"] == ["host"] and "ann" in one["alive"]
    assert as_user(None).get("/api/seasons/draft/").status_code == 404
    assert as_user("host").get("/api/seasons/draft/").status_code == 200  # its host sees it
    assert as_user(None).get("/api/seasons/nope/").json()["code"] == "season_not_found"


def test_episodes_standings_picks_schedule_and_timeline(episode: Episode) -> None:
    anon = as_user(None)
    episodes = anon.get(f"{API}/episodes/").json()
    assert episodes[0]["number"] == 1 and episodes[0]["mm_match"] == episode.mm_match_id
    assert episodes[0]["mm_game"] == "abc"
    standings = anon.get(f"{API}/standings/").json()
    assert {s["player"] for s in standings} >= {"ann", "max"} and standings[0]["tokens"] == 0
    schedule = anon.get(f"{API}/schedule/").json()
    assert schedule[0]["kind"] == "turn" and schedule[0]["awaiting"] == ["ann"] and schedule[0]["deadline"]
    timeline = anon.get(f"{API}/timeline/").json()
    assert any(e["kind"] == "step" and "Episode 1" in e["text"] for e in timeline)
    assert anon.get(f"{API}/picks/").json() == []


def test_my_balances_holds_and_ledger(episode: Episode) -> None:
    assert as_user(None).get(f"{API}/me/").status_code in (401, 403)
    assert as_user("host").get(f"{API}/me/").status_code == 403
    me = as_user("ann").get(f"{API}/me/").json()
    assert (me["player"], me["tokens"], me["garnets"], me["holds"], me["ledger"]) == ("ann", 0, 0, [], [])


def test_ledger_adjust_transfer_undo_and_the_public_ledger(episode: Episode) -> None:
    """A host adjusts (reason kept for the players' own ledgers), a player transfers (never public), a host undoes."""
    host = as_user("host")
    made = host.post(
        f"{API}/ledger/adjust/", {"player": "ann", "currency": "garnet", "amount": 5, "reason": "prize"}, format="json"
    )
    assert made.status_code == 201 and made.json()["amount"] == 5
    assert (
        as_user("bob")
        .post(
            f"{API}/ledger/adjust/",
            {"player": "bob", "currency": "garnet", "amount": 5, "reason": "mine"},
            format="json",
        )
        .json()["code"]
        == "not_season_host"
    )
    ann = as_user("ann")
    sent = ann.post(f"{API}/transfers/", {"to": "bob", "amount": 2}, format="json")
    assert sent.status_code == 201 and sent.json()["counterpart"] == "bob"
    too_much = ann.post(f"{API}/transfers/", {"to": "bob", "amount": 50}, format="json")
    assert too_much.status_code == 409 and too_much.json()["code"] == "insufficient_funds"
    assert ann.post(f"{API}/transfers/", {"to": "bob", "amount": 0}, format="json").json()["code"] == "bad_request"
    public = as_user(None).get(f"{API}/ledger/").json()
    assert [(e["player"], e["amount"], e["reason"]) for e in public] == [("ann", 5, "A host adjustment")]
    own = ann.get(f"{API}/me/").json()
    assert [(e["amount"], e["source"]) for e in own["ledger"]] == [(5, "host"), (-2, "transfer")]
    assert own["ledger"][0]["reason"] == "Host: prize" and own["garnets"] == 3
    refused = host.post(f"{API}/ledger/{made.json()['id']}/undo/", {"reason": "typo"}, format="json")
    assert refused.status_code == 409  # ann has spent some: the undo would leave her below zero
    token = host.post(
        f"{API}/ledger/adjust/", {"player": "bob", "currency": "token", "amount": 1, "reason": "x"}, format="json"
    )
    undo = host.post(f"{API}/ledger/{token.json()['id']}/undo/", {"reason": "typo"}, format="json")
    assert undo.status_code == 201 and undo.json()["amount"] == -1
    assert host.post(f"{API}/ledger/999999/undo/", {"reason": "x"}, format="json").status_code == 404


def test_garnets_stay_out_of_the_public_ledger_where_balances_are_hidden(episode: Episode) -> None:
    Season.objects.filter(slug="s1").update(garnets_public=False)
    as_user("host").post(
        f"{API}/ledger/adjust/", {"player": "ann", "currency": "garnet", "amount": 5, "reason": "p"}, format="json"
    )
    as_user("host").post(
        f"{API}/ledger/adjust/", {"player": "ann", "currency": "token", "amount": 1, "reason": "p"}, format="json"
    )
    assert [e["currency"] for e in as_user(None).get(f"{API}/ledger/").json()] == ["token"]
    assert as_user(None).get(f"{API}/standings/").json()[0]["garnets"] is None


def test_match_controls_through_the_console_s_service(episode: Episode) -> None:
    pk = episode.mm_match_id
    host = as_user("host")
    paused = host.post(f"{API}/matches/{pk}/controls/", {"control": "pause", "reason": "tea"}, format="json")
    assert paused.status_code == 200 and "paused the match" in paused.json()["detail"]
    assert Match.objects.get(pk=pk).status == "paused"
    closed = host.post(f"{API}/matches/{pk}/controls/", {"control": "close_now", "reason": "x"}, format="json")
    assert closed.status_code == 409  # not running: resume first
    host.post(f"{API}/matches/{pk}/controls/", {"control": "resume", "reason": "back"}, format="json")
    extended = host.post(
        f"{API}/matches/{pk}/controls/", {"control": "extend", "reason": "late", "seconds": 600}, format="json"
    )
    assert "by 10 min" in extended.json()["detail"]
    assert (
        host.post(f"{API}/matches/{pk}/controls/", {"control": "explode", "reason": "x"}, format="json").status_code
        == 400
    )
    assert (
        host.post(f"{API}/matches/{pk}/controls/", {"control": "pause", "reason": " "}, format="json").status_code
        == 400
    )
    assert (
        as_user("ann")
        .post(f"{API}/matches/{pk}/controls/", {"control": "pause", "reason": "x"}, format="json")
        .status_code
        == 403
    )
    assert (
        host.post(f"{API}/matches/999999/controls/", {"control": "pause", "reason": "x"}, format="json").status_code
        == 404
    )


def test_episode_start_refused_while_one_is_open_then_started(episode: Episode) -> None:
    host = as_user("host")
    busy = host.post(
        f"{API}/episodes/start/", {"game": "abc", "players": ["ann", "bob", "cat", "dan", "eve"]}, format="json"
    )
    assert busy.status_code == 409 and "not over yet" in busy.json()["detail"]
    Episode.objects.filter(pk=episode.pk).update(status=Episode.Status.DONE)
    Match.objects.filter(pk=episode.mm_match_id).update(status=Match.Status.FINISHED)
    started = host.post(
        f"{API}/episodes/start/",
        {
            "game": "abc",
            "players": ["fay", "gus", "hal", "ivy", "jon"],
            "options": {"x_order": ["fay", "gus", "hal", "ivy", "jon"]},
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    assert started.json()["number"] == 2
    assert host.post(f"{API}/episodes/start/", {"game": "nope"}, format="json").status_code in (400, 409)


def test_a_dmo_pick_by_the_ec_and_by_a_host(episode: Episode) -> None:
    finish_mm(episode, winners=["ann"], candidates=["eve"])
    pick = open_pick(episode)
    assert pick.picker.handle == "eve"
    wrong = as_user("bob").post(f"{API}/picks/{pick.pk}/", {"choice": "cat"}, format="json")
    assert wrong.status_code == 403
    immune = as_user("eve").post(f"{API}/picks/{pick.pk}/", {"choice": "ann"}, format="json")
    assert immune.status_code == 400 and "immune" in immune.json()["detail"]
    made = as_user("eve").post(f"{API}/picks/{pick.pk}/", {"choice": "cat"}, format="json")
    assert made.status_code == 200 and made.json()["detail"] == "You picked cat."
    picks = as_user(None).get(f"{API}/picks/").json()
    assert picks[0]["choice"] == "cat" and picks[0]["status"] == "made"
    again = as_user("host").post(f"{API}/picks/{pick.pk}/dmo/", {"dmo": "dan", "reason": "r"}, format="json")
    assert again.status_code in (400, 409)  # the pick is closed


def test_a_host_names_an_ec_and_a_dmo(episode: Episode) -> None:
    finish_mm(episode, winners=["ann"], candidates=["eve"])
    host = as_user("host")
    named = host.post(f"{API}/episodes/{episode.pk}/ec/", {"ec": "dan", "reason": "second EC"}, format="json")
    assert named.status_code == 200, named.json()
    pick = open_pick(episode)
    set_ = host.post(f"{API}/picks/{pick.pk}/dmo/", {"dmo": "bob", "reason": "eve is away"}, format="json")
    assert set_.status_code == 200, set_.json()
    assert Pick.objects.get(pk=pick.pk).status == Pick.Status.OVERRIDDEN
    assert host.post(f"{API}/episodes/999999/ec/", {"ec": "dan", "reason": "r"}, format="json").status_code == 404


def test_ready_for_a_scheduled_death_match() -> None:
    season = started_season(dm_lead_seconds=3600)
    episode = abc_episode(season)
    finish_mm(episode, winners=["ann"], candidates=["eve"])
    as_user("eve").post(f"{API}/picks/{open_pick(episode).pk}/", {"choice": "cat"}, format="json")
    duel = episode.duels.get()
    assert duel.match_id is None and duel.starts_at is not None
    schedule = as_user(None).get(f"{API}/schedule/").json()
    assert any(d["kind"] == "death_match" and d["duel"] == duel.pk for d in schedule)
    assert as_user("bob").post(f"{API}/duels/{duel.pk}/ready/").status_code == 403
    assert as_user("eve").post(f"{API}/duels/{duel.pk}/ready/").json()["detail"] == "You are ready."
    started = as_user("cat").post(f"{API}/duels/{duel.pk}/ready/").json()["detail"]
    assert started.startswith("You are ready. It has started: match ")


def test_final_leg_refused_before_the_final(episode: Episode) -> None:
    refused = as_user("host").post(f"{API}/final-legs/", {"game": "odds"}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "final_not_ready"


def test_questions_and_threads_with_the_dealer(episode: Episode) -> None:
    ann = as_user("ann")
    asked = ann.post(f"{API}/questions/", {"text": "May I pair myself?", "match": episode.mm_match_id}, format="json")
    assert asked.status_code == 201 and asked.json()["posts"][0]["text"] == "May I pair myself?"
    ann.post(f"{API}/questions/", {"text": "When is episode 2?"}, format="json")
    threads = ann.get(f"{API}/threads/").json()
    assert sorted(t["match"] or 0 for t in threads) == [0, episode.mm_match_id]
    assert as_user("bob").get(f"{API}/threads/").json() == []
    outsider = as_user("host").post(f"{API}/questions/", {"text": "hi"}, format="json")
    assert outsider.status_code == 403 and Post.objects.count() == 2
    assert ann.post(f"{API}/questions/", {"text": "x", "match": 999999}, format="json").status_code == 404


def test_token_auth_and_per_user_write_throttle(episode: Episode, settings: Any) -> None:
    settings.GARNET_API_WRITE_RATE = "2/min"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user('ann')).key}")
    assert client.get(f"{API}/me/").status_code == 200
    codes = [client.post(f"{API}/transfers/", {"to": "bob", "amount": 1}, format="json").status_code for _ in range(3)]
    assert codes[:2] == [409, 409] and codes[2] == 429  # no garnets to send (insufficient_funds), then throttled
    assert as_user("bob").post(f"{API}/transfers/", {"to": "ann", "amount": 1}, format="json").status_code == 409


def test_every_season_operation_is_in_the_schema_with_its_error_codes() -> None:
    schema = APIClient().get("/api/schema/?format=json").json()
    paths = {p: ops for p, ops in schema["paths"].items() if p.startswith("/api/seasons/")}
    assert len(paths) == 21
    for path, ops in paths.items():
        for method, op in ops.items():
            codes = set(op["responses"])
            assert "404" in codes or path == "/api/seasons/", (path, method)
            assert "429" in codes, (path, method)
            if method == "post":
                assert {"400", "403", "409"} <= codes or path.endswith("/questions/"), (path, method)
    assert Turn is not None and LedgerEntry is not None
