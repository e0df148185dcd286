#!/bin/sh
# Every Garnet container starts here: wait until PostgreSQL accepts connections, then run the command.
# (Compose also orders start-up with health checks; this covers restarts and other orchestrators.)
set -eu
if [ -n "${DATABASE_URL:-}" ]; then
  python - <<'PY'
import os, sys, time
import psycopg

url = os.environ["DATABASE_URL"]
deadline = time.monotonic() + float(os.environ.get("GARNET_DB_WAIT_SECONDS", "60"))
while True:
    try:
        psycopg.connect(url, connect_timeout=3).close()
        break
    except psycopg.OperationalError as exc:
        if time.monotonic() > deadline:
            sys.exit(f"entrypoint: the database is still unreachable: {exc}")
        print("entrypoint: waiting for the database...", flush=True)
        time.sleep(1)
PY
fi
exec "$@"
