"""Hidden information of a dealer's game (issue 25): "nothing a dealer has not published reaches anyone else".

Every role (signed out, a spectator, each player, a player put out of the match, the host who deals) reads
the match page, its live part, a past turn's page, the log, the API's match and messages, and every
websocket push a close sends (each seat's page, the spectators' page, the lines); only the dealer reads
every submission, secret, private score and the mechanic's unpublished proposal, and each player only
their own. Modelled on ``tests/trust/test_leaks.py``.
"""

from __future__ import annotations

import contextlib
import html
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from games.engine import DEALER
from games.house.engine.samples import sample_definition, sample_names
from games.match import broadcast
from games.models import Match, Message, Turn
from games.registry import get_engine
from tests.games.house.pages import client, every_field_definition, house_match, open_turn
from tests.trust.test_leaks import json_leaks
from tests.trust.wsutil import unbatch_pushes

pytestmark = pytest.mark.django_db

PLAYERS = ["ann", "bob", "cat"]
VIEWERS: list[str | None] = [None, "watcher", "ann", "bob", "cat", "host"]
PRIVATE_LINE = "bob-private-line-from-the-dealer"


def _note(player: str, n: int) -> str:
    return f"{player}-round{n}-secret-note"


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, dict[str, Any]]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: found.extend(unbatch_pushes(events)) or 0)
    yield found


