"""The first-run setup link: how a fresh install gets its first site admin without a shell.

The token is an HMAC of the install (the time its first migration was applied) under the site's
``SECRET_KEY``, so every web process, replica and the migrate job compute the same link without
storing anything, a reinstall or a new secret key changes it, and it opens the setup page only
while no site admin exists (``accounts.selectors.site_has_admin``): used once, it is dead.
"""

from __future__ import annotations

import hmac

from django.conf import settings
from django.db.migrations.recorder import MigrationRecorder
from django.urls import reverse
from django.utils.crypto import salted_hmac

from accounts.selectors import site_has_admin

SALT = "garnet.accounts.first_run"


def first_run_token() -> str:
    """The install's setup token (stable across processes and restarts)."""
    first = MigrationRecorder.Migration.objects.order_by("applied", "id").values_list("applied", flat=True).first()
    install = first.isoformat() if first else "no-migrations"
    return salted_hmac(SALT, f"first-run:{install}").hexdigest()[:32]


def first_run_token_valid(token: str) -> bool:
    """Whether ``token`` is this install's setup token (compared in constant time)."""
    return hmac.compare_digest(token.encode(), first_run_token().encode())


def first_run_url() -> str | None:
    """The absolute setup link while no site admin exists, else None."""
    if site_has_admin():
        return None
    return settings.GARNET_SITE_URL + reverse("accounts:first_run", args=[first_run_token()])
