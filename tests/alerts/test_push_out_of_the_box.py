"""Issue 46: Web Push out of the box. With no ``GARNET_VAPID_*`` variables the site makes its VAPID pair on first
use and keeps it in its database (with the site's data: the SQLite file, or PostgreSQL's volume under compose);
the environment's pair still wins. Acceptance: a fresh embedded-default setup sends a Web Push, to a push service
the test runs on a loopback port (allowed by ``GARNET_WEBPUSH_ALLOWED_ORIGINS`` here only)."""

from __future__ import annotations

import base64
import json
import re
import threading
from typing import Any

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.test import Client
from django.urls import reverse

from alerts.models import VapidKeys
from alerts.vapid import vapid_keys, vapid_pair_new
from tests.alerts.pushkit import Browser
from tests.factories import UserFactory, abc_match


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.fixture
def fresh_site(settings: Any) -> Any:
    """The embedded default as ``./dev demo`` runs it: no VAPID variables, no Celery (a pool of threads)."""
    settings.GARNET_VAPID_PUBLIC_KEY = settings.GARNET_VAPID_PRIVATE_KEY = ""
    settings.GARNET_CELERY_ENABLED = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    return settings


@pytest.mark.django_db(transaction=True)
def test_a_fresh_setup_with_no_vapid_configuration_sends_a_web_push(fresh_site: Any, push_service: Any) -> None:
    """The Turn alerts page offers Web Push with a key made on first use; the browser subscribes with it; a turn
    that awaits the player reaches the push service encrypted for that browser and signed with that key."""
    url, got = push_service
    assert not VapidKeys.objects.exists()
    ann, browser = UserFactory(username="ann"), Browser()
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("alerts:settings")).content.decode()
    key = re.search(r'data-vapid-key="([^"]+)"', page)
    assert key, "the Turn alerts page offers no Web Push"
    public = key.group(1)
    assert len(_unb64(public)) == 65 and VapidKeys.objects.get().public_key == public  # kept with the site's data
    sub = browser.subscription(f"{url}/push/ann-phone")
    assert client.post(reverse("alerts:push"), json.dumps(sub), content_type="application/json").status_code == 201

    match = abc_match()  # ann is the X of round 1: the first turn awaits her
    for _ in range(200):  # the push leaves from a background thread after commit
        if got:
            break
        threading.Event().wait(0.05)
    assert len(got) == 1, "no Web Push reached the push service"
    assert browser.decrypt(got[0]["body"])["url"] == f"/matches/{match.pk}/"
    scheme, _, params = got[0]["headers"]["authorization"].partition(" ")
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    assert scheme == "vapid" and fields["k"] == public
    header, claims, signature = fields["t"].split(".")
    raw = _unb64(signature)
    point = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(public))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    point.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if not signed with it


@pytest.mark.django_db
def test_the_pair_made_on_first_use_is_kept_and_reused(fresh_site: Any) -> None:
    first = vapid_keys()
    assert vapid_keys() == first and VapidKeys.objects.count() == 1


@pytest.mark.django_db
def test_the_environments_vapid_keys_still_win(fresh_site: Any) -> None:
    """``GARNET_VAPID_PRIVATE_KEY`` wins over the stored pair; its public key is derived when not given."""
    vapid_keys()  # a stored pair exists
    public, private = vapid_pair_new()
    fresh_site.GARNET_VAPID_PRIVATE_KEY = private
    assert vapid_keys().public_key == public and vapid_keys().private_key == private
    fresh_site.GARNET_VAPID_PUBLIC_KEY = public
    assert vapid_keys().public_key == public
