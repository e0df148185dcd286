"""A stand-in for an absent player: a strategy playing one seat through the REST API with a token.

It sees exactly what the player would (``GET /api/matches/<id>/`` returns the engine's view for the
token's owner) and submits through ``POST /api/matches/<id>/submit/``, so every rule check, the
rate limit and the audit trail apply as to a person.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from random import Random
from typing import Any

from games.match.playtest.strategies import Strategy

Say = Callable[[str], None]


class ApiError(RuntimeError):
    """The API answered with an error status; ``status`` and ``detail`` say which."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"{status}: {detail}")
        self.status = status
        self.detail = detail


class Api:
    """The few calls a bot needs, over urllib with token auth."""

    def __init__(self, base_url: str, token: str, timeout: float = 10.0) -> None:
        self.base = base_url.rstrip("/")
        self.headers = {
            "Authorization": f"Token {token}",
            "Accept": "application/json",
            "Content-Type": "application/json",
        }
        self.timeout = timeout

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = json.dumps(body).encode() if body is not None else None
        # The base URL is the operator's own server (http or https), never user input.
        request = urllib.request.Request(f"{self.base}{path}", data=data, method=method, headers=self.headers)  # noqa: S310
        try:
            # The host's own server, named on the command line.
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            try:
                detail = json.loads(exc.read() or b"{}").get("detail", exc.reason)
            except ValueError:
                detail = str(exc.reason)
            raise ApiError(exc.code, str(detail)) from exc

    def match(self, match_id: int) -> dict[str, Any]:
        """The match as the token's owner sees it."""
        return self._call("GET", f"/api/matches/{match_id}/")

    def submit(self, match_id: int, move: dict[str, Any], turn: int) -> dict[str, Any]:
        """Save and lock in ``move`` for turn ``turn``."""
        return self._call("POST", f"/api/matches/{match_id}/submit/", {"move": move, "lock": True, "turn": turn})


def bot_step(api: Api, match_id: int, strategy: Strategy, rng: Random, say: Say, done_turns: set[int]) -> bool:
    """Look once and submit if this player is awaited and has not answered this turn. False once the match is over."""
    data = api.match(match_id)
    if data["status"] not in ("running", "paused"):
        say(f"the match is {data['status']}")
        return False
    turn, me = data.get("turn"), data.get("me")
    if not turn or me not in turn["awaiting"] or turn["number"] in done_turns:
        return True
    done_turns.add(turn["number"])
    if data.get("submission") and data["submission"].get("locked"):
        return True
    move = strategy(data["view"], str(me), rng)
    if move is None:
        say(f"{turn['label']}: the strategy has no move here; the game's default applies at the deadline")
        return True
    try:
        api.submit(match_id, move, turn["number"])
    except ApiError as exc:
        say(f"{turn['label']}: refused ({exc}); the game's default applies at the deadline")
        return True
    say(f"{turn['label']}: submitted {json.dumps(move, sort_keys=True)}")
    return True


def bot_play(
    api: Api, match_id: int, strategy: Strategy, *, seed: str, say: Say, poll: float = 2.0, max_steps: int | None = None
) -> None:
    """Play until the match ends (or ``max_steps`` looks), polling every ``poll`` seconds."""
    rng = Random(f"bot:{seed}")
    done: set[int] = set()
    steps = 0
    while bot_step(api, match_id, strategy, rng, say, done):
        steps += 1
        if max_steps is not None and steps >= max_steps:
            return
        time.sleep(poll)
