"""Every ``garnet-house/2`` sample's hidden facts (issue 37), over the HTML pages too: each sample's cards
labelled by pile and holder and its holdings planted (``tests/games/house/test_leaks2.py``), a few turns of random
legal play through the services (the host dealing), then every viewer's match page, its history, live part,
log, the API and every push hold only the tokens FORMAT.md's visibility rules give them (a hand held to the
forehead in Indian poker, a role dealt from a deck, a holding private to its holder...)."""

from __future__ import annotations

import html
import json
from random import Random
from typing import Any

import pytest

from games.engine import DEALER
from games.house.engine.samples import sample_definition, sample_names, sample_text
from games.match.services import submission_submit, turn_close
from games.models import Match, Turn
from games.registry import get_engine
from games.web.live import ClosePages
from tests.games.house.pages import house_match, open_turn
from tests.games.house.test_leaks2 import (
    HOST,
    WATCHER,
    _all_tokens,
    _group_key,
    _has,
    _must_see,
    _pages,
    _plant,
    _problems,
    _viewer_key,
    sent,
)

pytestmark = pytest.mark.django_db
__all__ = ["sent"]  # the push-catching fixture, shared

V2 = [n for n in sample_names() if "garnet-house/2" in sample_text(n)]


def _start(name: str) -> Match:
    definition = sample_definition(name)
    # three players where the sample allows (a third who sees neither's secrets); a Death Match has two
    players = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"][
        : max(definition["players"]["min"], min(3, definition["players"]["max"]))
    ]
    match = house_match(definition, players=players, hosts=(HOST,), seed=f"leaks2-{name}")
    _plant(match.state)
    match.save(update_fields=["state"])
    turn = open_turn(match)
    _plant(turn.state_before)
    turn.save(update_fields=["state_before"])
    return match


def _random_turns(match: Match, depth: int, capture: Any, name: str) -> None:
    # Seeded by the sample and depth, not the row's id (which varies with the database and the test order):
    # the same moves every run, so a sample that could end at its first close never does so by chance.
    engine, chooser = get_engine("house"), Random(f"leaks2-{name}-{depth}")
    for _ in range(depth):
        turn = Turn.objects.filter(match=match, status=Turn.Status.OPEN).first()
        if turn is None:
            return
        state = engine.load(turn.state_before)
        if engine.outcome(state) is not None:
            return
        for p in turn.awaiting:
            submission_submit(match_id=match.pk, player=p, move=engine.random_move(state, p, chooser))
        with capture(execute=True):
            turn_close(turn_id=turn.pk, force=True, draw=ClosePages())


@pytest.mark.parametrize("name", V2)
def test_no_viewer_of_a_v2_sample_reads_a_hidden_fact_the_rules_keep_from_them(
    name: str, sent: list[tuple[str, dict[str, Any]]], django_capture_on_commit_callbacks: Any
) -> None:
    # As deep as the match still runs (once over, everything is public: house-9); a sample that a first close
    # may end (a runoff only on ties) gets a few seeded tries at each depth.
    tries = [(depth, attempt) for depth in (4, 3, 2, 1) for attempt in range(6)]
    for depth, attempt in tries:
        sent.clear()
        match = _start(name)
        _random_turns(match, depth, django_capture_on_commit_callbacks, f"{name}-{attempt}")
        match.refresh_from_db()
        if match.state["phase"] != "over":
            break
    assert match.state["phase"] != "over", f"{name}: over at its first close"
    # a holding an effect sets to a small number (a unit's strength) is no token a page search can tell apart from
    # a time or a round number: only the planted values (six digits) and what grew from them are searched
    tokens = {t: who for t, who in _all_tokens(match).items() if not (t.isdigit() and len(t) < 5)}
    assert any(not who >= {"public", *match.players} for who in tokens.values()) or not tokens
    problems: list[str] = []
    for who in [None, WATCHER, *match.players, HOST]:
        key = _viewer_key(who)
        page = html.unescape(_pages(match, who))
        problems += _problems("pages/API", key, page, tokens, None)
        missed = sorted(t for t in _must_see(match.state, key) if not _has(page, t))
        problems += [f"pages: {who or 'the public'} missed {t!r}" for t in missed]
    for group, payload in sent:
        problems += _problems(f"a push to {group}", _group_key(match, group), json.dumps(payload), tokens, None)
    assert DEALER not in match.players
    assert not problems, f"{name}: " + "\n".join(problems[:30])
