"""Token authentication: DRF's, with the token and its user read in one query.

DRF authenticates a request once and keeps the answer on it (``request.user``, ``request.auth``), so the
token is read at most once per request.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's ``Authorization: Token <key>``, answered the same way (same header, same refusals)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        token = Token.objects.select_related("user").filter(key=key).first()
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)
