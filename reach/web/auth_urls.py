"""The part of django-allauth Garnet serves: Log in with Discord and its error pages.

Garnet's own log-in and sign-up pages stay the only ones; allauth's name for the log-in
page (``account_login``) points back to them. Without a Discord app (DISCORD_CLIENT_ID)
the Discord routes answer 404 instead of failing.
"""

from collections.abc import Callable
from typing import Any

from allauth.socialaccount.providers.discord import views as discord_views
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import include, path
from django.views.generic import RedirectView

from reach.web.discord_login import discord_configured


def _when_configured(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not discord_configured():
            raise Http404("Log in with Discord is not set up on this site")
        return view(request, *args, **kwargs)

    return wrapped


urlpatterns = [
    path("discord/login/", _when_configured(discord_views.oauth2_login), name="discord_login"),
    path("discord/login/callback/", _when_configured(discord_views.oauth2_callback), name="discord_callback"),
    path("social/", include("allauth.socialaccount.urls")),
    path("login/", RedirectView.as_view(pattern_name="accounts:login", query_string=True), name="account_login"),
]
