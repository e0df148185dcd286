"""Writes about accounts and the site's roles: the first site admin, the host role, API tokens."""

from __future__ import annotations

import logging

from django.db import IntegrityError, connection, transaction
from rest_framework.authtoken.models import Token

from accounts.models import User
from accounts.selectors import site_has_admin
from core.errors import BadRequest

log = logging.getLogger(__name__)


class AccountError(BadRequest):
    """A refused account change; ``str(e)`` is shown to the person as is."""

    code = "account_refused"


FIRST_RUN_LOCK = 0x6761726E6574_01  # "garnet" + 1: the advisory lock that lets one first-run setup through


def _first_run_serialize() -> None:
    """Hold the first-run lock until this transaction ends, so its "no site admin yet" check stays true.

    There is no row to lock before the first admin exists. PostgreSQL takes a transaction-scoped advisory
    lock; SQLite already lets one writer in at a time (``transaction_mode`` IMMEDIATE), so it needs none.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [FIRST_RUN_LOCK])


def site_admin_create(*, username: str, password: str, email: str = "", time_zone: str = "UTC") -> User:
    """Create the install's first account as site admin and host; refused once a site admin exists.

    Simultaneous uses of the setup link are taken one at a time: exactly one makes a site admin, the
    others are refused in words.
    """
    try:
        with transaction.atomic():
            _first_run_serialize()
            if site_has_admin():
                raise AccountError("This site already has a site admin: log in, or ask them for the host role.")
            if User.objects.filter(username__iexact=username).exists():
                raise AccountError(f"The handle {username!r} is taken.")
            user = User.objects.create_user(
                username=username,
                password=password,
                email=email,
                time_zone=time_zone,
                is_staff=True,
                is_superuser=True,
            )
    except IntegrityError as exc:  # a sign-up took the handle in the same instant
        raise AccountError(f"The handle {username!r} is taken.") from exc
    log.info("first run: %s is the site admin", user.username)
    return user


def user_host_grant(*, username: str, by: User) -> User:
    """Give the account ``username`` the host role (it may then create and run seasons)."""
    if not by.is_superuser:
        raise AccountError("Only a site admin grants the host role.")
    user = User.objects.filter(username__iexact=username.strip(), is_active=True).first()
    if user is None:
        raise AccountError(f"No account is called {username.strip()!r}: they sign up first, then you grant it.")
    if user.is_staff or user.is_superuser:
        raise AccountError(f"{user.username} already hosts.")
    User.objects.filter(pk=user.pk).update(is_staff=True)
    user.is_staff = True
    log.info("%s made %s a host", by.username, user.username)
    return user


def user_host_revoke(*, user_id: int, by: User) -> User:
    """Take the host role from an account; a site admin always hosts, so theirs cannot be taken."""
    if not by.is_superuser:
        raise AccountError("Only a site admin removes the host role.")
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        raise AccountError("No such account.")
    if user.is_superuser:
        raise AccountError(f"{user.username} is a site admin, and site admins always host.")
    User.objects.filter(pk=user.pk).update(is_staff=False)
    user.is_staff = False
    log.info("%s removed %s's host role", by.username, user.username)
    return user


def user_api_tokens_revoke(*, user: User, reason: str) -> int:
    """Delete every API token of ``user`` (a script using one gets 401 from then on); the number deleted.

    The next token comes from the token endpoint with the account's password, as the first did.
    """
    deleted, _ = Token.objects.filter(user=user).delete()
    if deleted:
        log.info("%s's API tokens revoked (%s)", user.username, reason)
    return deleted
