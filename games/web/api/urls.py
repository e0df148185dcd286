from typing import Any

from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from games.web.api import views


class TokenThrottle(SimpleRateThrottle):
    """Guesses at passwords through the token endpoint: a few a minute per address (rate "token"),
    signed in or not."""

    scope = "token"

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class TokenInSerializer(AuthTokenSerializer):
    """DRF's credentials, bounded: a handle longer than any account's is a 400, never a database error."""

    username = serializers.CharField(label="Username", max_length=150, write_only=True)
    password = serializers.CharField(
        label="Password", max_length=4096, style={"input_type": "password"}, trim_whitespace=False, write_only=True
    )


class ThrottledObtainAuthToken(ObtainAuthToken):
    throttle_classes = [TokenThrottle]
    serializer_class = TokenInSerializer


# DRF's token view answers 400 to wrong credentials; say so in the schema.
obtain_auth_token = extend_schema_view(
    post=extend_schema(
        request=TokenInSerializer,
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField()}),
            400: OpenApiTypes.OBJECT,  # DRF's field errors: {"<field>" | "non_field_errors": ["..."]}
            429: OpenApiTypes.OBJECT,
        },
    )
)(ThrottledObtainAuthToken).as_view()

app_name = "api"

urlpatterns = [
    path("", views.ApiRootView.as_view(), name="root"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Redoc from the sidecar's static files (no CDN, no inline script). It styles itself with <style>
    # elements and searches in a blob: worker, so this one page allows inline styles and blob: workers;
    # scripts stay 'self' only.
    path(
        "docs/",
        csp_update({"style-src": ["'unsafe-inline'"], "worker-src": ["'self'", "blob:"]})(
            SpectacularRedocView.as_view(url_name="api:schema", template_name="games/api_docs.html")
        ),
        name="docs",
    ),
    path("token/", obtain_auth_token, name="token"),
    path("games/", views.GamesView.as_view(), name="games"),
    path("matches/", views.MyMatchesView.as_view(), name="my_matches"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match"),
    path("matches/<int:pk>/messages/", views.MatchMessagesView.as_view(), name="messages"),
    path("matches/<int:pk>/submit/", views.SubmitView.as_view(), name="submit"),
]
