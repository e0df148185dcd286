"""``?turn=N`` on the match page: the state rebuilt by replay and seen through ``Engine.view`` equals what
each viewer saw live while turn N was open (a spectator the public view, a player their own), never more."""

from __future__ import annotations

import contextlib
from random import Random
from typing import Any

import pytest
from django.test import Client

from games.match.selectors import match_view_for_player
from games.match.services import SubmissionRefused, submission_submit, turn_close
from games.models import Match, Turn
from games.registry import get_engine
from tests.factories import UserFactory, abc_match

pytestmark = pytest.mark.django_db


def _client(handle: str | None) -> Client:
    c = Client()
    if handle:
        c.force_login(UserFactory._meta.model.objects.get(username=handle))
    return c


@pytest.mark.parametrize("slug", ["abc", "warriors"])
def test_a_past_turn_equals_the_live_view_at_that_turn(slug: str) -> None:
    if slug == "abc":
        match = abc_match(seed="past")
    else:
        from games.match.services.matches import match_start
        from tests.factories import users

        users(["ann", "bob"])
        match = match_start(game="warriors", players=["ann", "bob"], options={}, seed="past-w")
    viewers = [None, *match.players[:2]]
    live: dict[int, dict[str | None, Any]] = {}
    chooser = Random("moves")
    engine = get_engine(match.game)
    for _ in range(40):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
        live[turn.number] = {v: match_view_for_player(match, v) for v in viewers}
        state = engine.load(match.state)
        for p in turn.awaiting:
            with contextlib.suppress(SubmissionRefused):
                submission_submit(match_id=match.pk, player=p, move=engine.random_move(state, p, chooser))
        turn_close(turn_id=turn.pk, force=True)
    assert len(live) >= 3
    for number, views in live.items():
        for viewer, expected in views.items():
            r = _client(viewer).get(f"/matches/{match.pk}/?turn={number}")
            assert r.status_code == 200
            assert r.context["view"] == expected, (number, viewer)
            assert r.context["host_views"] is None


def test_a_turn_the_match_never_had_is_a_404_that_says_so() -> None:
    match = abc_match()
    for bad in ["0", "99", "x", "-1", "1" * 40]:
        r = Client().get(f"/matches/{match.pk}/?turn={bad}")
        assert r.status_code == 404, bad
    assert Client().get(f"/matches/{match.pk}/?turn=1").status_code == 200


def test_the_log_at_a_past_turn_holds_only_earlier_lines_the_viewer_may_read() -> None:
    match = abc_match(seed="past-log")
    for _ in range(3):
        turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
        turn_close(turn_id=turn.pk, force=True)
    r = Client().get(f"/matches/{match.pk}/?turn=2")
    assert all(m.to is None and m.turn_number < 2 for m in r.context["log"])


def test_the_replay_reproduces_every_stored_turn() -> None:
    from games.match.services.replay import match_states

    match = abc_match(seed="past-replay")
    for _ in range(4):
        turn_close(turn_id=Turn.objects.get(match=match, status=Turn.Status.OPEN).pk, force=True)
    steps = list(match_states(match=match))
    assert len(steps) == 5 and all(reproduced for _turn, _state, reproduced in steps)
