from django.urls import path

from story import consumers

websocket_urlpatterns = [
    path("ws/seasons/<slug:slug>/", consumers.SeasonConsumer.as_asgi()),
]
