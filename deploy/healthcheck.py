"""Container health probes, one per role: ``web`` asks /healthz, ``beat`` checks its schedule file is fresh.

Run as ``python deploy/healthcheck.py web|beat``; exits 0 when healthy. (Workers answer
``celery inspect ping``; see docker-compose.yml.)
"""

from __future__ import annotations

import glob
import os
import sys
import time
import urllib.request


def web() -> bool:
    """The ASGI server answers /healthz with 200 (it reached the database)."""
    try:
        with urllib.request.urlopen("http://127.0.0.1:8000/healthz", timeout=4) as reply:  # noqa: S310 - fixed local URL
            return bool(reply.status == 200)
    except OSError:
        return False


def beat(max_age: float = 300.0) -> bool:
    """Beat rewrites its schedule file every few minutes; a stale one means it is stuck."""
    files = glob.glob("/tmp/celerybeat-schedule*")  # noqa: S108 - the path beat is started with
    return bool(files) and time.time() - max(os.path.getmtime(f) for f in files) < max_age


if __name__ == "__main__":
    role = sys.argv[1] if len(sys.argv) > 1 else "web"
    sys.exit(0 if {"web": web, "beat": beat}[role]() else 1)
