"""Non-interference, proved: everything an anonymous viewer or another player can observe is a function of
what the rules let them know.

For every game, pairs of matches with the same players, seed and clock differ only in one hidden choice:

- a *saved* move (not yet resolved): nobody else may learn what it is;
- a *resolved* choice the rules keep hidden (ABC: the X's double before the results; Exodus: a trade
  that went through or not; for the other games, a choice found by searching random states for two
  moves the rules hide from every other viewer: a drawn card, a retrieval, a unit...).

Then every anonymous and other-player observable must be byte-identical once match ids are masked:
the match page and its live part, /log/, the API's match and messages, the verify page, the season's
public log reader, every websocket frame their groups get (and how many), and the websocket hello.
The clock is fixed, so no time needs masking.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from random import Random
from typing import Any

import pytest
from django.test import Client

from games.match import broadcast
from games.match.selectors import private_last_seq
from games.match.services import ClosedTurn, submission_submit, turn_close, turns
from games.match.services.matches import match_start
from games.models import Match, Turn
from games.registry import get_engine, slugs
from games.web import live
from tests.factories import UserFactory
from tests.games.contract import players_for
from tests.trust.wsutil import unbatch_pushes

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
OPTIONS: dict[str, dict[str, Any]] = {
    "abc": {"garnets": {"p1": 9}, "x_order": ["p1", "p2", "p3", "p4", "p5"]},
    "exodus": {"variant": "cubes"},
}
MASKS = [
    (re.compile(r"(/matches/)\d+"), r"\1ID"),
    (re.compile(r'("(?:match|id)":\s*)\d+'), r"\1ID"),
    (re.compile(r'(data-match=")\d+'), r"\1ID"),
    (re.compile(r"(match-)\d+"), r"\1ID"),
    (re.compile(r"(match_verify )\d+"), r"\1ID"),
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'), r"\1CSRF"),
    (re.compile(r'("X-CSRFToken": ")[^"]+'), r"\1CSRF"),
]


def _mask(text: str) -> str:
    for pattern, repl in MASKS:
        text = pattern.sub(repl, text)
    return text


class Recorder:
    """Every websocket push the framework computes, by group (recorded as it is built, before commit)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.events: list[tuple[int, str, dict[str, Any]]] = []
        real = turns._store

        def spy(**kwargs: Any) -> ClosedTurn:
            closed = real(**kwargs)
            pk = closed.match_id
            self.events += [(pk, group, payload) for group, payload in closed.events]
            # The pages a live close pushes (drawn after commit; here, from the same rows inside the test's transaction).
            self.events += [(pk, group, payload) for group, payload in live.ClosePages()(closed)]
            return closed

        monkeypatch.setattr(turns, "_store", spy)

    def frames(self, match: Match, viewer: str | None) -> list[str]:
        """What a socket of ``viewer`` (None: anonymous) on ``match`` receives, in order."""
        groups = {broadcast.group_public(match.pk)}
        groups.add(broadcast.group_player(match.pk, viewer) if viewer else broadcast.group_watch(match.pk))
        return [_mask(json.dumps(p, sort_keys=True)) for pk, g, p in self.events if pk == match.pk and g in groups]


def _observe(match: Match, viewer: str | None, recorder: Recorder) -> dict[str, Any]:
    """Every observable of ``match`` for ``viewer`` (None: anonymous), ids masked."""
    client = Client()
    if viewer:
        client.force_login(UserFactory(username=viewer))
    pk = match.pk
    seen: dict[str, Any] = {}
    for url in (
        "/matches/{}/",
        "/matches/{}/live/",
        "/matches/{}/log/",
        "/matches/{}/log/?after=1&after_private=1",
        "/api/matches/{}/",
        "/api/matches/{}/messages/",
        "/api/matches/{}/messages/?after=1",
        "/matches/{}/verify/",
    ):
        response = client.get(url.format(pk))
        seen[url] = (response.status_code, _mask(response.content.decode()))
    match.refresh_from_db()
    hello = {"seq": match.last_seq}
    if viewer:
        hello["private_seq"] = private_last_seq(pk, viewer)
    seen["hello"] = hello
    frames = recorder.frames(match, viewer)
    seen["frames"], seen["frame_count"] = frames, len(frames)
    from seasons.selectors import public_logs

    seen["season_public_log"] = public_logs([pk]).get(pk, [])
    return seen


def _start(slug: str, players: list[str]) -> Match:
    for p in players:
        UserFactory(username=p)
    return match_start(game=slug, players=players, options=OPTIONS.get(slug, {}), seed=f"ni-{slug}", now=T0)


