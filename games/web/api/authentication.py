"""Token authentication whose one read per request is a compiled statement (``core.statements``)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from core.statements import Statement


@Statement
def _token(key: str) -> QuerySet[Token]:
    return Token.objects.select_related("user").filter(key=key)[:1]


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's ``Authorization: Token <key>``, answered the same way (same header, same refusals)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        token = _token.first(key=key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)
