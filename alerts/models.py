"""A player's browser push subscriptions and their alert settings."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PushSubscription(models.Model):
    """One browser's Web Push subscription (RFC 8030 endpoint + RFC 8291 keys) for a user.

    A row belongs to (user, endpoint): a browser that two accounts use holds one row each, and posting another
    account's endpoint never moves that account's row (issue 47)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000)
    p256dh = models.CharField(max_length=200, help_text="The browser's public key (base64url).")
    auth = models.CharField(max_length=100, help_text="The browser's auth secret (base64url).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "endpoint"], name="alerts_push_once_per_user")]

    def __str__(self) -> str:
        return f"push to {self.user_id} at {self.endpoint[:40]}"


class AlertSettings(models.Model):
    """What a player asked of the alerts (a row only once they changed something: the defaults hold without)."""

    class Confirm(models.TextChoices):
        TURN_BASED = "turn-based", "In turn-based rounds only (not in live rounds)"
        ALWAYS = "always", "Always"
        NEVER = "never", "Never"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="alert_settings")
    confirm_lock = models.CharField(
        max_length=12,
        choices=Confirm.choices,
        default=Confirm.TURN_BASED,
        help_text='When "Save and lock in" asks once before it locks the move.',
    )

    def __str__(self) -> str:
        return f"alert settings of {self.user_id}"


class VapidKeys(models.Model):
    """The site's VAPID key pair (RFC 8292), made on first use and kept with the site's data (issue 46); one row.

    ``GARNET_VAPID_PRIVATE_KEY`` in the environment wins over it. Not in the admin: the private key signs pushes."""

    public_key = models.CharField(max_length=100, help_text="The raw P-256 point, base64url (the browser's key).")
    private_key = models.CharField(max_length=100, help_text="The raw private number, base64url.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"VAPID keys {self.public_key[:12]}…"
