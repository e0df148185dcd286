"""Discord's interactions endpoint: signatures (valid, invalid, stale, replayed) and each command per role."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pytest

from games.match.services import submission_submit
from games.models import Match, Message, Turn
from reach.models import Post
from tests.reach.discord_helpers import FakeApp, autocomplete, command, is_private
from tests.seasons.factories import user

pytestmark = pytest.mark.django_db

PING = {"id": "1", "application_id": "1", "type": 1, "token": "t", "version": 1}


# --- signatures ------------------------------------------------------------------------------------


def test_a_signed_ping_gets_a_pong(app: FakeApp) -> None:
    """ "PING → PONG": Discord checks the endpoint with a signed PING before saving its URL."""
    resp = app.post(PING)
    assert resp.status_code == 200
    assert resp.json() == {"type": 1}


def test_an_unsigned_request_is_refused_and_logged(app: FakeApp, caplog: pytest.LogCaptureFixture) -> None:
    """ "anything unsigned … is refused with 401 and logged"."""
    with caplog.at_level(logging.WARNING, logger="reach.discord"):
        resp = app.post(PING, headers={})
    assert resp.status_code == 401
    assert "unsigned" in caplog.text


def test_a_wrong_signature_is_refused(app: FakeApp, caplog: pytest.LogCaptureFixture) -> None:
    """A request signed by another key, or whose body was changed after signing, gets 401."""
    other = FakeApp()
    body = json.dumps(PING).encode()
    with caplog.at_level(logging.WARNING, logger="reach.discord"):
        assert app.post(PING, headers=other.signed(body)).status_code == 401
        tampered = app.signed(body)
        assert app.post({**PING, "type": 2}, headers=tampered).status_code == 401
    assert caplog.text.count("bad signature") == 2


@pytest.mark.parametrize("skew", [-310, 310, -3600])
def test_a_stale_timestamp_is_refused(app: FakeApp, skew: int, caplog: pytest.LogCaptureFixture) -> None:
    """ "its timestamp bounded": more than 5 minutes off either way is 401."""
    body = json.dumps(PING).encode()
    with caplog.at_level(logging.WARNING, logger="reach.discord"):
        resp = app.post(PING, headers=app.signed(body, timestamp=int(time.time()) + skew))
    assert resp.status_code == 401
    assert "stale timestamp" in caplog.text


def test_a_replayed_request_is_refused(app: FakeApp, caplog: pytest.LogCaptureFixture) -> None:
    """ "replayed is refused": the same signed request a second time is 401."""
    body = json.dumps(PING).encode()
    headers = app.signed(body)
    assert app.post(PING, headers=headers).status_code == 200
    with caplog.at_level(logging.WARNING, logger="reach.discord"):
        assert app.post(PING, headers=headers).status_code == 401
    assert "replayed" in caplog.text


def test_without_a_public_key_nothing_gets_in(app: FakeApp, settings: Any) -> None:
    """A site with no DISCORD_PUBLIC_KEY verifies nothing, so it lets nothing in."""
    settings.DISCORD_PUBLIC_KEY = ""
    assert app.post(PING).status_code == 401


def test_only_post_is_served(app: FakeApp) -> None:
    assert app.client.get("/reach/discord/interactions/").status_code == 405


# --- who is calling -------------------------------------------------------------------------------


def test_an_unlinked_user_is_told_how_to_link(app: FakeApp, season_match: Match) -> None:
    """ "an unlinked user gets an ephemeral message with a link to link their account"."""
    reply = app.send(command("stranger", "matches"))
    assert is_private(reply)
    assert "/auth/social/" in reply["data"]["content"]


# --- /garnet matches ---------------------------------------------------------------------------------


def test_matches_lists_mine_with_what_each_awaits_and_the_deadline(app: FakeApp, season_match: Match) -> None:
    """ "/garnet matches: my open matches, what each awaits, deadlines in my time zone" (private)."""
    ann = app.send(command("ann", "matches"))
    assert is_private(ann)
    text = ann["data"]["content"]
    turn = Turn.objects.get(match=season_match, status="open")
    assert f"match {season_match.pk}" in text and "**your move**" in text
    assert f"<t:{int(turn.deadline.timestamp())}:R>" in text
    assert "UTC" in text  # the profile's zone
    bob = app.send(command("bob", "matches"))["data"]["content"]
    assert "waiting for ann" in bob
    fay = app.send(command("fay", "matches"))["data"]["content"]  # in the season, not in this match
    assert fay == "You have no open match right now."


def test_matches_reads_in_the_players_own_zone(app: FakeApp, season_match: Match) -> None:
    ann = user("ann")
    ann.time_zone = "Asia/Tokyo"
    ann.save(update_fields=["time_zone"])
    assert "JST" in app.send(command("ann", "matches"))["data"]["content"]


# --- /garnet view -----------------------------------------------------------------------------------


def test_view_shows_a_player_their_own_private_view(app: FakeApp, season_match: Match) -> None:
    """ "/garnet view: my private view of a match … as the page shows it" — and only mine."""
    reply = app.send(command("ann", "view", match=season_match.pk))
    assert is_private(reply)
    text = reply["data"]["embeds"][0]["description"]
    assert "You (ann)" in text and "nothing saved yet" in text
    bob = app.send(command("bob", "view", match=season_match.pk))["data"]["embeds"][0]["description"]
    assert "You (bob)" in bob and "You (ann)" not in bob
    spectator = app.send(command("fay", "view", match=season_match.pk))["data"]["embeds"][0]["description"]
    assert "You (" not in spectator and "Your move" not in spectator


def test_view_without_a_match_takes_my_one_open_match(app: FakeApp, season_match: Match) -> None:
    reply = app.send(command("ann", "view"))
    assert reply["data"]["embeds"][0]["url"].endswith(f"/matches/{season_match.pk}/")
    assert app.send(command("fay", "view"))["data"]["content"] == "You have no open match right now."


def test_view_of_a_match_that_does_not_exist(app: FakeApp, season_match: Match) -> None:
    reply = app.send(command("ann", "view", match=999999))
    assert is_private(reply) and "There is no match 999999" in reply["data"]["content"]


# --- /garnet standings and /garnet season ---------------------------------------------------------


def test_standings_and_season_are_public_and_hold_nothing_private(
    app: FakeApp, season_match: Match, django_capture_on_commit_callbacks: Any
) -> None:
    """ "/garnet standings, /garnet season (public answers allowed)" — "Nothing private ever goes to a channel"."""
    pairs = {"pairs": [["bob", "cat"], ["dan", "eve"]]}
    with django_capture_on_commit_callbacks(execute=True):  # the last lock-in closes its turn after commit
        submission_submit(match_id=season_match.pk, player="ann", move=pairs, lock=True)
    for p, action in (("bob", "betray"), ("cat", "ally"), ("dan", "censure"), ("eve", "ally")):
        with django_capture_on_commit_callbacks(execute=True):
            submission_submit(match_id=season_match.pk, player=p, move={"action": action}, lock=True)
    private = list(Message.objects.filter(match=season_match, to__isnull=False).values_list("text", flat=True))
    public_lines = set(Message.objects.filter(match=season_match, to__isnull=True).values_list("text", flat=True))
    assert private
    for path in ("standings", "season"):
        reply = app.send(command("ann", path))
        assert not is_private(reply)
        sent = json.dumps(reply)
        assert all(line not in sent for line in private if line not in public_lines)
        assert reply["data"]["allowed_mentions"] == {"parse": []}
    standings = app.send(command("max", "standings", season="s1"))["data"]["embeds"][0]
    assert "**ann**" in standings["description"] and standings["title"] == "Season s1: standings"
    season = app.send(command("max", "season"))["data"]["embeds"][0]["description"]
    assert "Episode 1: Main Match · Main Match: The ABC Game" in season


def test_standings_of_an_unknown_season(app: FakeApp, season_match: Match) -> None:
    reply = app.send(command("ann", "standings", season="nope"))
    assert is_private(reply) and 'There is no season "nope"' in reply["data"]["content"]


# --- /garnet ask ------------------------------------------------------------------------------------


def test_ask_writes_to_the_dealer_in_my_private_thread(app: FakeApp, season_match: Match) -> None:
    """ "/garnet ask to the dealer's channel": the question lands in the player's thread, privately."""
    reply = app.send(command("ann", "ask", question="Can I pair myself?", match=season_match.pk))
    assert is_private(reply) and "Sent to the dealer" in reply["data"]["content"]
    post = Post.objects.get()
    assert (post.thread.player.username, post.thread.match_id, post.text) == (
        "ann",
        season_match.pk,
        "Can I pair myself?",
    )
    app.send(command("bob", "ask", question="When is the DM?"))
    assert Post.objects.filter(thread__season__slug="s1", thread__match=None, text="When is the DM?").exists()


