"""Every registered game is playable through the pages: each awaited player submits on the match page,
turns close, and every role's page renders (DESIGN.md: adding a game is one new app and one line)."""

from __future__ import annotations

import json
from random import Random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import registry
from games.match import selectors
from games.match.services.matches import match_start
from games.match.services.turns import turn_close
from games.models import Match, Turn
from tests.factories import UserFactory
from tests.games.contract import players_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", registry.slugs())
def test_game_is_playable_through_its_pages(slug: str) -> None:
    engine = registry.get_engine(slug)
    handles = [f"{slug}{p}" for p in players_for(engine)]
    clients = {}
    for h in handles:
        clients[h] = Client()
        clients[h].force_login(UserFactory(username=h))
    match = match_start(game=slug, players=handles, seed=f"pages-{slug}")
    chooser = Random(slug)
    spectator = Client()
    for _ in range(6):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
        state = engine.load(turn.state_before)
        assert spectator.get(reverse("games:match", args=[match.pk])).status_code == 200
        for h in turn.awaiting:
            page = clients[h].get(reverse("games:match", args=[match.pk]))
            assert page.status_code == 200 and b"Your move" in page.content
            move = engine.random_move(state, h, chooser)
            r = clients[h].post(
                reverse("games:match_submit", args=[match.pk]),
                {"move_json": json.dumps(move), "turn": turn.number, "lock": "0"},
                follow=True,
            )
            assert r.status_code == 200 and b"Saved" in r.content, r.content.decode()[-2000:]
        turn_close(turn_id=turn.pk, force=True)
        for h in handles:
            assert clients[h].get(reverse("games:match_live", args=[match.pk])).status_code == 200
    match.refresh_from_db()
    assert Turn.objects.filter(match=match, status=Turn.Status.CLOSED).exists()
    # The closes told everyone what happened, and a spectator's page lists the log's last public line.
    public = selectors.match_messages_for(match, None)
    assert public, "the closed turns left no public line in the match's log"
    last = public[-1]
    page = spectator.get(reverse("games:match", args=[match.pk])).content.decode()
    assert f'data-seq="{last.seq}">{escape(last.text.splitlines()[0])}' in page, last.text
