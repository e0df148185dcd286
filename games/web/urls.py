from django.urls import path

from games.web import submit_views, views

app_name = "games"

urlpatterns = [
    path("games/<slug:slug>/rules/", views.game_rules, name="rules"),
    path("me/", views.dashboard, name="dashboard"),
    path("matches/", views.match_list, name="match_list"),
    path("matches/<int:pk>/", views.match_detail, name="match"),
    path("matches/<int:pk>/live/", views.match_live, name="match_live"),
    path("matches/<int:pk>/log/", views.match_log, name="match_log"),
    path("matches/<int:pk>/submit/", submit_views.match_submit, name="match_submit"),
    path("matches/<int:pk>/check/", submit_views.match_check, name="match_check"),
    path("matches/<int:pk>/verify/", views.match_verify_page, name="match_verify"),
]
