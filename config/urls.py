from django.contrib import admin
from django.urls import include, path

from games.views import match_list

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/", include("games.api.urls")),
    path("", include("games.urls")),
    path("", include("seasons.urls")),
]
