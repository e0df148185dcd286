"""No leaks: over every registered engine, random states reached by random legal play through the real
services, every page, API response, websocket push and socket answer a non-host receives holds no other player's
unrevealed secrets (the engine's ``secrets`` hook) and no line private to someone else."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from random import Random
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.match import broadcast
from games.match.services import SubmissionRefused, submission_submit, turn_close
from games.match.services.matches import match_start
from games.models import Match, Message, Turn
from games.registry import get_engine, slugs
from games.web.submitting import socket_submit
from tests.factories import UserFactory, users
from tests.games.contract import walk
from tests.trust.wsutil import unbatch_pushes

pytestmark = pytest.mark.django_db


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def json_leaks(seen: Any, viewer: str | None, secrets: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """contract.leaks over any JSON a viewer received: another's secret under its name, or a structured one anywhere."""
    found = []
    pairs = [(k, _canon(v)) for k, v in walk(seen)]
    own = secrets.get(viewer, {}) if viewer else {}
    for owner, hidden in secrets.items():
        if owner == viewer:
            continue
        for name, value in hidden.items():
            if name in own and _canon(own[name]) == _canon(value):
                continue
            target = _canon(value)
            structured = isinstance(value, Mapping | list | tuple) and len(value) >= 2
            if any(text == target and (k == name or structured) for k, text in pairs):
                found.append(f"{owner}'s {name}={target[:60]} reached {viewer or 'the public'}")
    return found


def _play(slug: str, seed: str, depth: int, sent: list[tuple[str, dict[str, Any]]]) -> Match:
    engine = get_engine(slug)
    players = [f"{slug[:3]}{i}" for i in range(1, engine.min_players + 1)]
    users(players)
    match = match_start(game=slug, players=players, seed=seed)
    chooser = Random(seed)
    for _ in range(depth):
        turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
        if turn is None:
            break
        state = engine.load(turn.state_before)
        for p in turn.awaiting:
            with contextlib.suppress(SubmissionRefused):  # a season hook may refuse; the default move stands
                submission_submit(match_id=match.pk, player=p, move=engine.random_move(state, p, chooser))
        turn_close(turn_id=turn.pk, force=True)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("slug", slugs())
def test_no_non_host_ever_receives_another_players_secrets(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: sent.extend(unbatch_pushes(events)) or 0)
    engine = get_engine(slug)
    spectator = Client()
    spectator_user = UserFactory(username="watcher")
    spectator.force_login(spectator_user)

    @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    @given(seed=st.text(alphabet="abcdefghij0123456789", min_size=1, max_size=8), depth=st.integers(0, 14))
    def check(seed: str, depth: int) -> None:
        sent.clear()
        match = _play(slug, seed, depth, sent)
        state = engine.load(match.state)
        secrets = {p: dict(engine.secrets(state, p)) for p in match.players}
        private = {
            p: set(Message.objects.filter(match=match, to=p).values_list("text", flat=True)) for p in match.players
        }
        viewers: list[tuple[str | None, Client]] = [(None, Client()), (None, spectator)]
        for p in match.players:
            c = Client()
            c.force_login(UserFactory(username=p))
            viewers.append((p, c))
        problems: list[str] = []
        for viewer, client in viewers:
            detail = client.get(f"/api/matches/{match.pk}/").json()
            problems += json_leaks(detail, viewer, secrets)
            problems += json_leaks(engine.view(state, viewer), viewer, secrets)
            visible = set(Message.objects.filter(match=match, to__isnull=True).values_list("text", flat=True))
            visible |= private.get(viewer, set()) if viewer else set()
            others = set().union(*(t for p, t in private.items() if p != viewer)) - visible
            api_lines = client.get(f"/api/matches/{match.pk}/messages/").json()
            log_lines = client.get(f"/matches/{match.pk}/log/").json()["messages"]
            page = client.get(f"/matches/{match.pk}/").content.decode()
            live = client.get(f"/matches/{match.pk}/live/").content.decode()
            # A move sent over the page's socket for a turn that is over: refused, with the viewer's live part.
            user = UserFactory(username=viewer) if viewer else (spectator_user if client is spectator else None)
            stale = [["turn", "999999"], ["move_json", "{}"]]
            answer = socket_submit(user=user, match_id=match.pk, fields=stale, session_key=client.session.session_key)
            assert viewer is None or answer["html"], answer  # every player's refusal draws their live part
            for line in [*api_lines, *log_lines]:
                if line["text"] in others:
                    problems.append(f"{viewer or 'the public'} read another's private line {line['text'][:60]!r}")
            for text in others:
                for html in (page, live, answer.get("html", "")):
                    # An apostrophe is escaped as &#x27; by Django's templates and as &#39; by the move forms' Jinja2.
                    escaped = (text, text.replace("'", "&#x27;"), text.replace("'", "&#39;"))
                    if len(text) > 12 and any(form in html for form in escaped):
                        problems.append(f"{viewer or 'the public'}'s page shows another's private line {text[:60]!r}")
        for group, payload in sent:
            if payload.get("private"):
                owner = next((p for p in match.players if broadcast.group_player(match.pk, p) == group), None)
                if owner is None or payload["text"] not in private[owner]:
                    problems.append(f"a private push went to {group}")
            elif group == broadcast.group_public(match.pk):
                if payload.get("text") in set().union(*private.values()):
                    problems.append(f"a private line was pushed to everyone: {payload.get('text', '')[:60]!r}")
                problems += json_leaks(payload, None, secrets)
        assert not problems, "\n".join(problems[:20])

    check()
