"""Reads about accounts and the site's roles: who is a site admin, who may host."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from rest_framework.authtoken.models import Token

from accounts.models import User


def user_can_host(user: Any) -> bool:
    """Whether ``user`` may run seasons and design games: a site admin, or an account granted the host role.

    The host role is Django's staff flag (granted on the Hosts page); site admins (superusers) always
    hold it. This is the one place that decides it: pages, navigation and other apps ask here.
    """
    return bool(user is not None and user.is_authenticated and user.is_active and (user.is_superuser or user.is_staff))


def user_is_site_admin(user: Any) -> bool:
    """Whether ``user`` runs the site: grants the host role, opens the Django admin."""
    return bool(user is not None and user.is_authenticated and user.is_active and user.is_superuser)


def site_has_admin() -> bool:
    """Whether any active site admin exists; until one does, the first-run setup link works."""
    return User.objects.filter(is_superuser=True, is_active=True).exists()


def hosts_list() -> QuerySet[User]:
    """Every account that may host, site admins first, then by handle."""
    return (
        User.objects.filter(is_active=True)
        .filter(Q(is_staff=True) | Q(is_superuser=True))
        .order_by("-is_superuser", "username")
    )


def accounts_not_hosting() -> QuerySet[User]:
    """Active accounts without the host role: the Hosts page's suggestions."""
    return User.objects.filter(is_active=True, is_staff=False, is_superuser=False).order_by("username")


def user_api_token_since(user: Any) -> datetime | None:
    """When ``user``'s API token was made, or None when they have none (the profile page's API section)."""
    return Token.objects.filter(user_id=user.pk).values_list("created", flat=True).first()
