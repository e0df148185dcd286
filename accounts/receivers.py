"""Account side effects that follow a model write wherever it happens (a reset, the admin, a command)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import User
from accounts.services import user_api_tokens_revoke


@receiver(post_save, sender=User, dispatch_uid="accounts.password_change_revokes_tokens")
def password_change_revokes_tokens(sender: Any, instance: User, created: bool, **kwargs: Any) -> None:
    """A saved password change revokes the account's API tokens, as it ends its other sessions.

    ``set_password`` leaves the new raw password in ``_password`` until the save that stores it
    (Django's ``AbstractBaseUser.save`` clears it after this signal), so this sees every path that
    changes a password: the reset link, a password change form, the admin, ``changepassword``.
    """
    if not created and getattr(instance, "_password", None) is not None:
        user_api_tokens_revoke(user=instance, reason="password changed")
