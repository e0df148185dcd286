"""Every websocket route: the match framework's and the season story's."""

from games.web.routing import websocket_urlpatterns as games_routes
from story.web.routing import websocket_urlpatterns as story_routes

websocket_urlpatterns = [*games_routes, *story_routes]
