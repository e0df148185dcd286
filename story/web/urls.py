"""Story URLs: under the season's path, beside the season app's own pages."""

from django.urls import path

from story.web import views

urlpatterns = [
    path("seasons/<slug:slug>/timeline/", views.story_timeline, name="story_timeline"),
    path("seasons/<slug:slug>/confessionals/", views.confessionals, name="story_confessionals"),
    path("seasons/<slug:slug>/confessionals/<int:pk>/", views.confessional_detail, name="story_confessional"),
    path("seasons/<slug:slug>/archive.zip", views.story_bundle, name="story_bundle"),
    path("seasons/<slug:slug>/plots/", views.story_plots, name="story_plots"),
    path("seasons/<slug:slug>/confessionals/settings/", views.story_settings, name="story_settings"),
]
