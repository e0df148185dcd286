"""Log in with Discord (django-allauth): link to an existing account by verified e-mail, or from the account itself.

A Discord login whose verified e-mail an account already has signs in that account
(``SOCIALACCOUNT_EMAIL_AUTHENTICATION``). A player whose Garnet account has no e-mail gets an
invite link from a host. The link is no key to the account: it names the account, and the Discord
account is linked only from that account's own session (allauth's *connect*), so whoever else
opens it links nothing. It is short lived (``INVITE_MAX_AGE``) and single use: it is bound to the
account's state (its password and its linked Discord accounts), so linking Discord, or a new
password, ends it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from allauth.socialaccount.models import SocialAccount
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.views.decorators.http import require_GET

INVITE_SALT = "reach.discord_invite"
INVITE_MAX_AGE = timedelta(hours=48)


def _binding(user: Any) -> str:
    """What the invite is bound to: the account, its password and its linked Discord ids (a use changes it)."""
    linked = ",".join(sorted(SocialAccount.objects.filter(user=user, provider="discord").values_list("uid", flat=True)))
    return salted_hmac(INVITE_SALT, f"{user.pk}:{user.password}:{linked}").hexdigest()[:24]


def invite_token(user: Any) -> str:
    """A signed token naming ``user`` for a Discord link (valid ``INVITE_MAX_AGE``, until Discord is linked)."""
    return signing.dumps({"u": user.pk, "b": _binding(user)}, salt=INVITE_SALT)


def invite_url(user: Any) -> str:
    """The absolute invite link a host hands a player."""
    return f"{settings.GARNET_SITE_URL}{reverse('reach:discord_invite', args=[invite_token(user)])}"


def invite_user(token: str) -> Any:
    """The account a live invite names, or None (broken, expired, or already used)."""
    try:
        data = signing.loads(token, salt=INVITE_SALT, max_age=INVITE_MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None
    user = get_user_model().objects.filter(pk=data["u"], is_active=True).first()
    if user is None or not constant_time_compare(str(data.get("b", "")), _binding(user)):
        return None
    return user


def discord_linked_ids(user_ids: list[int]) -> set[int]:
    """Which of these accounts already have a Discord account linked (their invite would be spent)."""
    return set(SocialAccount.objects.filter(provider="discord", user_id__in=user_ids).values_list("user_id", flat=True))


def discord_configured() -> bool:
    """Whether a Discord OAuth app is set (DISCORD_CLIENT_ID)."""
    return bool(settings.SOCIALACCOUNT_PROVIDERS.get("discord", {}).get("APPS"))


@require_GET
def discord_invite(request: HttpRequest, token: str) -> HttpResponse:
    """Open an invite: the invited account, signed in, links Discord; anyone else is told to sign in as it."""
    user = invite_user(token)
    if user is None:
        return render(
            request,
            "reach/invite.html",
            {"error": "This invite link is broken, expired or already used; ask a host for a new one."},
            status=400,
        )
    me = request.user if request.user.is_authenticated else None
    context = {
        "handle": user.username,
        "configured": discord_configured(),
        "mine": me is not None and me.pk == user.pk,
        "other": me.get_username() if me is not None and me.pk != user.pk else "",
        "login_url": f"{reverse('accounts:login')}?next={request.path}",
    }
    return render(request, "reach/invite.html", context)


class GarnetSocialAccountAdapter(DefaultSocialAccountAdapter):
    """Handles are lower-case; a Discord account joins an existing one only from that account's session."""

    def populate_user(self, request: HttpRequest, sociallogin: Any, data: dict[str, Any]) -> Any:
        """A new account from Discord takes the Discord username, lower-case, as its handle."""
        if data.get("username"):
            data = {**data, "username": str(data["username"]).lower()}
        return super().populate_user(request, sociallogin, data)
