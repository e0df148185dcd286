from django.contrib import admin
from django.urls import include, path


def handler404(request, exception):  # noqa: ANN001, ANN201
    """API paths answer 404 in JSON, as their schema says, even when no route matched (e.g. a negative id)."""
    from django.http import JsonResponse
    from django.views.defaults import page_not_found

    from core.errors import NotFound, error_payload

    if request.path.startswith("/api/"):
        return JsonResponse(error_payload(NotFound("Not found.")), status=404)
    return page_not_found(request, exception)


urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("auth/", include("reach.web.auth_urls")),  # Log in with Discord (django-allauth); Garnet's own log-in stays
    path("reach/", include("reach.web.urls")),
    path("api/", include("games.web.api.urls")),
    path("api/", include("seasons.web.api.urls")),
    path("api/", include("reach.web.api_urls")),  # the season API's threads and questions to the dealer
    path("api/", include("story.web.api_urls")),  # the season API's timeline
    path("games/house/", include("games.house.urls")),  # dealers' own games, before games/<slug>/rules/
    path("", include("alerts.urls")),  # turn alerts: settings, push subscriptions, /sw.js (issue 38)
    path("", include("games.web.urls")),
    path("", include("seasons.web.urls")),
    path("", include("story.web.urls")),
]
