"""The story's part of the season API, under ``/api/`` (namespace ``story_api``)."""

from django.urls import path

from story.web import api

app_name = "story_api"

urlpatterns = [path("seasons/<slug:slug>/timeline/", api.TimelineView.as_view(), name="timeline")]
