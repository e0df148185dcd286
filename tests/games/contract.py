"""The engine contract, as reusable checks.

``tests/games/test_contract.py`` runs these over every registered engine; a game's
own tests may call them directly while it is being written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from random import Random
from typing import Any

from games.engine import Engine, Message, Outcome, PlayerId, RuleError

GARBAGE_MOVES: list[Any] = [
    None,
    [],
    "ally",
    17,
    {},
    {"unknown_key": "x"},
    {"action": 5, "pairs": "nope", "trades": 3, "unit": [], "play": {}, "ec": "nobody-here"},
    {"action": "ally", "with": "ghost", "target": "ghost", "from": "ghost", "ec": "ghost"},
    {"pairs": [["ghost", "ghost"]], "double": "yes"},
    {"trades": [{"with": None, "give": 3}]},
    {"unit": "no-such-unit", "guess": 99},
    {"play": [{"card": "nope/none"}], "discard": "x", "ranking": 5},
    {"action": "draw", "from": 12, "discard": None},
]


def players_for(engine: Engine[Any], count: int | None = None) -> list[PlayerId]:
    """Handles for a match of ``count`` players (default: the engine's minimum)."""
    n = count or engine.min_players
    return [f"p{i}" for i in range(1, n + 1)]


def rng_for(seed: str, turn: int) -> Random:
    """The framework's per-turn generator: seeded from ``"{seed}:{turn}"``."""
    return Random(f"{seed}:{turn}")


def play_random(
    engine: Engine[Any],
    players: Sequence[PlayerId],
    seed: str,
    options: Mapping[str, Any] | None = None,
    max_turns: int = 5000,
) -> tuple[Any, list[dict[str, dict[str, Any]]], list[Message]]:
    """Play a random legal match to its end; return the final state, the moves of each turn and all messages."""
    state = engine.setup(list(players), dict(options or {}), rng_for(seed, 0))
    history: list[dict[str, dict[str, Any]]] = []
    messages: list[Message] = []
    chooser = Random(f"moves:{seed}")
    turn = 1
    while engine.outcome(state) is None:
        assert turn <= max_turns, f"{engine.slug}: no end after {max_turns} turns"
        moves: dict[str, dict[str, Any]] = {}
        for p in engine.awaiting(state):
            move = engine.random_move(state, p, chooser) if chooser.random() < 0.9 else engine.default_move(state, p)
            moves[p] = engine.validate(state, p, move)
        before = json.dumps(engine.dump(state), sort_keys=True)
        state, msgs = engine.resolve(state, moves, rng_for(seed, turn))
        assert json.dumps(engine.dump(engine.load(json.loads(before))), sort_keys=True) == before
        history.append(moves)
        messages.extend(msgs)
        turn += 1
    return state, history, messages


def replay(
    engine: Engine[Any],
    players: Sequence[PlayerId],
    seed: str,
    history: Sequence[Mapping[str, dict[str, Any]]],
    options: Mapping[str, Any] | None = None,
) -> Any:
    """Replay a match from its seed and the moves of each turn, through a JSON round trip each turn."""
    state = engine.setup(list(players), dict(options or {}), rng_for(seed, 0))
    for turn, moves in enumerate(history, start=1):
        state = engine.load(json.loads(json.dumps(engine.dump(state))))
        state, _ = engine.resolve(state, dict(moves), rng_for(seed, turn))
    return state


def walk(value: Any, key: str | None = None) -> Iterator[tuple[str | None, Any]]:
    """Every (key, subtree) pair of a JSON value, depth first."""
    yield key, value
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from walk(v, str(k))
    elif isinstance(value, list | tuple):
        for v in value:
            yield from walk(v, key)


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def leaks(engine: Engine[Any], state: Any, players: Sequence[PlayerId]) -> list[str]:
    """Every place where a view shows a secret of a player other than its viewer.

    A secret leaks into a view when the view holds it under the secret's name, or
    (for a structured secret) anywhere at all, unless the viewer's own secret of
    that name is the same value.
    """
    found: list[str] = []
    viewers: list[PlayerId | None] = [None, *players]
    secrets = {p: engine.secrets(state, p) for p in players}
    for viewer in viewers:
        seen = engine.view(state, viewer)
        pairs = [(k, _canon(v), v) for k, v in walk(seen)]
        for owner in players:
            if owner == viewer:
                continue
            own = secrets.get(viewer, {}) if viewer else {}
            for name, value in secrets[owner].items():
                if name in own and _canon(own[name]) == _canon(value):
                    continue
                target = _canon(value)
                structured = isinstance(value, Mapping | list | tuple) and len(value) >= 2
                for k, text, _raw in pairs:
                    if text == target and (k == name or structured):
                        found.append(f"{owner}'s {name} shows in the view of {viewer or 'the public'} under {k!r}")
                        break
    return found


def check_view_shape(engine: Engine[Any], state: Any, players: Sequence[PlayerId]) -> None:
    """Every view is JSON, carries the turn label, and shares one public part."""
    public = engine.view(state, None)
    json.dumps(public)
    assert "turn" in public and "public" in public, "view must carry 'turn' and 'public'"
    assert "score" not in public and "you" not in public, "the public view has no viewer"
    for p in players:
        mine = engine.view(state, p)
        json.dumps(mine)
        assert mine["public"] == public["public"], f"{p}'s public part differs from everyone's"
        assert mine["turn"] == public["turn"]


def check_garbage(engine: Engine[Any], state: Any, players: Sequence[PlayerId]) -> None:
    """``validate`` refuses garbage with a RuleError and nothing else."""
    awaiting = engine.awaiting(state)
    for p in [*players, "ghost"]:
        for move in GARBAGE_MOVES:
            try:
                engine.validate(state, p, move)
            except RuleError as err:
                assert str(err), "a RuleError must say which rule"
            else:
                assert p in awaiting, f"{engine.slug} accepted {move!r} from {p}, who is not awaited"


def check_engine(
    engine: Engine[Any],
    seeds: Sequence[str] = ("a", "b", "c"),
    options: Mapping[str, Any] | None = None,
    count: int | None = None,
) -> None:
    """The whole contract for one engine: random play, replay, round trips, views, garbage."""
    players = players_for(engine, count)
    for seed in seeds:
        state = engine.setup(players, dict(options or {}), rng_for(seed, 0))
        check_view_shape(engine, state, players)
        check_garbage(engine, state, players)
        final, history, _ = play_random(engine, players, seed, options)
        again = replay(engine, players, seed, history, options)
        assert _canon(engine.dump(final)) == _canon(engine.dump(again)), "replay differs"
        outcome = engine.outcome(final)
        assert isinstance(outcome, Outcome)
        assert set(outcome.winners) <= set(players) and set(outcome.candidates) <= set(players)
        assert not set(outcome.winners) & set(outcome.candidates)
        check_view_shape(engine, final, players)


def check_no_leaks_through_match(
    engine: Engine[Any], seed: str = "leak", options: Mapping[str, Any] | None = None, count: int | None = None
) -> None:
    """Play a random match and check every state along it for leaks."""
    players = players_for(engine, count)
    state = engine.setup(players, dict(options or {}), rng_for(seed, 0))
    chooser = Random(seed)
    turn = 1
    while engine.outcome(state) is None and turn < 5000:
        assert not (bad := leaks(engine, state, players)), bad
        moves = {p: engine.validate(state, p, engine.random_move(state, p, chooser)) for p in engine.awaiting(state)}
        state, _ = engine.resolve(state, moves, rng_for(seed, turn))
        turn += 1


def check_resample(engine: Engine[Any], state: Any, players: Sequence[PlayerId], rng: Random) -> None:
    """Non-interference in the contract: ``resample_hidden(state, p, rng)`` redraws only ``p``'s hidden facts,
    so every other viewer's view (the public's included) is unchanged, as are every other player's secrets;
    the resampled state is a state (it round-trips through JSON and still has views)."""
    for player in players:
        other = engine.resample_hidden(state, player, rng)
        other = engine.load(json.loads(json.dumps(engine.dump(other))))
        for viewer in [None, *players]:
            if viewer == player:
                continue
            assert _canon(engine.view(other, viewer)) == _canon(engine.view(state, viewer)), (
                f"{engine.slug}: redrawing {player}'s hidden facts changed what {viewer or 'the public'} sees"
            )
            if viewer is not None:
                assert _canon(engine.secrets(other, viewer)) == _canon(engine.secrets(state, viewer))
        assert engine.awaiting(other) == engine.awaiting(state) and engine.turn_label(other) == engine.turn_label(state)
        check_view_shape(engine, other, players)


def check_resample_through_match(
    engine: Engine[Any], seed: str = "resample", options: Mapping[str, Any] | None = None, count: int | None = None
) -> int:
    """``check_resample`` at every state of a random match; returns how many states a resample changed."""
    players = players_for(engine, count)
    state = engine.setup(players, dict(options or {}), rng_for(seed, 0))
    chooser, redraw = Random(seed), Random(f"redraw:{seed}")
    changed, turn = 0, 1
    while engine.outcome(state) is None and turn < 5000:
        check_resample(engine, state, players, redraw)
        changed += any(
            _canon(engine.dump(engine.resample_hidden(state, p, Random(turn)))) != _canon(engine.dump(state))
            for p in players
        )
        moves = {p: engine.validate(state, p, engine.random_move(state, p, chooser)) for p in engine.awaiting(state)}
        state, _ = engine.resolve(state, moves, rng_for(seed, turn))
        turn += 1
    return changed


def _scalars(value: Any) -> Iterator[Any]:
    for _key, sub in walk(value):
        if _is_scalar(sub):
            yield sub


def hidden_from_public(engine: Engine[Any], state: Any, player: PlayerId) -> list[str]:
    """What ``player``'s view shows that the public view does not, found without trusting the author: every
    value of the private part (outside ``turn`` and ``public``) that appears nowhere in the public view, and
    every secret the engine declares (``secrets``). Empty: the player knows nothing the public does not."""
    public = engine.view(state, None)
    shown = {_canon(v) for v in _scalars(public)}
    mine = {k: v for k, v in engine.view(state, player).items() if k not in ("turn", "public")}
    found = [f"{player}'s {k}: {v!r}" for k, v in walk(mine) if _is_scalar(v) and _canon(v) not in shown]
    found += [f"{player}'s declared secret {name}" for name in engine.secrets(state, player)]
    return found


def _is_scalar(value: Any) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _own(engine: Engine[Any], state: Any, player: PlayerId) -> str:
    return _canon([engine.view(state, player), engine.secrets(state, player)])


def check_hidden_facts_resampled(
    engine: Engine[Any],
    seed: str = "hidden",
    options: Mapping[str, Any] | None = None,
    count: int | None = None,
    draws: int = 4,
    must_redraw: bool = True,
) -> tuple[int, int]:
    """An engine that hides anything must prove it can redraw it (issue 28).

    Along a random match, wherever a player's view shows something the public view does not
    (:func:`hidden_from_public`), the engine must implement ``resample_hidden`` for real (the default
    returns the state unchanged, which would make the non-interference check compare a state with
    itself), and resampling must redraw hidden facts: in some of those states, redrawing the player's
    hidden facts changes what that player sees. Returns (states with hidden facts, states where a redraw
    changed them). ``must_redraw=False`` (an engine whose hidden facts no single redraw can change, named
    with its reason by the caller) only counts."""
    from games.engine import BaseEngine

    players = players_for(engine, count)
    state = engine.setup(players, dict(options or {}), rng_for(seed, 0))
    chooser = Random(seed)
    hiding, redrawn, turn, example = 0, 0, 1, ""
    while turn < 5000:
        for p in players:
            if found := hidden_from_public(engine, state, p):
                hiding += 1
                example = example or found[0]
                own = _own(engine, state, p)
                redrawn += any(
                    _own(engine, engine.resample_hidden(state, p, Random(f"{seed}:{turn}:{k}")), p) != own
                    for k in range(draws)
                )
        if engine.outcome(state) is not None:
            break
        moves = {p: engine.validate(state, p, engine.random_move(state, p, chooser)) for p in engine.awaiting(state)}
        state, _ = engine.resolve(state, moves, rng_for(seed, turn))
        turn += 1
    if hiding and must_redraw:
        assert getattr(type(engine), "resample_hidden", None) is not BaseEngine.resample_hidden, (
            f"{engine.slug}: views show what the public view does not ({example}), so resample_hidden must "
            "redraw it: the default returns the state unchanged"
        )
        assert redrawn, (
            f"{engine.slug}: views show what the public view does not ({example}) in {hiding} player-states, "
            "but resample_hidden never changed what that player sees"
        )
    return hiding, redrawn


def check_public_series(engine: Engine[Any], state: Any, players: Sequence[PlayerId], rng: Random) -> None:
    """``public_series`` is a pure function of the public view: it reads only ``view["public"]`` (and the
    turn label), never mutates it, gives the same for a state whose hidden facts were redrawn, and is
    well formed (series name → column label → one of the players → a number)."""
    public = engine.view(state, None)
    before = _canon(public)
    found = engine.public_series(public)
    assert _canon(public) == before, f"{engine.slug}: public_series changed the view it read"
    bare = json.loads(json.dumps({"turn": public["turn"], "public": public["public"]}))
    assert _canon(engine.public_series(bare)) == _canon(found), f"{engine.slug}: public_series read beyond the view"
    for player in players:
        other = engine.resample_hidden(state, player, rng)
        assert _canon(engine.public_series(engine.view(other, None))) == _canon(found), (
            f"{engine.slug}: redrawing {player}'s hidden facts changed the public series"
        )
    for name, columns in found.items():
        assert isinstance(name, str) and name and isinstance(columns, Mapping)
        for label, numbers in columns.items():
            assert isinstance(label, str) and label and set(numbers) <= set(players), (engine.slug, name, label)
            assert all(isinstance(v, float) for v in numbers.values()), (engine.slug, name, label, numbers)


def check_public_series_through_match(engine: Engine[Any], seed: str = "series") -> None:
    """``check_public_series`` at every state of a random match, its end included."""
    players = players_for(engine)
    state = engine.setup(players, {}, rng_for(seed, 0))
    chooser, redraw = Random(seed), Random(f"redraw:{seed}")
    turn = 1
    while engine.outcome(state) is None and turn < 5000:
        check_public_series(engine, state, players, redraw)
        moves = {p: engine.validate(state, p, engine.random_move(state, p, chooser)) for p in engine.awaiting(state)}
        state, _ = engine.resolve(state, moves, rng_for(seed, turn))
        turn += 1
    check_public_series(engine, state, players, redraw)
