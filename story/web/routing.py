from django.urls import path

from story.web import consumers

websocket_urlpatterns = [
    path("ws/seasons/<slug:slug>/", consumers.SeasonConsumer.as_asgi()),
]
