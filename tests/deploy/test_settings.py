"""Production settings refuse to start without a real secret key; every environment value is typed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD_SECRET = "a-production-secret-key-of-more-than-32-characters-0123456789"


def _load_production(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, "-c", "import django; from django.conf import settings; settings.SECRET_KEY; print('loaded')"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings.production", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_production_refuses_to_start_without_a_secret_key() -> None:
    proc = _load_production()
    assert proc.returncode != 0
    assert "DJANGO_SECRET_KEY" in proc.stderr


@pytest.mark.parametrize("secret", ["short", "garnet-dev-key-not-for-production-0123456789abcdefghijklmnop"])
def test_production_refuses_a_short_or_the_published_development_key(secret: str) -> None:
    proc = _load_production(DJANGO_SECRET_KEY=secret)
    assert proc.returncode != 0
    assert "DJANGO_SECRET_KEY" in proc.stderr


def test_production_starts_with_its_own_secret_key() -> None:
    proc = _load_production(DJANGO_SECRET_KEY=GOOD_SECRET)
    assert proc.returncode == 0, proc.stderr
    assert "loaded" in proc.stdout
