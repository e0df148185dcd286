"""Print a new VAPID key pair for Web Push, as the environment lines the settings read."""

from __future__ import annotations

import base64
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Command(BaseCommand):
    help = "Print a new VAPID key pair (GARNET_VAPID_PUBLIC_KEY / GARNET_VAPID_PRIVATE_KEY) for Web Push."

    def handle(self, *args: Any, **options: Any) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        private = key.private_numbers().private_value.to_bytes(32, "big")
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.stdout.write(f"GARNET_VAPID_PUBLIC_KEY={_b64(public)}")
        self.stdout.write(f"GARNET_VAPID_PRIVATE_KEY={_b64(private)}")
        self.stdout.write("GARNET_VAPID_SUBJECT=mailto:you@example.org")
