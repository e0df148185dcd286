"""Reach's part of the season API, under ``/api/`` (namespace ``reach_api``)."""

from django.urls import path

from reach.web import api

app_name = "reach_api"

urlpatterns = [
    path("seasons/<slug:slug>/threads/", api.ThreadsView.as_view(), name="threads"),
    path("seasons/<slug:slug>/questions/", api.QuestionView.as_view(), name="questions"),
]
