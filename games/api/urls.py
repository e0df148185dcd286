from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken

from games.api import views

# DRF's token view answers 400 to wrong credentials; say so in the schema.
obtain_auth_token = extend_schema_view(
    post=extend_schema(request=AuthTokenSerializer, responses={
        200: inline_serializer("Token", {"token": serializers.CharField()}),
        400: OpenApiTypes.OBJECT,  # DRF's field errors: {"<field>" | "non_field_errors": ["..."]}
    })
)(ObtainAuthToken).as_view()

app_name = "api"

urlpatterns = [
    path("", views.ApiRootView.as_view(), name="root"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Redoc from the sidecar's static files (no CDN, no inline script).
    path("docs/", SpectacularRedocView.as_view(url_name="api:schema", template_name="games/api_docs.html"), name="docs"),
    path("token/", obtain_auth_token, name="token"),
    path("matches/", views.MyMatchesView.as_view(), name="my_matches"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match"),
    path("matches/<int:pk>/messages/", views.MatchMessagesView.as_view(), name="messages"),
    path("matches/<int:pk>/submit/", views.SubmitView.as_view(), name="submit"),
]