def _submit(who: str, match: Match, data: dict[str, Any], capture: Any) -> None:
    body = {**data, "turn": str(open_turn(match).number), "lock": "1"}
    with capture(execute=True):
        answer = client(who).post(f"/matches/{match.pk}/submit/", body, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200, answer.content.decode()[-800:]


def _round(match: Match, n: int, players: list[str], capture: Any) -> None:
    for p in players:
        _submit(p, match, {"pick": "red", "guess": str(10 * n), "note": _note(p, n)}, capture)


def _everything_seen(match: Match, who: str | None) -> str:
    """Every page, fragment and API answer ``who`` gets of the match, as one text (HTML unescaped)."""
    c = Client() if who is None else client(who)
    parts = [
        c.get(f"/matches/{match.pk}/").content.decode(),
        c.get(f"/matches/{match.pk}/live/").content.decode(),
        c.get(f"/matches/{match.pk}/log/").content.decode(),
        c.get(f"/api/matches/{match.pk}/").content.decode(),
        c.get(f"/api/matches/{match.pk}/messages/").content.decode(),
    ]
    for number in range(1, open_turn(match).number + 1):
        parts.append(c.get(f"/matches/{match.pk}/?turn={number}").content.decode())
    return html.unescape("\n".join(parts))


def _group_owner(match: Match, group: str) -> str | None:
    """Whose private group ``group`` is (a player's, the dealer's), or None for the public and watchers' groups."""
    for seat in [*match.players, DEALER]:
        if broadcast.group_player(match.pk, seat) == group:
            return seat
    return None


def test_nothing_unpublished_reaches_anyone_but_the_dealer(
    sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    definition = every_field_definition(scores={"label": "Points", "start": 5, "visibility": "private"}, rounds=None)
    match = house_match(
        definition, secrets={"ann": {"role": "Thief"}, "bob": {"role": "Citizen"}, "cat": {"role": "Citizen"}}
    )
    _round(match, 1, PLAYERS, django_capture_on_commit_callbacks)
    tally = {"announcement": "Round 1 is tallied.", "private__bob": PRIVATE_LINE, "points__ann": "3", "out__cat": "on"}
    _submit("host", match, {**tally, "next": "continue"}, django_capture_on_commit_callbacks)
    _round(match, 2, ["ann", "bob"], django_capture_on_commit_callbacks)
    assert open_turn(match).awaiting == [DEALER]  # round 2's submissions wait for the dealer

    own = {p: {_note(p, 1), *([_note(p, 2)] if p != "cat" else [])} for p in PLAYERS}
    own["bob"].add(PRIVATE_LINE)
    hidden = set().union(*own.values())
    engine = get_engine("house")
    match.refresh_from_db()
    state = engine.load(match.state)
    secrets = {p: dict(engine.secrets(state, p)) for p in PLAYERS}
    assert secrets["ann"]["score"] == 8 and secrets["ann"]["secrets"] == {"role": "Thief"}

    problems: list[str] = []
    for who in VIEWERS:
        seen = _everything_seen(match, who)
        allowed = hidden if who == "host" else own.get(who or "", set())
        problems += [f"{who or 'the public'} read {t!r}" for t in sorted(hidden - allowed) if t in seen]
        problems += [f"{who or 'the public'} missed {t!r}" for t in sorted(allowed) if t not in seen]
        thief = "Your role: <strong>Thief" in seen or "Thief</td>" in seen
        if thief != (who in ("ann", "host")):
            problems.append(f"{who or 'the public'} {'saw' if thief else 'did not see'} ann's role")
        if who != "host":
            detail = (Client() if who is None else client(who)).get(f"/api/matches/{match.pk}/").json()
            problems += json_leaks(detail, who if who in PLAYERS else None, secrets)
            if "dealer" in detail["view"]:
                problems.append(f"{who or 'the public'} got the dealer's desk")
    assert sent, "the closes pushed nothing"
    for group, payload in sent:
        owner = _group_owner(match, group)
        text = html.unescape(json.dumps(payload))
        allowed = hidden if owner == DEALER else own.get(owner or "", set())
        problems += [f"a push to {owner or group} carried {t!r}" for t in sorted(hidden - allowed) if t in text]
        if owner not in ("ann", DEALER) and "Your role: <strong>Thief" in text:
            problems.append(f"a push to {owner or group} carried ann's role")
        if owner is None:
            problems += json_leaks(payload, None, secrets)
    assert any(p.get("event") == "live" for _g, p in sent), "no page was pushed"
    assert not problems, "\n".join(problems[:30])


def test_a_mechanics_proposal_under_review_reaches_only_the_dealer(
    sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    players = ["ann", "bob", "cat", "dan"]
    match = house_match(sample_definition("secret_thief"), players=players)
    for p in players:
        _submit(p, match, {"suspect": "bob" if p != "bob" else "ann"}, django_capture_on_commit_callbacks)
    assert open_turn(match).label == "Vote 1 · dealer's review"
    unpublished = "bob is chosen and loses 1"
    for who in [None, "watcher", *players]:
        assert unpublished not in _everything_seen(match, who), who
    assert unpublished in _everything_seen(match, "host")
    for group, payload in sent:
        if _group_owner(match, group) != DEALER:
            assert unpublished not in json.dumps(payload), group
    # Once the dealer publishes it (as it stands), everyone reads it.
    _submit(
        "host",
        match,
        {"announcement": "Vote 1: bob is chosen and loses 1.", "next": "continue"},
        django_capture_on_commit_callbacks,
    )
    for who in [None, "watcher", *players]:
        assert unpublished in _everything_seen(match, who), who


def _random_play(name: str, seed: str, depth: int, capture: Any) -> Match:
    """A match of sample ``name`` played ``depth`` turns by random legal moves through the services, the host
    dealing (the dealer's moves random too)."""
    from random import Random

    from games.match.services import SubmissionRefused, submission_submit, turn_close

    definition = sample_definition(name)
    players = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"][
        : max(definition["players"]["min"], 3 if definition["kind"] == "main" else 2)
    ]
    engine = get_engine("house")
    match = house_match(definition, players=players, seed=f"{name}-{seed}")
    chooser = Random(seed)
    for _ in range(depth):
        turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
        if turn is None:
            break
        state = engine.load(turn.state_before)
        for p in turn.awaiting:
            with contextlib.suppress(SubmissionRefused):  # a season hook may refuse; the default move stands
                submission_submit(match_id=match.pk, player=p, move=engine.random_move(state, p, chooser))
        with capture(execute=True):
            turn_close(turn_id=turn.pk, force=True)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("name", sample_names())
def test_random_play_of_every_sample_shows_no_one_what_the_dealer_has_not_published(
    name: str, sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    engine = get_engine("house")
    for seed, depth in (("a", 3), ("b", 6)):
        sent.clear()
        match = _random_play(name, seed, depth, django_capture_on_commit_callbacks)
        state = engine.load(match.state)
        secrets = {p: dict(engine.secrets(state, p)) for p in match.players}
        private = {
            p: set(Message.objects.filter(match=match, to=p).values_list("text", flat=True)) for p in match.players
        }
        problems: list[str] = []
        for who in [None, "watcher", *match.players]:
            c = Client() if who is None else client(who)
            detail = c.get(f"/api/matches/{match.pk}/").json()
            problems += json_leaks(detail, who if who in match.players else None, secrets)
            if "dealer" in detail["view"]:
                problems.append(f"{who or 'the public'} got the dealer's desk")
            lines = [m["text"] for m in c.get(f"/api/matches/{match.pk}/messages/").json()]
            others = set().union(*(t for p, t in private.items() if p != who)) - private.get(who or "", set())
            problems += [f"{who or 'the public'} read {t!r}" for t in lines if t in others]
        for group, payload in sent:
            owner = _group_owner(match, group)
            if owner == DEALER:
                continue
            problems += json_leaks(payload, owner, secrets)
            text = str(payload.get("text", ""))
            if payload.get("private") and text not in private.get(owner or "", set()):
                problems.append(f"a private line reached {owner or group}: {text[:60]!r}")
        assert not problems, f"{name} {seed}: " + "\n".join(problems[:20])
        by_dealer = any(
            r["resolve"]["by"] == "dealer" or r["resolve"].get("review")
            for r in match.options["definition"]["round_plan"]
        )
        dealt = any(DEALER in awaits for awaits in Turn.objects.filter(match=match).values_list("awaiting", flat=True))
        # a round in turn order takes a turn per player before the dealer's
        rounds = match.options["definition"]["round_plan"]
        movers = len(match.players) if any(r.get("order", "together") != "together" for r in rounds) else 1
        assert dealt == by_dealer or depth <= movers, f"{name}: the dealer's turns were not played"
