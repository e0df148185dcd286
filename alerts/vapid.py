"""The site's VAPID keys (RFC 8292): the environment's when set, else a pair made on first use and kept in the
database, with the site's data, so Web Push works out of the box (issue 46) and every process signs alike."""

from __future__ import annotations

import base64
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings

from alerts.models import VapidKeys
from core.cache import soft_get, soft_set

KEYS_ROW = 1
"""The one row's primary key: every process that makes a pair at once creates the same row, and one wins."""

PUBLIC_KEY_CACHE = "garnet:vapid-public-key"
PUBLIC_KEY_SECONDS = 3600


@dataclass(frozen=True)
class Keys:
    public_key: str  # the browser's applicationServerKey: base64url of the raw P-256 point
    private_key: str  # base64url of the raw private number, or a PEM (from the environment)
    subject: str  # RFC 8292's "sub" claim


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _public_of(key: ec.EllipticCurvePublicKey) -> str:
    return _b64(key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


def _public_of_private(private: str) -> str:
    """The public key of a private key given as base64url of the raw number or as a PEM (as py_vapid reads it)."""
    if "BEGIN" in private:
        key = serialization.load_pem_private_key(private.encode(), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise ValueError("GARNET_VAPID_PRIVATE_KEY is not an elliptic-curve key")
        return _public_of(key.public_key())
    raw = base64.urlsafe_b64decode(private + "=" * (-len(private) % 4))
    return _public_of(ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1()).public_key())


def vapid_pair_new() -> tuple[str, str]:
    """A new pair: (public, private), both base64url of the raw values."""
    key = ec.generate_private_key(ec.SECP256R1())
    return _public_of(key.public_key()), _b64(key.private_numbers().private_value.to_bytes(32, "big"))


def vapid_keys() -> Keys:
    """The keys pushes are signed with: ``GARNET_VAPID_PRIVATE_KEY`` (its public key derived when
    ``GARNET_VAPID_PUBLIC_KEY`` is unset), else the stored pair, made now if the site has none yet."""
    subject = settings.GARNET_VAPID_SUBJECT
    private = settings.GARNET_VAPID_PRIVATE_KEY
    if private:
        public = settings.GARNET_VAPID_PUBLIC_KEY or _public_of_private(private)
        return Keys(public_key=public, private_key=private, subject=subject)
    row = VapidKeys.objects.filter(pk=KEYS_ROW).first()
    if row is None:
        public, private = vapid_pair_new()
        row, _ = VapidKeys.objects.get_or_create(pk=KEYS_ROW, defaults={"public_key": public, "private_key": private})
    return Keys(public_key=row.public_key, private_key=row.private_key, subject=subject)


def vapid_public_key() -> str:
    """``vapid_keys().public_key``, the stored pair's read through the cache (an hour): every page with the alerts'
    invitation shows it, and the stored pair never changes once made (issue 45: a query per page). Only the public
    key goes to the cache; a push reads the pair it signs with from the database."""
    if settings.GARNET_VAPID_PRIVATE_KEY:
        return vapid_keys().public_key
    public = soft_get(PUBLIC_KEY_CACHE)
    if not isinstance(public, str):
        public = vapid_keys().public_key
        soft_set(PUBLIC_KEY_CACHE, public, PUBLIC_KEY_SECONDS)
    return public
