"""Web Push (issue 38): a turn awaiting a player reaches their subscribed browser through a push endpoint the test
runs itself (a local HTTP server; no outside network), encrypted for that browser (RFC 8291) and signed with the
site's VAPID key (RFC 8292)."""

from __future__ import annotations

import base64
import json
import threading
from typing import Any

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.test import Client
from django.urls import reverse
from py_vapid import Vapid02

from alerts.models import PushSubscription
from alerts.webpush import push_deliver
from tests.alerts.pushkit import Browser, b64
from tests.factories import UserFactory, abc_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def vapid(settings: Any) -> Vapid02:
    key = Vapid02()
    key.generate_keys()
    raw = key.private_key.private_numbers().private_value.to_bytes(32, "big")
    point = key.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    settings.GARNET_VAPID_PRIVATE_KEY = b64(raw)
    settings.GARNET_VAPID_PUBLIC_KEY = b64(point)
    settings.GARNET_VAPID_SUBJECT = "mailto:dealer@example.org"
    return key


def test_a_push_reaches_the_browser_encrypted_and_signed(push_service: Any, vapid: Vapid02) -> None:
    url, got = push_service
    ann, browser = UserFactory(username="ann"), Browser()
    client = Client()
    client.force_login(ann)
    sub = {"endpoint": f"{url}/push/ann-phone", "keys": {"p256dh": browser.p256dh, "auth": b64(browser.auth)}}
    r = client.post(reverse("alerts:push"), json.dumps(sub), content_type="application/json")
    assert r.status_code == 201

    sub_id = PushSubscription.objects.get(user=ann).pk
    sent = push_deliver(subscription_id=sub_id, payload={"title": "Your move · ABC", "url": "/matches/1/", "ttl": 60})

    assert sent and len(got) == 1
    request = got[0]
    assert request["path"] == "/push/ann-phone"
    assert request["headers"]["content-encoding"] == "aes128gcm" and request["headers"]["ttl"] == "60"
    assert browser.decrypt(request["body"]) == {"title": "Your move · ABC", "url": "/matches/1/", "ttl": 60}
    # Signed with the site's VAPID key: the JWT in the Authorization header verifies with its public key.
    scheme, _, params = request["headers"]["authorization"].partition(" ")
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    assert scheme == "vapid" and fields["k"] == b64(
        vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    header, claims, signature = fields["t"].split(".")
    body = json.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))
    assert body["aud"] == url and body["sub"] == "mailto:dealer@example.org"
    raw = base64.urlsafe_b64decode(signature + "=" * (-len(signature) % 4))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    vapid.public_key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged


@pytest.mark.django_db(transaction=True)
def test_a_turn_that_awaits_a_subscribed_player_is_pushed_to_their_browser(push_service: Any, vapid: Vapid02) -> None:
    url, got = push_service
    ann, browser = UserFactory(username="ann"), Browser()
    PushSubscription.objects.create(user=ann, endpoint=f"{url}/push/ann", p256dh=browser.p256dh, auth=b64(browser.auth))
    match = abc_match()  # ann is the X of round 1: the first turn awaits her
    for _ in range(100):  # the push leaves from a background thread after commit
        if got:
            break
        threading.Event().wait(0.05)
    assert len(got) == 1
    payload = browser.decrypt(got[0]["body"])
    assert payload["url"] == f"/matches/{match.pk}/" and payload["title"].startswith("Your move")


def test_a_subscription_the_push_service_says_is_gone_is_forgotten(push_service: Any, vapid: Vapid02) -> None:
    url, got = push_service
    ann, browser = UserFactory(username="ann"), Browser()
    sub = PushSubscription.objects.create(
        user=ann, endpoint=f"{url}/gone/1", p256dh=browser.p256dh, auth=b64(browser.auth)
    )
    assert not push_deliver(subscription_id=sub.pk, payload={"title": "t"})
    assert not PushSubscription.objects.exists()


def test_with_web_push_turned_off_the_site_takes_no_subscription(client_for: Any, settings: Any) -> None:
    """``GARNET_WEB_PUSH=0``: no subscription is kept (the pages notify while they are open)."""
    settings.GARNET_WEB_PUSH = False
    r = client_for("ann").post(
        reverse("alerts:push"),
        json.dumps({"endpoint": "http://127.0.0.1:9/x", "keys": {"p256dh": "a", "auth": "b"}}),
        content_type="application/json",
    )
    assert r.status_code == 409 and not PushSubscription.objects.exists()


def test_the_vapid_keys_command_prints_a_pair_the_push_uses(push_service: Any, settings: Any) -> None:
    """``./manage.py vapid_keys`` prints the settings' lines; a push signed with them is taken."""
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("vapid_keys", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().split())
    settings.GARNET_VAPID_PUBLIC_KEY = lines["GARNET_VAPID_PUBLIC_KEY"]
    settings.GARNET_VAPID_PRIVATE_KEY = lines["GARNET_VAPID_PRIVATE_KEY"]
    url, got = push_service
    ann, browser = UserFactory(username="ann"), Browser()
    sub = PushSubscription.objects.create(
        user=ann, endpoint=f"{url}/push/a", p256dh=browser.p256dh, auth=b64(browser.auth)
    )
    assert push_deliver(subscription_id=sub.pk, payload={"title": "t"})
    assert f"k={lines['GARNET_VAPID_PUBLIC_KEY']}" in got[0]["headers"]["authorization"]
