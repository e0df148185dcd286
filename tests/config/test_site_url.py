"""Issue 47, finding "GARNET_SITE_URL without a scheme": ``garnet.example.org`` made every Discord embed link
invalid (and every mail link relative); a process now refuses to start with it, saying what to write."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings.base import site_url_clean

ROOT = Path(__file__).resolve().parents[2]


def test_a_site_url_without_a_scheme_stops_the_process_at_start_up_with_a_clear_message() -> None:
    """What the operator meets: ``manage.py check`` (and so the web, the worker and beat) exits non-zero,
    naming the variable and an example of a good value."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.local", "GARNET_SITE_URL": "garnet.example.org"})
    out = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode != 0
    assert "GARNET_SITE_URL='garnet.example.org' is not the site's full address" in out.stderr
    assert "https://garnet.example.org" in out.stderr


@pytest.mark.parametrize("raw", ["garnet.example.org", "//garnet.example.org", "ftp://garnet.example.org", "https://"])
def test_a_site_url_that_is_not_an_absolute_http_address_is_refused(raw: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="GARNET_SITE_URL"):
        site_url_clean(raw)


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("https://garnet.example.org/", "https://garnet.example.org"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
        (" https://garnet.example.org ", "https://garnet.example.org"),
    ],
)
def test_a_full_address_is_kept_without_its_trailing_slash(raw: str, kept: str) -> None:
    assert site_url_clean(raw) == kept
