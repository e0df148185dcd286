"""Season URLs (no namespace: ``home`` is the site's front page)."""

from django.urls import path
from django.views.generic import TemplateView

from seasons.web import duel_views, host_views, settings_views, setup_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("glossary/", TemplateView.as_view(template_name="glossary.html"), name="glossary"),
    path("seasons/", views.season_list, name="season_list"),
    path("seasons/new/", setup_views.season_new, name="season_new"),
    path("seasons/hosting/", setup_views.season_hosting, name="season_hosting"),
    path("invite/<str:token>/", views.season_invite, name="season_invite"),
    path("seasons/<slug:slug>/join/<str:code>/", views.season_join, name="season_join"),
    path("seasons/<slug:slug>/", views.season_home, name="season_home"),
    path("seasons/<slug:slug>/me/", views.season_me, name="season_me"),
    path("seasons/<slug:slug>/duels/<int:pk>/", views.season_duel, name="season_duel"),
    path("seasons/<slug:slug>/duels/<int:pk>/time/", duel_views.season_duel_time, name="season_duel_time"),
    path("seasons/<slug:slug>/duels/<int:pk>/settle/", duel_views.season_duel_settle, name="season_duel_settle"),
    path("seasons/<slug:slug>/picks/<int:pk>/", views.season_pick, name="season_pick"),
    path("seasons/<slug:slug>/archive.json", views.season_archive_json, name="season_archive_json"),
    path("seasons/<slug:slug>/archive.md", views.season_archive_md, name="season_archive_md"),
    path("seasons/<slug:slug>/host/", host_views.season_host, name="season_host"),
    path("seasons/<slug:slug>/host/settings/", settings_views.season_settings, name="season_settings"),
    path(
        "seasons/<slug:slug>/host/invites.<str:fmt>",
        settings_views.season_invites_download,
        name="season_invites_download",
    ),
    path("seasons/<slug:slug>/host/dm-game/", settings_views.season_dm_game_use, name="season_dm_game_use"),
    path("seasons/<slug:slug>/host/episode/", host_views.season_episode_start, name="season_episode_start"),
    path("seasons/<slug:slug>/host/replay/<int:match_id>/", host_views.season_replay, name="season_replay"),
    path("notices/seen/", views.notices_seen, name="notices_seen"),
]
