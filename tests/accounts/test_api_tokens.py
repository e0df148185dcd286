"""API tokens end with the password that made them, and the player can revoke them from their profile page
(issue 40, item 10)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from rest_framework.authtoken.models import Token

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def _api_status(key: str) -> int:
    return Client().get(reverse("api:my_matches"), HTTP_AUTHORIZATION=f"Token {key}").status_code


@pytest.fixture
def ann() -> Any:
    return UserFactory(username="ann", email="ann@example.test")


def _token(user: Any) -> str:
    key = Client().post(reverse("api:token"), {"username": user.username, "password": PASSWORD}).json()["token"]
    assert _api_status(key) == 200
    return str(key)


def test_a_password_reset_revokes_the_api_token(ann: Any) -> None:
    key = _token(ann)
    uid = urlsafe_base64_encode(force_bytes(ann.pk))
    client = Client()
    start = client.get(reverse("accounts:password_reset_confirm", args=[uid, default_token_generator.make_token(ann)]))
    assert start.status_code == 302  # Django swaps the token for a session-held one
    done = client.post(start["Location"], {"new_password1": "a-new-pass-77", "new_password2": "a-new-pass-77"})
    assert done.status_code == 302
    assert _api_status(key) in (401, 403)  # refused: the token is gone
    assert not Token.objects.filter(user=ann).exists()


def test_any_saved_password_change_revokes_the_api_token(ann: Any) -> None:
    """The admin, ``changepassword`` and any form end in ``set_password`` + ``save``: all revoke."""
    key = _token(ann)
    ann.set_password("another-pass-88")
    ann.save()
    assert _api_status(key) in (401, 403)  # refused: the token is gone


def test_changepassword_command_revokes_the_api_token(ann: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    key = _token(ann)
    monkeypatch.setattr("getpass.getpass", lambda *a, **k: "command-pass-99")
    call_command("changepassword", "ann", stdout=None)
    assert _api_status(key) in (401, 403)  # refused: the token is gone


def test_other_profile_changes_keep_the_token(ann: Any) -> None:
    key = _token(ann)
    client = Client()
    client.force_login(ann)
    saved = client.post(reverse("accounts:profile"), {"email": "ann@example.test", "time_zone": "Europe/Paris"})
    assert saved.status_code == 302
    assert _api_status(key) == 200


def test_the_profile_page_revokes_the_api_token_after_a_confirmation(ann: Any) -> None:
    key = _token(ann)
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "You have an API token" in page and "Revoke API tokens" in page
    ask = client.post(reverse("accounts:profile"), {"action": "revoke_tokens"})
    assert ask.status_code == 200 and "Yes, revoke my API tokens" in ask.content.decode()
    assert _api_status(key) == 200  # nothing happens before the confirmation
    done = client.post(reverse("accounts:profile"), {"action": "revoke_tokens", "confirm": "yes"}, follow=True)
    assert "Your API token is revoked" in done.content.decode()
    assert "You have no API token" in done.content.decode()
    assert _api_status(key) in (401, 403)  # refused: the token is gone
    # A new token comes from the password, as the first did.
    assert _api_status(_token(ann)) == 200


def test_revoking_needs_the_account_s_own_session(ann: Any) -> None:
    key = _token(ann)
    resp = Client().post(reverse("accounts:profile"), {"action": "revoke_tokens", "confirm": "yes"})
    assert resp.status_code == 302 and "/login/" in resp["Location"]
    assert _api_status(key) == 200
