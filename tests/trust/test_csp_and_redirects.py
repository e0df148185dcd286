"""Issue 17, item 6: a strict CSP with no inline script, a throttled token endpoint, and a ``next`` that can
only point back into the site (HSTS in production: tests/trust/test_hardening.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.factories import UserFactory, abc_match

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_carries_a_strict_csp() -> None:
    """A strict CSP (django-csp): scripts only from our own origin, no 'unsafe-inline' anywhere."""
    match = abc_match()
    for url in ("/", f"/matches/{match.pk}/", "/accounts/signup/"):
        r = Client().get(url)
        policy = r.headers.get("Content-Security-Policy", "")
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "unsafe-eval" not in policy, url
        assert "frame-ancestors 'none'" in policy


def test_no_template_has_an_inline_script_or_handler() -> None:
    """No inline script: every <script> has a src (or is JSON data), no on*= handler, no javascript: URL."""
    offenders = []
    for path in [*ROOT.glob("templates/**/*.html"), *ROOT.glob("*/*/templates/**/*.html")]:
        if ".venv" in path.parts:
            continue
        text = path.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            if "src=" not in tag and "application/json" not in tag:
                offenders.append(f"{path.relative_to(ROOT)}: {tag}")
        if re.search(r"\son[a-z]+\s*=\s*[\"']", text) or "javascript:" in text:
            offenders.append(f"{path.relative_to(ROOT)}: an inline handler")
    assert offenders == []


def test_token_endpoint_is_throttled_per_address(settings: Any) -> None:
    """DRF throttles on the token endpoint: past the rate a 429, for any credentials."""
    from django.test import override_settings
    from rest_framework.settings import api_settings
    from rest_framework.throttling import SimpleRateThrottle

    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "token": "3/min"}
    # The throttle keeps its rates on the class: set them inside the override and put them back after it,
    # or every later test in this process would be held to 3 a minute.
    try:
        with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}):
            api_settings.reload()
            SimpleRateThrottle.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
            codes = [Client().post("/api/token/", {"username": f"u{i}", "password": "x"}).status_code for i in range(5)]
    finally:
        api_settings.reload()
        SimpleRateThrottle.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
    assert codes[:3] == [400, 400, 400] and codes[3:] == [429, 429]


@pytest.mark.parametrize(
    "target, expected",
    [
        ("https://evil.example/", "/me/"),
        ("//evil.example/x", "/me/"),
        ("/\\evil.example", "/me/"),
        ("javascript:alert(1)", "/me/"),
        ("/seasons/", "/seasons/"),
    ],
)
def test_notices_seen_redirects_only_inside_the_site(target: str, expected: str) -> None:
    """POST /notices/seen/ with next= checked by Django's url_has_allowed_host_and_scheme."""
    client = Client()
    client.force_login(UserFactory(username="ann"))
    r = client.post("/notices/seen/", {"next": target})
    assert r.status_code == 302 and r.headers["Location"] == expected
