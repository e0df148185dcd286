"""Where a Web Push may go: an https push service at a public address, checked when a browser subscribes and again
at each delivery, and the connection made to the very address that was checked.

A push endpoint is a URL the browser hands us, so it is the user's to choose: unchecked, any account could make the
worker POST to the site's own API, the cloud's metadata address or the database's port (issue 47, finding 1). The
host is resolved through ``resolve`` (the one function the tests replace: no test looks up a real name), every
address it resolves to must be public, and the delivery connects to the first of them with the host's name kept for
TLS (SNI and the certificate check), so a DNS answer that changes between the check and the connection (a rebinding)
is never used. Redirects are not followed. ``GARNET_WEBPUSH_ALLOWED_ORIGINS`` names origins (``scheme://host:port``)
taken as they are, for a self-hosted push service on a private network or a test's own; empty by default.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import requests
from django.conf import settings
from requests.adapters import HTTPAdapter

from core.errors import BadRequest


class EndpointRefused(BadRequest):
    """A push endpoint that is not an https URL of a public push service; ``str(e)`` says why."""

    code = "push_endpoint_refused"


IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to, in the resolver's order (the tests replace this function)."""
    return [str(info[4][0]) for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]


def address_is_public(address: str) -> bool:
    """Whether ``address`` is a public unicast address: not loopback, private, link-local, multicast, reserved or
    unspecified, an IPv4-mapped, 6to4 or Teredo IPv6 address judged by the IPv4 address it carries."""
    try:
        ip: IPAddress = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        carried = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if carried is not None and not address_is_public(str(carried)):
            return False
    refused = (
        ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_multicast or ip.is_reserved or ip.is_unspecified
    )
    return ip.is_global and not refused


@dataclass(frozen=True)
class Target:
    """A checked endpoint: its host and port, and the address to connect to (None: an allowed origin, as it is)."""

    host: str
    port: int
    address: str | None


def _origin(scheme: str, host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


def allowed_origins() -> set[str]:
    """``GARNET_WEBPUSH_ALLOWED_ORIGINS`` as ``scheme://host:port`` (a default port written out)."""
    found = set()
    for origin in settings.GARNET_WEBPUSH_ALLOWED_ORIGINS:
        parts = urlsplit(origin.strip())
        scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
        if scheme and host:
            found.add(_origin(scheme, host, parts.port or (443 if scheme == "https" else 80)))
    return found


def endpoint_check(url: str) -> Target:
    """Check a push endpoint now (resolving its host): the address a delivery may connect to, or ``EndpointRefused``."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise EndpointRefused(f"The push endpoint is not a valid URL ({exc}).") from exc
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if not host:
        raise EndpointRefused("The push endpoint is not a URL with a host.")
    port = port or (443 if scheme == "https" else 80)
    if _origin(scheme, host, port) in allowed_origins():
        return Target(host=host, port=port, address=None)
    if scheme != "https":
        raise EndpointRefused("A push endpoint must be an https URL.")
    if parts.username or parts.password:
        raise EndpointRefused("A push endpoint carries no user name or password.")
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError) as exc:
        raise EndpointRefused(f"The push endpoint's host {host} does not resolve.") from exc
    if not addresses:
        raise EndpointRefused(f"The push endpoint's host {host} does not resolve.")
    for address in addresses:
        if not address_is_public(address):
            raise EndpointRefused(
                f"A push endpoint must be a public address; {host} resolves to {address}, which is not one."
            )
    return Target(host=host, port=port, address=addresses[0])


class PinnedAdapter(HTTPAdapter):
    """Connect to the checked address, keeping the host's name for TLS (SNI, the certificate) and ``Host``."""

    def __init__(self, target: Target) -> None:
        self.target = target
        super().__init__(max_retries=0)

    def init_poolmanager(self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: Any) -> None:
        pool_kwargs.update(server_hostname=self.target.host, assert_hostname=self.target.host)
        super().init_poolmanager(connections, maxsize, block=block, **pool_kwargs)

    def send(self, request: requests.PreparedRequest, *args: Any, **kwargs: Any) -> requests.Response:
        parts = urlsplit(request.url or "")
        if (parts.hostname or "").lower() != self.target.host or (parts.port or 443) != self.target.port:
            raise requests.ConnectionError(f"a push goes to {self.target.host} only")
        address = self.target.address or self.target.host
        shown = f"[{address}]" if ":" in address else address
        request.headers["Host"] = parts.netloc.rpartition("@")[2]
        request.url = urlunsplit(parts._replace(netloc=f"{shown}:{self.target.port}"))
        return super().send(request, *args, **kwargs)


class NoRedirectSession(requests.Session):
    """A session that never follows a redirect: a push service answers a push, it does not send it elsewhere."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


def push_session(target: Target) -> requests.Session:
    """A session for one delivery to ``target``: pinned to its checked address, following no redirect."""
    session = NoRedirectSession()
    session.trust_env = False  # no proxy from the environment: the checked address is the one connected to
    if target.address is not None:
        session.mount("https://", PinnedAdapter(target))
    return session
