"""Issue 47, finding 2 and its lows: an endpoint or keys past the column's length answered 500; one account kept
300 subscriptions; a subscription moved to whoever posted its endpoint. Now bounded input answers 400 naming the
rule, a user keeps a few browsers (the oldest goes), and a row belongs to (user, endpoint)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse

from alerts.models import PushSubscription
from alerts.services import push_subscribe
from tests.alerts.pushkit import Browser, b64
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FCM = "https://fcm.googleapis.com/fcm/send/"


def _post(client: Any, body: Any) -> Any:
    return client.post(reverse("alerts:push"), json.dumps(body), content_type="application/json")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"endpoint": FCM + "x" * 1000}, "longer than 1000 characters"),
        ({"p256dh": "A" * 300}, "p256dh key is not base64url of 65 bytes"),
        ({"auth": "A" * 200}, "auth key is not base64url of 16 bytes"),
        ({"p256dh": "not base64!"}, "p256dh key is not base64url"),
        ({"auth": b64(b"short")}, "auth key is not base64url of 16 bytes"),
        ({"p256dh": b64(b"\x02" + bytes(64))}, "not an uncompressed P-256 point"),
        ({"p256dh": "é" * 20}, "p256dh key is not base64url"),
        ({"endpoint": ["https://x"]}, "push endpoint"),
        ({"p256dh": ""}, "lacks its keys"),
    ],
)
def test_bounded_input_an_endpoint_or_keys_past_the_columns_or_malformed_answer_400(
    change: dict[str, Any], says: str, client_for: Any, public_dns: dict[str, list[str]]
) -> None:
    """What used to reach the database and answer 500 (PostgreSQL: value too long) is refused first, with a 400
    that says which part is wrong."""
    browser = Browser()
    sub = browser.subscription(FCM + "abc")
    body = {"endpoint": change.get("endpoint", sub["endpoint"]), "keys": {**sub["keys"]}}
    for key in ("p256dh", "auth"):
        if key in change:
            body["keys"][key] = change[key]
    r = _post(client_for("ann"), body)
    assert r.status_code == 400, r.content
    assert says in r.json()["detail"]
    assert not PushSubscription.objects.exists()


def test_bounded_input_padded_keys_as_some_browsers_send_them_are_taken(public_dns: dict[str, list[str]]) -> None:
    browser = Browser()
    padded = browser.p256dh + "=" * (-len(browser.p256dh) % 4)
    sub = push_subscribe(user=UserFactory(), endpoint=FCM + "a", p256dh=padded, auth=b64(browser.auth) + "==")
    assert sub.pk


def test_a_few_subscriptions_per_user_the_oldest_dropped(client_for: Any, public_dns: dict[str, list[str]]) -> None:
    """Five browsers per user (``GARNET_WEBPUSH_MAX_SUBSCRIPTIONS``): the sixth subscribes and the oldest goes, so one
    account's pushes are at most five deliveries."""
    client = client_for("ann")
    for n in range(8):
        assert _post(client, Browser().subscription(f"{FCM}{n}")).status_code == 201
    kept = sorted(PushSubscription.objects.values_list("endpoint", flat=True))
    assert kept == [f"{FCM}{n}" for n in range(3, 8)]


def test_a_browser_that_subscribes_again_keeps_its_one_row(client_for: Any, public_dns: dict[str, list[str]]) -> None:
    client, browser = client_for("ann"), Browser()
    for _ in range(3):
        assert _post(client, browser.subscription(FCM + "same")).status_code == 201
    assert PushSubscription.objects.count() == 1


def test_a_subscription_row_belongs_to_user_and_endpoint_posting_anothers_does_not_move_it(
    client_for: Any, public_dns: dict[str, list[str]]
) -> None:
    """Bea posting Ann's endpoint (with keys of her own) leaves Ann's row as it was, keys and all: Ann's browser
    still gets Ann's pushes, and Bea removing "her" subscription removes only hers."""
    ann_browser = Browser()
    assert _post(client_for("ann"), ann_browser.subscription(FCM + "ann-phone")).status_code == 201
    bea = client_for("bea")
    assert _post(bea, Browser().subscription(FCM + "ann-phone")).status_code == 201
    ann_row = PushSubscription.objects.get(user__username="ann")
    assert ann_row.endpoint == FCM + "ann-phone" and ann_row.p256dh == ann_browser.p256dh
    assert PushSubscription.objects.filter(user__username="bea").count() == 1
    assert _post(bea, {"remove": True, "endpoint": FCM + "ann-phone"}).json() == {"removed": 1}
    assert PushSubscription.objects.filter(user__username="ann").count() == 1
