"""Hardening: the deploy check, secure cookies, CSRF on every form, websocket origins, rate and attempt limits."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from games.models import Submission
from tests.factories import PASSWORD, UserFactory, abc_match
from tests.trust.wsutil import communicator, session_cookie

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
PAIRS = {"pairs": [["bob", "cat"], ["dan", "eve"]], "double": False}
SECRET = "x" * 20 + "-production-secret-key-for-the-deploy-check-0123456789"


def test_manage_py_check_deploy_is_clean_with_production_settings() -> None:
    env = {**os.environ, "DJANGO_SECRET_KEY": SECRET, "DJANGO_ALLOWED_HOSTS": "garnet.example"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    proc = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "check",
            "--deploy",
            "--fail-level",
            "WARNING",
            "--settings=config.settings.production",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues" in proc.stdout


def test_production_cookies_are_secure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_SECRET_KEY", SECRET)
    prod = importlib.import_module("config.settings.production")
    assert prod.DEBUG is False
    assert prod.SESSION_COOKIE_SECURE and prod.CSRF_COOKIE_SECURE and prod.SESSION_COOKIE_HTTPONLY
    assert prod.SECURE_SSL_REDIRECT and prod.SECURE_HSTS_SECONDS >= 31536000
    assert prod.SESSION_COOKIE_SAMESITE in {"Lax", "Strict"}


def test_every_post_form_carries_a_csrf_token_and_posts_without_one_are_refused() -> None:
    match = abc_match()
    player = Client(enforce_csrf_checks=True)
    player.force_login(UserFactory(username="ann"))
    anon = Client(enforce_csrf_checks=True)
    pages = [
        (player, f"/matches/{match.pk}/"),
        (player, "/accounts/profile/"),
        (player, "/me/"),
        (anon, "/accounts/login/"),
        (anon, "/accounts/signup/"),
        (player, "/"),
    ]
    forms = 0
    for client, url in pages:
        html = client.get(url).content.decode()
        for form in re.findall(r"<form\b[^>]*>.*?</form>", html, flags=re.S | re.I):
            if re.search(r'method\s*=\s*"?post', form, flags=re.I):
                forms += 1
                assert "csrfmiddlewaretoken" in form, f"a POST form on {url} has no CSRF token:\n{form[:300]}"
    assert forms >= 3
    for client, url, data in [
        (player, f"/matches/{match.pk}/submit/", {"move_json": '{"pairs": [["bob","cat"],["dan","eve"]]}'}),
        (player, "/accounts/profile/", {"time_zone": "UTC"}),
        (player, "/accounts/logout/", {}),
        (anon, "/accounts/login/", {"username": "ann", "password": PASSWORD}),
        (anon, "/accounts/signup/", {"username": "zed", "password1": "x" * 12, "password2": "x" * 12}),
        (player, f"/api/matches/{match.pk}/submit/", {"move": PAIRS}),
    ]:
        assert client.post(url, data).status_code == 403, url
    assert not Submission.objects.exists()


def test_a_websocket_from_a_foreign_origin_is_refused() -> None:
    match = abc_match()
    _, cookie = session_cookie("ann")

    async def connect(origin: str) -> bool:
        comm = communicator(f"/ws/matches/{match.pk}/", cookie, origin=origin)
        connected, _ = await comm.connect()
        # A refused socket's app is ended here too: left to the loop's shutdown, its cancellation hung the
        # worker (seen twice in full CI runs on Redis, never alone).
        await comm.disconnect()
        return connected

    assert async_to_sync(connect)("http://testserver") is True
    assert async_to_sync(connect)("https://evil.example") is False
    assert async_to_sync(connect)("http://testserver.evil.example") is False


def test_submissions_past_the_rate_get_429(settings: Any) -> None:
    settings.GARNET_SUBMIT_RATE = "3/d"  # a day: a minute's window could turn mid-test
    match = abc_match()
    c = Client()
    c.force_login(UserFactory(username="ann"))
    codes = [
        c.post(f"/api/matches/{match.pk}/submit/", {"move": PAIRS}, content_type="application/json").status_code
        for _ in range(5)
    ]
    assert codes == [201, 201, 201, 429, 429]
    page = c.post(f"/matches/{match.pk}/submit/", {"move_json": '{"pairs": [["bob","cat"],["dan","eve"]]}'})
    assert page.status_code == 429
    assert Submission.objects.get().revision == 3


def test_log_ins_past_the_rate_get_429(settings: Any) -> None:
    settings.GARNET_LOGIN_RATE = "3/d"  # a day: a minute's window could turn mid-test
    UserFactory(username="ann")
    c = Client()
    codes = [
        c.post("/accounts/login/", {"username": "ann", "password": "wrong-password"}).status_code for _ in range(4)
    ]
    assert codes[:3] == [200, 200, 200] and codes[3] == 429


def test_repeated_failed_log_ins_lock_the_account_out(settings: Any) -> None:
    """django-axes: past AXES_FAILURE_LIMIT failures even the right password is refused."""
    assert settings.AXES_ENABLED
    settings.GARNET_LOGIN_RATE = "1000/m"
    UserFactory(username="ann")
    c = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        c.post("/accounts/login/", {"username": "ann", "password": "wrong-password"})
    r = c.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert r.status_code in {403, 429}
    assert "_auth_user_id" not in c.session
    fresh = Client(REMOTE_ADDR="198.51.100.7")
    assert fresh.post("/accounts/login/", {"username": "ann", "password": PASSWORD}).status_code == 302
