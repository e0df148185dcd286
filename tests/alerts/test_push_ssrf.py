"""Issue 47, finding 1: a Web Push endpoint was a server-side request forgery. Any signed-in account could make the
worker POST to the site's own API, the cloud's metadata address or the Redis and PostgreSQL ports. An endpoint is
now an https URL at a public address, checked when the browser subscribes and again at each delivery, and no
redirect is followed. DNS is the ``public_dns`` table: no test looks a name up for real."""

from __future__ import annotations

import datetime
import json
import ssl
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from django.urls import reverse

from alerts.endpoints import Target, address_is_public, endpoint_check, push_session
from alerts.models import PushSubscription
from alerts.webpush import push_deliver
from tests.alerts.pushkit import Browser
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NOT_PUBLIC = {
    "loopback": "127.0.0.1",
    "loopback elsewhere in 127/8": "127.3.2.1",
    "IPv6 loopback": "::1",
    "private 10/8": "10.0.0.5",
    "private 172.16/12": "172.17.0.2",
    "private 192.168/16": "192.168.1.1",
    "carrier-grade NAT": "100.64.0.1",
    "link-local (cloud metadata)": "169.254.169.254",
    "IPv6 link-local": "fe80::1",
    "IPv6 unique local": "fd00::5",
    "multicast": "224.0.0.1",
    "IPv6 multicast": "ff02::1",
    "reserved": "240.0.0.1",
    "broadcast": "255.255.255.255",
    "unspecified": "0.0.0.0",  # noqa: S104 - the address under test
    "IPv6 unspecified": "::",
    "IPv4-mapped loopback": "::ffff:127.0.0.1",
    "IPv4-mapped metadata": "::ffff:169.254.169.254",
    "NAT64 of a private address": "64:ff9b:1::a00:5",
    "6to4 of a private address": "2002:0a00:0005::1",
    "documentation": "192.0.2.1",
}


def _subscribe(client: Any, endpoint: str, browser: Browser | None = None) -> Any:
    body = (browser or Browser()).subscription(endpoint)
    return client.post(reverse("alerts:push"), json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("address", list(NOT_PUBLIC.values()), ids=list(NOT_PUBLIC))
def test_ssrf_no_endpoint_that_resolves_to_a_non_public_address_is_taken(
    address: str, client_for: Any, public_dns: dict[str, list[str]]
) -> None:
    """Loopback, private, link-local, multicast, reserved and unspecified addresses (IPv4 and IPv6, IPv4-mapped
    too) are refused at subscribe time with a 400 that names the rule; nothing is stored."""
    public_dns["push.example.org"] = ["93.184.216.34", address]  # one bad address is enough to refuse
    r = _subscribe(client_for("ann"), "https://push.example.org/wpush/v2/abc")
    assert r.status_code == 400, r.content
    assert "public address" in r.json()["detail"] and address in r.json()["detail"]
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://push.example.org/x",  # not https
        "https://127.0.0.1:8000/api/",  # the site itself, by address
        "https://[::1]:6379/",  # Redis, by IPv6 address
        "https://169.254.169.254/latest/meta-data/",  # cloud metadata
        "https://user:pw@push.example.org/x",  # credentials in the URL
        "https://no-such-name.invalid/x",  # does not resolve
        "ftp://push.example.org/x",
        "not a url",
    ],
)
def test_ssrf_an_endpoint_that_is_not_https_at_a_public_address_answers_400(
    endpoint: str, client_for: Any, public_dns: dict[str, list[str]]
) -> None:
    r = _subscribe(client_for("ann"), endpoint)
    assert r.status_code == 400 and r.json()["detail"], r.content
    assert not PushSubscription.objects.exists()


def test_ssrf_a_public_https_push_service_is_taken(client_for: Any, public_dns: dict[str, list[str]]) -> None:
    """What browsers really hand over (FCM, Mozilla's autopush, Apple's) resolves to public addresses."""
    r = _subscribe(client_for("ann"), "https://fcm.googleapis.com/fcm/send/abc:def")
    assert r.status_code == 201
    assert endpoint_check("https://fcm.googleapis.com/fcm/send/abc:def").address == "142.250.74.42"