def test_ask_is_refused_to_someone_outside_the_match(app: FakeApp, season_match: Match) -> None:
    reply = app.send(command("fay", "ask", question="hello?", match=season_match.pk))
    assert "Only the players of this match" in reply["data"]["content"]
    assert not Post.objects.exists()


# --- host controls ---------------------------------------------------------------------------------


def test_a_host_pauses_resumes_extends_and_closes_with_reasons(app: FakeApp, season_match: Match) -> None:
    """ "for hosts: close now, extend, pause/resume, with reasons, through the same services"."""
    pk = season_match.pk
    turn = Turn.objects.get(match=season_match, status="open")
    reply = app.send(command("host", "host", "extend", match=pk, reason="server hiccup", hours=2))
    assert is_private(reply) and reply["data"]["content"].startswith("Done: extended the turn by 2 h")
    assert (Turn.objects.get(pk=turn.pk).deadline - turn.deadline).total_seconds() == 7200
    assert "paused the match" in app.send(command("host", "host", "pause", match=pk, reason="tea"))["data"]["content"]
    assert Match.objects.get(pk=pk).status == "paused"
    assert "resumed" in app.send(command("host", "host", "resume", match=pk, reason="back"))["data"]["content"]
    assert (
        "closed the turn now"
        in app.send(command("host", "host", "close", match=pk, reason="all set"))["data"]["content"]
    )
    assert Turn.objects.get(pk=turn.pk).status == "closed"
    assert season_match.host_actions.filter(reason="server hiccup").exists()


