"""The dealer's pages for their own games, under ``/games/house/`` (``config/urls.py`` includes them)."""

from django.urls import path

from games.house.designer import library_views, trial_views, views

app_name = "house"

urlpatterns = [
    path("", views.house_games, name="games"),
    path("new/", views.house_game_new, name="new"),
    path("import/", views.house_game_import_page, name="import"),
    path("preview/", views.house_rules_preview, name="preview"),
    path("formula/", views.house_formula_check, name="formula_check"),
    path("schema.json", views.house_schema, name="schema"),
    path("library/", library_views.house_library, name="library"),
    path("library/<slug:name>/", library_views.house_library_rules, name="library_rules"),
    path("library/<slug:name>/copy/", library_views.house_library_copy, name="library_copy"),
    path("<int:pk>/", views.house_game_page, name="game"),
    path("<int:pk>/edit/", views.house_game_edit, name="edit"),
    path("<int:pk>/export/", views.house_game_download, name="export"),
    path("<int:pk>/v<int:number>/rules/", views.house_version_rules, name="rules"),
    path("<int:pk>/try/", trial_views.house_try, name="try"),
    path("<int:pk>/play/", trial_views.house_hotseat, name="play"),
    path("<int:pk>/widen/", trial_views.house_widen, name="widen"),
    path("trials/<int:run_id>/", trial_views.house_trial, name="trial"),
    path("trials/<int:run_id>/progress/", trial_views.house_trial_progress, name="trial_progress"),
    path("trials/<int:run_id>/report/", trial_views.house_trial_report, name="trial_report"),
]
