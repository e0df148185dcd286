"""Log in with Discord (django-allauth): link to an existing account by verified e-mail or an invite link.

A Discord login whose verified e-mail an account already has signs in that account
(``SOCIALACCOUNT_EMAIL_AUTHENTICATION``). A player whose Garnet account has no e-mail gets an
invite link from a host: it remembers the account in the session, and the Discord login that
follows attaches to it, so the player keeps the handle everyone knows.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

INVITE_SALT = "reach.discord_invite"
INVITE_MAX_AGE = timedelta(days=14)
SESSION_KEY = "reach_invite_user"


def invite_token(user: Any) -> str:
    """A signed token naming ``user`` for a Discord link (valid 14 days)."""
    return signing.dumps({"u": user.pk}, salt=INVITE_SALT)


def invite_url(user: Any) -> str:
    """The absolute invite link a host hands a player."""
    return f"{settings.GARNET_SITE_URL}{reverse('reach:discord_invite', args=[invite_token(user)])}"


def discord_configured() -> bool:
    """Whether a Discord OAuth app is set (DISCORD_CLIENT_ID)."""
    return bool(settings.SOCIALACCOUNT_PROVIDERS.get("discord", {}).get("APPS"))


@require_GET
def discord_invite(request: HttpRequest, token: str) -> HttpResponse:
    """Open an invite: remember whose account the next Discord login joins, then offer the button."""
    try:
        data = signing.loads(token, salt=INVITE_SALT, max_age=INVITE_MAX_AGE)
    except signing.BadSignature:
        return render(
            request,
            "reach/invite.html",
            {"error": "This invite link is broken or expired; ask a host for a new one."},
            status=400,
        )
    user = get_user_model().objects.filter(pk=data.get("u")).first()
    if user is None:
        return render(request, "reach/invite.html", {"error": "This invite names no account."}, status=400)
    request.session[SESSION_KEY] = user.pk
    return render(request, "reach/invite.html", {"handle": user.username, "configured": discord_configured()})


class GarnetSocialAccountAdapter(DefaultSocialAccountAdapter):
    """Handles are lower-case; an invite attaches the Discord account to the invited Garnet account."""

    def pre_social_login(self, request: HttpRequest, sociallogin: Any) -> None:
        """A new Discord account arriving through an invite link connects to the invited account."""
        invited = request.session.pop(SESSION_KEY, None)
        if sociallogin.is_existing or invited is None:
            return
        user = get_user_model().objects.filter(pk=invited).first()
        if user is not None:
            sociallogin.connect(request, user)

    def populate_user(self, request: HttpRequest, sociallogin: Any, data: dict[str, Any]) -> Any:
        """A new account from Discord takes the Discord username, lower-case, as its handle."""
        if data.get("username"):
            data = {**data, "username": str(data["username"]).lower()}
        return super().populate_user(request, sociallogin, data)
