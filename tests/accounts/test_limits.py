"""Issue 47, finding "sign-up and password reset have no limit" (40 accounts from one address in 14 s,
20 reset mails to one address in 1 s): both are limited per address, reset mails per e-mail address too,
each refusal a 429 page with a sentence saying why (accounts/RULES.md 13), never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "garnet-pass-long-1"


def _signup(client: Client, name: str) -> Any:
    data = {"username": name, "password1": PASSWORD, "password2": PASSWORD, "time_zone": "UTC"}
    return client.post("/accounts/signup/", data, REMOTE_ADDR="203.0.113.7")


def test_sign_up_has_a_limit_per_address_with_a_clear_message(settings: Any) -> None:
    """The finding as filed, scaled to the limit: accounts from one address past GARNET_SIGNUP_RATE are
    refused with a sentence on the sign-up page (429), and nothing is created; another address signs up."""
    settings.GARNET_SIGNUP_RATE = "3/h"
    for n in range(3):
        assert _signup(Client(), f"bot{n}").status_code == 302
    refused = _signup(Client(), "bot3")
    assert refused.status_code == 429
    assert "Too many accounts were made from your network lately" in refused.content.decode()
    assert not get_user_model().objects.filter(username="bot3").exists()
    data = {"username": "real", "password1": PASSWORD, "password2": PASSWORD, "time_zone": "UTC"}
    assert Client().post("/accounts/signup/", data, REMOTE_ADDR="198.51.100.1").status_code == 302


def test_a_sign_up_with_a_typo_does_not_count_against_the_limit(settings: Any) -> None:
    settings.GARNET_SIGNUP_RATE = "1/h"
    typo = {"username": "ann", "password1": PASSWORD, "password2": "other", "time_zone": "UTC"}
    assert Client().post("/accounts/signup/", typo, REMOTE_ADDR="203.0.113.7").status_code == 200
    assert _signup(Client(), "ann").status_code == 302


def test_password_reset_mails_to_one_address_are_limited(settings: Any) -> None:
    """The finding as filed: 20 reset mails to one address in a second. Past GARNET_RESET_MAIL_RATE the form
    says a link went already (429), from any client address; no more mail leaves."""
    settings.GARNET_RESET_MAIL_RATE = "3/h"
    UserFactory(username="ann", email="ann@example.org")
    for n in range(3):
        answer = Client().post("/accounts/password-reset/", {"email": "ann@example.org"}, REMOTE_ADDR=f"192.0.2.{n}")
        assert answer.status_code == 302
    refused = Client().post("/accounts/password-reset/", {"email": "ANN@example.org"}, REMOTE_ADDR="192.0.2.9")
    assert refused.status_code == 429
    assert "A reset link went to this address several times in the last hour" in refused.content.decode()
    assert len(mail.outbox) == 3


def test_password_reset_requests_from_one_address_are_limited(settings: Any) -> None:
    """One client asking resets for many addresses is bounded too; the refusal is the same for an address
    no account has, so it tells nothing of who has an account."""
    settings.GARNET_RESET_RATE = "2/h"
    for n in range(2):
        answer = Client().post("/accounts/password-reset/", {"email": f"x{n}@example.org"}, REMOTE_ADDR="192.0.2.50")
        assert answer.status_code == 302
    refused = Client().post("/accounts/password-reset/", {"email": "y@example.org"}, REMOTE_ADDR="192.0.2.50")
    assert refused.status_code == 429
    assert "Too many password reset requests from your network lately" in refused.content.decode()
