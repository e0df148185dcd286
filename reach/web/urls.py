"""Reach URLs (namespace ``reach``): threads, the host inbox, clarifications, Discord, e-mail."""

from django.urls import path

from reach.web import discord_login, discord_views, host_views, mail_views, views

app_name = "reach"

urlpatterns = [
    path("inbox/", views.inbox, name="inbox"),
    path("threads/<int:pk>/", views.host_thread, name="host_thread"),
    path("threads/<int:pk>/posts/", views.thread_posts, name="thread_posts"),
    path("matches/<int:pk>/dealer/", views.match_thread, name="match_thread"),
    path("seasons/<slug:slug>/dealer/", views.season_thread, name="season_thread"),
    path("matches/<int:pk>/clarify/", host_views.clarify_match, name="clarify_match"),
    path("seasons/<slug:slug>/clarify/", host_views.clarify_season, name="clarify_season"),
    path("seasons/<slug:slug>/discord/", host_views.season_channel, name="season_channel"),
    path("mail/", mail_views.mail_prefs, name="mail_prefs"),
    path("mail/unsubscribe/<str:token>/", mail_views.unsubscribe, name="unsubscribe"),
    path("discord/invite/<str:token>/", discord_login.discord_invite, name="discord_invite"),
    path("discord/interactions/", discord_views.interactions, name="discord_interactions"),
]