def test_host_controls_need_a_host_and_take_an_optional_reason(app: FakeApp, season_match: Match) -> None:
    """Only a season's host runs its controls; a reason is optional there as on the console (seasons/RULES.md)."""
    pk = season_match.pk
    refused = app.send(command("ann", "host", "pause", match=pk, reason="I want a break"))
    assert refused["data"]["content"] == "Only a host of this season can do that."
    assert Match.objects.get(pk=pk).status == "running"
    blank = app.send(command("host", "host", "pause", match=pk, reason="  "))
    assert "Done:" in blank["data"]["content"] and Match.objects.get(pk=pk).status == "paused"
    assert "at least a minute" in app.send(command("host", "host", "extend", match=pk, reason="x"))["data"]["content"]


# --- autocomplete -------------------------------------------------------------------------------------


def test_the_match_option_suggests_my_matches_and_a_host_hers(app: FakeApp, season_match: Match) -> None:
    """A host never types an id: the match option offers the caller's matches by name."""
    mine = app.send(autocomplete("ann", "view", focused="match"))
    assert mine["type"] == 8
    assert [c["value"] for c in mine["data"]["choices"]] == [season_match.pk]
    assert app.send(autocomplete("fay", "view", focused="match"))["data"]["choices"] == []
    hosted = app.send(autocomplete("host", "host", "close", focused="match", reason="r"))
    assert [c["value"] for c in hosted["data"]["choices"]] == [season_match.pk]
    seasons = app.send(autocomplete("ann", "standings", focused="season", typed="s1"))
    assert seasons["data"]["choices"] == [{"name": "Season s1", "value": "s1"}]
    assert app.send(autocomplete("stranger", "view", focused="match"))["data"]["choices"] == []


# --- every command for every role ----------------------------------------------------------------------

ROLES = {"unlinked": "stranger", "player": "ann", "other player": "bob", "spectator": "fay", "host": "host"}
PUBLIC_COMMANDS = {"standings", "season"}


def _commands(match_pk: int) -> dict[str, dict[str, Any]]:
    return {
        "matches": {},
        "view": {"match": match_pk},
        "move": {"match": match_pk},
        "standings": {},
        "season": {},
        "ask": {"question": "Is this allowed?", "match": match_pk},
        "reminders": {"on": True},
        "host close": {"match": match_pk, "reason": "roles test"},
    }


@pytest.mark.parametrize("role", ROLES)
def test_each_command_for_each_role_answers_and_keeps_secrets(
    app: FakeApp, season_match: Match, role: str, django_capture_on_commit_callbacks: Any
) -> None:
    """ "each command for each role" — and "Nothing private ever goes to a channel": only standings and season
    answer in the channel, and no reply shows a player another player's private lines."""
    pairs = {"pairs": [["bob", "cat"], ["dan", "eve"]]}
    with django_capture_on_commit_callbacks(execute=True):
        submission_submit(match_id=season_match.pk, player="ann", move=pairs, lock=True)
    for p, action in (("bob", "betray"), ("cat", "ally"), ("dan", "censure"), ("eve", "ally")):
        with django_capture_on_commit_callbacks(execute=True):
            submission_submit(match_id=season_match.pk, player=p, move={"action": action}, lock=True)
    public = set(Message.objects.filter(match=season_match, to__isnull=True).values_list("text", flat=True))
    secrets = {
        to: [
            t
            for t in Message.objects.filter(match=season_match, to=to).values_list("text", flat=True)
            if t not in public
        ]
        for to in ("bob", "cat", "dan", "eve")
    }
    assert any(secrets.values())
    handle = ROLES[role]
    for name, options in _commands(season_match.pk).items():
        reply = app.send(command(handle, *name.split(), **options))
        assert reply["type"] == 4, (role, name)
        sent = json.dumps(reply)
        if role == "unlinked":
            assert is_private(reply) and "/auth/social/" in sent
            continue
        assert is_private(reply) is (name not in PUBLIC_COMMANDS), (role, name)
        for owner, lines in secrets.items():
            if owner != handle:
                assert all(line not in sent for line in lines), (role, name, owner)
    closed = Turn.objects.filter(match=season_match, number=3, status="closed").exists()
    assert closed is (role == "host")  # only the host's "close" went through
