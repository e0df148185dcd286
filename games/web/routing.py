from django.urls import path

from games.web import consumers

websocket_urlpatterns = [
    path("ws/matches/<int:pk>/", consumers.MatchConsumer.as_asgi()),
    path("ws/me/", consumers.UserConsumer.as_asgi()),
]
