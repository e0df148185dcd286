"""Seed the two-replica test's database (run as ``python -m tests.deploy.replicas_seed``, in a fresh database).

Runs in its own process on the settings the replicas run on, and prints one JSON object: the
matches of each check, and a signed-in session for every player the test drives. Passwords are
unusable except the one account the test really logs in with (production's hasher costs most
of a second per password on a busy machine).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import django


def main() -> None:
    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.utils.module_loading import import_string

    from games.match.services.matches import match_start

    password = os.environ["REPLICAS_PASSWORD"]
    due_matches, load_matches, due_seconds = (int(v) for v in sys.argv[1:4])
    User = get_user_model()  # noqa: N806
    store = import_string(f"{settings.SESSION_ENGINE}.SessionStore")
    sessions: dict[str, str] = {}

    def roster(prefix: str) -> list[str]:
        handles = [f"{prefix}{k}" for k in range(5)]
        for handle in handles:
            user = User(username=handle)
            user.set_unusable_password()
            user.save()
            session = store()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            sessions[handle] = session.session_key
        return handles

    def abc(players: list[str], **kwargs: Any) -> int:
        # The X order is the seat order: the first player pairs in turn 1.
        return match_start(game="abc", players=players, options={"x_order": players}, **kwargs).pk

    out: dict[str, Any] = {"cookie": settings.SESSION_COOKIE_NAME, "sessions": sessions}
    out["push"] = {"match": abc(roster("push")), "players": [f"push{k}" for k in range(5)]}
    limited = User(username="limited")
    limited.set_password(password)
    limited.save()
    out["limit"] = {"match": abc(["limited", *roster("lim")[:4]]), "user": "limited"}
    # Short turns: each closes at its deadline, by its scheduled task or a sweep, whichever worker is first.
    out["due"] = [abc(roster(f"due{i}_"), turn_seconds=due_seconds) for i in range(due_matches)]
    out["load"] = [{"match": abc(p), "players": p} for p in (roster(f"load{i}_") for i in range(load_matches))]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