def _play_turn(match: Match, moves: dict[str, dict[str, Any]], when: datetime, close: bool = True) -> None:
    turn = Turn.objects.get(match=match, status=Turn.Status.OPEN)
    for player, move in moves.items():
        submission_submit(match_id=match.pk, player=player, move=move, now=when)
    if close:
        assert turn_close(turn_id=turn.pk, now=when, force=True)


def _assert_same(a: Match, b: Match, secret_holder: str, players: list[str], recorder: Recorder) -> None:
    for viewer in [None, *[p for p in players if p != secret_holder]]:
        seen_a, seen_b = _observe(a, viewer, recorder), _observe(b, viewer, recorder)
        for key in seen_a:
            assert seen_a[key] == seen_b[key], (
                f"{viewer or 'the public'} can tell the matches apart by {key}: "
                f"{_first_difference(seen_a[key], seen_b[key])}"
            )


def _first_difference(a: Any, b: Any) -> str:
    ta, tb = json.dumps(a), json.dumps(b)
    i = next((k for k, (x, y) in enumerate(zip(ta, tb, strict=False)) if x != y), min(len(ta), len(tb)))
    return f"...{ta[max(0, i - 150) : i + 100]}... vs ...{tb[max(0, i - 150) : i + 100]}..."


def _prefix(slug: str, depth: int, rng: Random) -> list[dict[str, dict[str, Any]]]:
    """The moves of ``depth`` random turns of ``slug`` (legal, from the engine's random_move)."""
    engine = get_engine(slug)
    players = players_for(engine)
    state = engine.setup(players, OPTIONS.get(slug, {}), Random(f"ni-{slug}:0"))
    history = []
    for turn in range(1, depth + 1):
        if engine.outcome(state) is not None:
            break
        moves = {p: engine.validate(state, p, engine.random_move(state, p, rng)) for p in engine.awaiting(state)}
        history.append(moves)
        state, _ = engine.resolve(state, moves, Random(f"ni-{slug}:{turn}"))
    return history


def _hidden_pair(slug: str) -> tuple[list[dict[str, dict[str, Any]]], str, dict[str, Any], dict[str, Any]] | None:
    """Search random states for a turn where one player's two legal moves leave every other viewer's view and
    every line others read the same after the close: a choice the rules keep hidden. Returns the moves before
    it, the player, and the two moves (everyone else's moves are the first pair's)."""
    engine = get_engine(slug)
    players = players_for(engine)
    for attempt in range(30):
        rng = Random(f"{slug}:{attempt}")
        history = _prefix(slug, rng.randint(0, 6), rng)
        state = engine.setup(players, OPTIONS.get(slug, {}), Random(f"ni-{slug}:0"))
        for turn, moves in enumerate(history, start=1):
            state, _ = engine.resolve(state, moves, Random(f"ni-{slug}:{turn}"))
        if engine.outcome(state) is not None or not engine.awaiting(state):
            continue
        number = len(history) + 1
        base = {p: engine.validate(state, p, engine.random_move(state, p, rng)) for p in engine.awaiting(state)}
        for player in engine.awaiting(state):
            for _ in range(8):
                other = engine.validate(state, player, engine.random_move(state, player, rng))
                if json.dumps(other, sort_keys=True) == json.dumps(base[player], sort_keys=True):
                    continue
                sa, ma = engine.resolve(state, base, Random(f"ni-{slug}:{number}"))
                sb, mb = engine.resolve(state, {**base, player: other}, Random(f"ni-{slug}:{number}"))
                if any(engine.view(sa, v) != engine.view(sb, v) for v in [None, *players] if v != player):
                    continue
                if [(m.to, m.text) for m in ma if m.to != player] != [(m.to, m.text) for m in mb if m.to != player]:
                    continue
                if engine.outcome(sa) is not None:
                    continue
                return [*history, base], player, base[player], other
    return None


