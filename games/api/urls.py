from django.urls import path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.authtoken.views import obtain_auth_token

from games.api import views

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("token/", obtain_auth_token, name="token"),
    path("matches/", views.MyMatchesView.as_view(), name="my_matches"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match"),
    path("matches/<int:pk>/messages/", views.MatchMessagesView.as_view(), name="messages"),
    path("matches/<int:pk>/submit/", views.SubmitView.as_view(), name="submit"),
]
