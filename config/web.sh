#!/bin/sh
# The production web server: uvicorn (uvloop, httptools), one process per core.
# Chosen by measurement against daphne on the same machine: see bench/README.md.
# Keep-alive outlasts a live turn's wait for its push (browsers reuse the connection).
# Several processes need the Redis channel layer (REDIS_URL) so pushes reach every
# process's sockets; the embedded default (in-memory layer, SQLite) runs one.
set -eu
if [ -n "${REDIS_URL:-}" ]; then
  workers="${WEB_CONCURRENCY:-$(nproc)}"
else
  workers=1
fi
# While the site has no site admin, print the one-time setup link into the server's log (accounts/first_run.py).
python manage.py first_run_link || true
exec uvicorn config.asgi:application \
  --host "${GARNET_HOST:-0.0.0.0}" --port "${PORT:-8000}" \
  --workers "$workers" --lifespan on \
  --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-*}" \
  --timeout-keep-alive 75 --no-access-log