@pytest.mark.parametrize("slug", slugs())
def test_a_saved_move_is_invisible_to_everyone_else(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two matches differ only in what one player has saved (not yet resolved): every anonymous and
    other-player observable is byte-identical."""
    recorder = Recorder(monkeypatch)
    engine = get_engine(slug)
    players = players_for(engine)
    a, b = _start(slug, players), _start(slug, players)
    state = engine.load(a.state)
    rng = Random(slug)
    holder = engine.awaiting(state)[0]
    move_a = engine.validate(state, holder, engine.random_move(state, holder, rng))
    for _ in range(50):
        move_b = engine.validate(state, holder, engine.random_move(state, holder, rng))
        if move_b != move_a:
            break
    assert move_b != move_a, f"{slug}: no two different moves to compare"
    when = T0 + timedelta(seconds=1)
    _play_turn(a, {holder: move_a}, when, close=False)
    _play_turn(b, {holder: move_b}, when, close=False)
    _assert_same(a, b, holder, players, recorder)


@pytest.mark.parametrize("slug", slugs())
def test_a_resolved_hidden_choice_is_invisible_to_everyone_else(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two matches differ only in a choice the rules keep hidden after the close (the X's double, a trade,
    a drawn card, a retrieval...): through pages, API, logs, sequence numbers and websocket frames, every
    anonymous and other-player observable is byte-identical."""
    found = _hidden_pair(slug)
    if found is None:
        pytest.skip(f"{slug}: every resolved choice is announced to someone else at once (only saved moves hide)")
    history, holder, move_a, move_b = found
    recorder = Recorder(monkeypatch)
    players = players_for(get_engine(slug))
    a, b = _start(slug, players), _start(slug, players)
    for i, moves in enumerate(history, start=1):
        when = T0 + timedelta(seconds=i)
        last = i == len(history)
        _play_turn(a, {**moves, **({holder: move_a} if last else {})}, when)
        _play_turn(b, {**moves, **({holder: move_b} if last else {})}, when)
    _assert_same(a, b, holder, players, recorder)


def test_abc_the_x_double_before_the_results() -> None:
    """The ABC pair the issue names: the X doubles or not; before the results nobody else can tell,
    though the X got one more private line (the sequence numbers count only what each viewer reads)."""
    engine = get_engine("abc")
    state = engine.setup(players_for(engine), OPTIONS["abc"], Random("ni-abc:0"))
    pairs = {"pairs": [["p2", "p3"], ["p4", "p5"]]}
    a, b = (
        engine.resolve(state, {"p1": {**pairs, "double": True}}, Random(1)),
        engine.resolve(state, {"p1": {**pairs, "double": False}}, Random(1)),
    )
    assert [m.to for m in a[1]].count("p1") == [m.to for m in b[1]].count("p1") + 1
    assert all(engine.view(a[0], v) == engine.view(b[0], v) for v in [None, "p2", "p3", "p4", "p5"])


def test_exodus_a_trade_that_went_through_or_not() -> None:
    """The Exodus pair the issue names: p1 and p2 trade or not; the others and the public can't tell."""
    engine = get_engine("exodus")
    players = players_for(engine)
    state = engine.setup(players, OPTIONS["exodus"], Random("ni-exodus:0"))
    give = lambda p: engine.view(state, p)["you"]["inventory"][0]  # noqa: E731
    trade = {
        "p1": {"trades": [{"with": "p2", "give": give("p1")}]},
        "p2": {"trades": [{"with": "p1", "give": give("p2")}]},
    }
    sa, ma = engine.resolve(state, {p: engine.validate(state, p, m) for p, m in trade.items()}, Random(1))
    sb, mb = engine.resolve(state, {}, Random(1))
    assert sa.inventories != sb.inventories
    for viewer in [None, "p3", "p4"]:
        assert engine.view(sa, viewer) == engine.view(sb, viewer)
    assert [m.text for m in ma if m.to in (None, "p3", "p4")] == [m.text for m in mb if m.to in (None, "p3", "p4")]


def test_a_sealed_confessional_is_invisible_to_everyone_but_its_author_and_the_hosts(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """Whether a player wrote a sealed confessional (and what) changes nothing another player or a spectator
    can observe: the season page, its timeline, the confessionals page, a guessed confessional's address,
    the archive, and the season socket's pushes (none are sent)."""
    from seasons.services.host import entrant_eliminate_by_host
    from story.broadcast import group_season
    from story.services import confessional_write
    from tests.seasons.factories import abc_episode, started_season, user

    pushed: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(broadcast, "send", lambda events: pushed.extend(unbatch_pushes(events)) or 0)
    season = started_season()
    abc_episode(season)
    entrant_eliminate_by_host(season=season, handle="kim", user=user("host"), reason="left")
    UserFactory(username="sam")
    slug = season.slug
    urls = [
        f"/seasons/{slug}/",
        f"/seasons/{slug}/timeline/",
        f"/seasons/{slug}/confessionals/",
        f"/seasons/{slug}/confessionals/1/",
        f"/seasons/{slug}/confessionals/2/",
        f"/seasons/{slug}/archive.json",
        f"/seasons/{slug}/archive.md",
    ]

    def observe() -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for viewer in (None, "sam", "bob", "kim"):
            c = Client()
            if viewer:
                c.force_login(user(viewer))
            out[str(viewer)] = [f"{r.status_code} {_mask(r.content.decode())}" for r in map(c.get, urls)]
        return out

    before = observe()
    with django_capture_on_commit_callbacks(execute=True):
        confessional_write(season=season, user=user("ann"), text="I will betray bob")
    assert observe() == before
    assert not [p for g, p in pushed if g == group_season(season.pk)]
