"""The season API's routes, under ``/api/`` beside the match API (namespace ``seasons_api``)."""

from django.urls import path

from seasons.web.api import reads, writes

app_name = "seasons_api"

urlpatterns = [
    path("seasons/", reads.SeasonListView.as_view(), name="seasons"),
    path("seasons/<slug:slug>/", reads.SeasonDetailView.as_view(), name="season"),
    path("seasons/<slug:slug>/episodes/", reads.EpisodesView.as_view(), name="episodes"),
    path("seasons/<slug:slug>/episodes/start/", writes.EpisodeStartView.as_view(), name="episode_start"),
    path("seasons/<slug:slug>/episodes/<int:pk>/ec/", writes.EcSetView.as_view(), name="ec_set"),
    path("seasons/<slug:slug>/standings/", reads.StandingsView.as_view(), name="standings"),
    path("seasons/<slug:slug>/ledger/", reads.LedgerView.as_view(), name="ledger"),
    path("seasons/<slug:slug>/ledger/adjust/", writes.LedgerAdjustView.as_view(), name="ledger_adjust"),
    path("seasons/<slug:slug>/ledger/<int:pk>/undo/", writes.LedgerUndoView.as_view(), name="ledger_undo"),
    path("seasons/<slug:slug>/me/", reads.MeView.as_view(), name="me"),
    path("seasons/<slug:slug>/picks/", reads.PicksView.as_view(), name="picks"),
    path("seasons/<slug:slug>/picks/<int:pk>/", writes.PickMakeView.as_view(), name="pick"),
    path("seasons/<slug:slug>/picks/<int:pk>/dmo/", writes.DmoSetView.as_view(), name="dmo_set"),
    path("seasons/<slug:slug>/duels/<int:pk>/ready/", writes.DuelReadyView.as_view(), name="duel_ready"),
    path("seasons/<slug:slug>/transfers/", writes.TransferView.as_view(), name="transfer"),
    path("seasons/<slug:slug>/schedule/", reads.ScheduleView.as_view(), name="schedule"),
    path("seasons/<slug:slug>/matches/<int:pk>/controls/", writes.MatchControlView.as_view(), name="match_control"),
    path("seasons/<slug:slug>/final-legs/", writes.FinalLegView.as_view(), name="final_leg"),
]