def test_ssrf_an_endpoint_whose_dns_turned_private_after_subscribing_is_not_posted_to(
    public_dns: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DNS can change (a rebinding): the delivery resolves and checks again, and posts nothing to a private one."""
    posted: list[Any] = []
    monkeypatch.setattr("pywebpush.webpush", lambda **kwargs: posted.append(kwargs))
    browser = Browser()
    sub = PushSubscription.objects.create(
        user=UserFactory(username="ann"),
        endpoint="https://push.example.org/wpush/abc",
        p256dh=browser.p256dh,
        auth=browser.subscription("")["keys"]["auth"],
    )
    assert push_deliver(subscription_id=sub.pk, payload={"title": "t"})  # public: the push goes
    public_dns["push.example.org"] = ["10.0.0.7"]
    assert not push_deliver(subscription_id=sub.pk, payload={"title": "t"})
    assert len(posted) == 1


def test_ssrf_the_delivery_connects_to_the_address_it_checked(tmp_path: Path) -> None:
    """The connection goes to the checked address with the host's name kept for TLS (SNI, the certificate) and
    ``Host``, so a second DNS answer between the check and the connection is never used: here the name does not
    resolve at all, and a TLS push service on the checked (loopback) address with a certificate for the name
    answers."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "push.example.org")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=1))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("push.example.org")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    (tmp_path / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (tmp_path / "key.pem").write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    seen: list[tuple[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the http.server API
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            seen.append((self.path, self.headers["Host"]))
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(tmp_path / "cert.pem", tmp_path / "key.pem")
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_port
        session = push_session(Target(host="push.example.org", port=port, address="127.0.0.1"))
        session.verify = str(tmp_path / "cert.pem")
        r = session.post(f"https://push.example.org:{port}/wpush/abc", data=b"x", timeout=5)
        assert r.status_code == 201
        assert seen == [("/wpush/abc", f"push.example.org:{port}")]
        with pytest.raises(requests.ConnectionError):  # the session goes to the checked host only
            session.post(f"https://other.example.org:{port}/", data=b"x", timeout=5)
    finally:
        server.shutdown()
        server.server_close()


def test_ssrf_a_redirect_from_the_push_service_is_not_followed(push_service: Any) -> None:
    """A push service that answers 307 elsewhere gets no second request: the push simply failed."""
    url, got = push_service
    browser = Browser()
    sub = PushSubscription.objects.create(user=UserFactory(username="ann"), **_row(browser, f"{url}/redirect/1"))
    assert not push_deliver(subscription_id=sub.pk, payload={"title": "t"})
    assert [g["path"] for g in got] == ["/redirect/1"]


def test_ssrf_only_the_origins_allowed_by_setting_skip_the_check(settings: Any) -> None:
    """``GARNET_WEBPUSH_ALLOWED_ORIGINS`` (empty by default) names whole origins; anything else on that host is checked."""
    assert settings.GARNET_WEBPUSH_ALLOWED_ORIGINS == []
    settings.GARNET_WEBPUSH_ALLOWED_ORIGINS = ["http://127.0.0.1:8080", "https://Push.LAN/"]
    assert endpoint_check("http://127.0.0.1:8080/push/1").address is None
    assert endpoint_check("https://push.lan:443/x").address is None  # the default port written out or not
    with pytest.raises(Exception, match="https"):
        endpoint_check("http://127.0.0.1:6379/")


def test_ssrf_public_addresses_are_public() -> None:
    assert address_is_public("93.184.216.34") and address_is_public("2606:2800:220:1:248:1893:25c8:1946")
    assert not any(address_is_public(a) for a in NOT_PUBLIC.values())


def _row(browser: Browser, endpoint: str) -> dict[str, str]:
    keys = browser.subscription(endpoint)["keys"]
    return {"endpoint": endpoint, "p256dh": keys["p256dh"], "auth": keys["auth"]}
