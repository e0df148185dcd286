"""Submission throughput and latency under load, from a second process on loopback.

    python bench/submit.py [seconds] [client-threads]

Starts the ASGI server (one process; ``BENCH_SERVER=daphne`` or ``uvicorn``, the default) on the production settings (bench/settings.py: PostgreSQL with the
pool, Redis cache and channel layer, DEBUG off) and drives it from this process with keep-alive
HTTP clients: first the bare view (/bench/bare/<pk>/: reads one row, the baseline), then
POST /api/matches/<pk>/submit/ (token auth, the rate limiter, validation, the turn row lock,
the write) across 50 matches. Goals: submit at least half the bare view's requests/s, p99 at
most 3x the bare p99, no 5xx.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time

from _setup import ROOT, django_setup, machine, median, pct


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = int(os.environ.get("BENCH_PORT") or _free_port())


def load(method: str, paths: list[tuple[str, str, dict[str, str]]], seconds: float, threads: int) -> dict:
    lat: list[float] = []
    codes: dict[int, int] = {}
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def worker(seed: int) -> None:
        rnd = random.Random(seed)
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        mine, mycodes = [], {}
        while time.monotonic() < stop:
            path, body, headers = rnd.choice(paths)
            t0 = time.perf_counter()
            try:
                conn.request(method, path, body=body or None, headers=headers)
                r = conn.getresponse()
                r.read()
                code = r.status
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
                code = 599
            mine.append(time.perf_counter() - t0)
            mycodes[code] = mycodes.get(code, 0) + 1
        with lock:
            lat.extend(mine)
            for k, v in mycodes.items():
                codes[k] = codes.get(k, 0) + v

    ts = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return {"rps": len(lat) / seconds, "p50": median(lat), "p99": pct(lat, 99), "codes": codes}


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 15
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    django_setup()
    from rest_framework.authtoken.models import Token

    from tests.factories import abc_match

    targets = []
    for i in range(50):
        roster = [f"b{i}_{k}" for k in range(5)]
        match = abc_match(roster, seed=f"bench-{i}")
        from django.contrib.auth import get_user_model

        token = Token.objects.create(user=get_user_model().objects.get(username=roster[0]))
        targets.append((match.pk, token.key, roster))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings", "PYTHONPATH": str(ROOT)}
    kind = os.environ.get("BENCH_SERVER", "uvicorn")
    cmd = (
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(PORT), "config.asgi:application"]
        if kind == "daphne"
        else [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(PORT),
            "--no-access-log",
            "--log-level",
            "warning",
            "--timeout-keep-alive",
            "75",
        ]
    )
    server = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        # A busy machine can take a minute to import the server: wait for it (the load must not hit a closed port).
        for _ in range(1200):
            if server.poll() is not None:
                raise SystemExit(
                    f"the server stopped at start: {server.stderr.read().decode()[-2000:] if server.stderr else ''}"
                )
            try:
                probe = http.client.HTTPConnection("127.0.0.1", PORT, timeout=1)
                probe.request("GET", f"/bench/bare/{targets[0][0]}/", headers={"Host": "127.0.0.1"})
                assert probe.getresponse().status == 200, "the server is not ours"
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("the server did not answer within 120 s")
        bare_paths = [(f"/bench/bare/{pk}/", "", {"Host": "127.0.0.1"}) for pk, _, _ in targets]
        submit_paths = []
        for pk, key, roster in targets:
            others = roster[1:]
            for pairs in (
                [[others[0], others[1]], [others[2], others[3]]],
                [[others[0], others[2]], [others[1], others[3]]],
            ):
                submit_paths.append(
                    (
                        f"/api/matches/{pk}/submit/",
                        json.dumps({"move": {"pairs": pairs}}),
                        {"Host": "127.0.0.1", "Authorization": f"Token {key}", "Content-Type": "application/json"},
                    )
                )
        load("GET", bare_paths, 2, threads)  # warm up
        load("POST", submit_paths, 2, threads)
        bare = load("GET", bare_paths, seconds, threads)
        submit = load("POST", submit_paths, seconds, threads)
    finally:
        server.terminate()
        server.wait(10)
    print(f"machine: {machine()}")
    print(
        f"server: {kind}, 1 process, production settings on PostgreSQL + Redis; client: {threads} keep-alive "
        f"threads in a second process, {seconds:.0f} s each"
    )
    for name, r in (("bare view", bare), ("submit", submit)):
        print(
            f"{name:10}: {r['rps']:7.0f} req/s  p50 {r['p50'] * 1000:6.1f} ms  p99 {r['p99'] * 1000:6.1f} ms  "
            f"statuses {dict(sorted(r['codes'].items()))}"
        )
    rps_ratio = submit["rps"] / bare["rps"]
    p99_ratio = submit["p99"] / bare["p99"]
    fivexx = sum(v for k, v in submit["codes"].items() if k >= 500)
    print(
        f"submit/bare throughput {rps_ratio:.2f} (goal >= 0.5: {'OK' if rps_ratio >= 0.5 else 'MISSED'}); "
        f"p99 ratio {p99_ratio:.1f}x (goal <= 3x: {'OK' if p99_ratio <= 3 else 'MISSED'}); "
        f"5xx {fivexx} (goal 0: {'OK' if not fivexx else 'MISSED'})"
    )


if __name__ == "__main__":
    main()
