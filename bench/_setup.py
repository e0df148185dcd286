"""Shared bench setup: Django on the bench database, emptied and migrated; machine facts."""

from __future__ import annotations

import os
import platform
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def django_setup(settings: str = "bench.settings", fresh: bool = True) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings)
    # Each bench its own database, so two benches never drop each other's.
    os.environ.setdefault("DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/garnet_bench_{Path(sys.argv[0]).stem}")
    if fresh and "postgres" in os.environ.get("DATABASE_URL", "postgres"):
        import psycopg

        name = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/garnet_bench").rsplit("/", 1)[1]
        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            c.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def machine() -> str:
    mem = "?"
    try:
        with open("/proc/meminfo") as meminfo:
            kb = int(next(line for line in meminfo if line.startswith("MemTotal")).split()[1])
        mem = f"{kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration):
        pass
    return f"{os.cpu_count()} CPUs (nproc), {mem} RAM, Python {platform.python_version()}, {platform.platform()}"


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
